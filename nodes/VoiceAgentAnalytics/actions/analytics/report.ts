import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/http/transport';
import { readFilters } from './filters';

/**
 * One report: GET its path with the item's filters; the answer (an object, as the transport
 * checks) is output as served: its inner shapes are not published.
 */
export async function readReport(
	ctx: IExecuteFunctions,
	i: number,
	path: string,
	campaign: 'optional' | 'required',
): Promise<IDataObject> {
	const qs = readFilters(ctx, i, campaign);
	return await apiRequest.call(ctx, { method: 'GET', path, qs, itemIndex: i });
}

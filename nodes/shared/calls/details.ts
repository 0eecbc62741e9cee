/**
 * The one reader of GET /calling/call-details (Get, Download Recording, Start's watcher, the
 * triggers' details). The call goes in query parameter `id`; `send_analysis=true` adds
 * platform_analysis and client_analysis. The answer's `data` must be an object.
 */
import type { IDataObject } from 'n8n-workflow';

import { expectObject } from '../http/shape';
import { apiRequest, type ApiContext } from '../http/transport';
import type { RequestSettings } from './history';

export const DETAILS_PATH = '/calling/call-details';

export async function readCallDetails(
	ctx: ApiContext,
	callId: string,
	includeAnalysis: boolean,
	settings: RequestSettings = {},
): Promise<IDataObject> {
	const qs: IDataObject = { id: callId };
	if (includeAnalysis) qs.send_analysis = true;
	const body = await apiRequest.call(ctx, { ...settings, method: 'GET', path: DETAILS_PATH, qs });
	return expectObject(ctx.getNode(), body.data, 'data', settings.itemIndex);
}

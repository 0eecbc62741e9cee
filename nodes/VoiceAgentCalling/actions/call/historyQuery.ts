import type { IDataObject, INode } from 'n8n-workflow';

import { toIsoWithOffset } from '../../../shared/engine/dateTime';
import { fieldError } from '../../../shared/engine/validate';

/**
 * The created-at range of the history filters (Get Many and Export). n8n date fields arrive
 * without an offset in the workflow's zone; the API wants ISO 8601 with an offset.
 */
export function createdRangeQuery(
	node: INode,
	filters: IDataObject,
	zone: string,
	i: number,
): IDataObject {
	const qs: IDataObject = {};
	for (const [param, key, label] of [
		['startDate', 'start_date', 'Filters › Created After'],
		['endDate', 'end_date', 'Filters › Created Before'],
	] as const) {
		const value = filters[param];
		if (value === undefined || value === '' || value === null) continue;
		const iso = toIsoWithOffset(value, zone);
		if (!iso) throw fieldError(node, label, `${JSON.stringify(value)} is not a date-time`, i);
		qs[key] = iso;
	}
	return qs;
}

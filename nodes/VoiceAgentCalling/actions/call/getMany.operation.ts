import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { toIsoWithOffset } from '../../../shared/dateTime';
import { CALL_STATUS_OPTIONS, returnAllAndLimit } from '../../../shared/descriptions';
import { paginate } from '../../../shared/paginate';
import type { OperationOutput } from '../../../shared/router';
import { apiRequest } from '../../../shared/transport';
import { fieldError, requireInteger, requireUuid } from '../../../shared/validate';
import { withTranscript } from './transcriptFields';

/** History pages: public clients use 100, the largest size reported to work. */
export const HISTORY_PAGE_SIZE = 100;

const fields: INodeProperties[] = [
	...returnAllAndLimit(10000),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Assistant ID',
				name: 'agentId',
				type: 'string',
				default: '',
				description: 'Only calls handled by this assistant',
			},
			{
				displayName: 'Contact List ID',
				name: 'bulkListId',
				type: 'string',
				default: '',
				description: 'Only calls of this contact (bulk) list',
			},
			{
				displayName: 'Created After',
				name: 'startDate',
				type: 'dateTime',
				default: '',
				description: 'Only calls created from this moment on',
			},
			{
				displayName: 'Created Before',
				name: 'endDate',
				type: 'dateTime',
				default: '',
				description: 'Only calls created up to this moment',
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: CALL_STATUS_OPTIONS,
				default: 'completed',
			},
		],
	},
	{
		displayName: 'Decode Transcript',
		name: 'decodeTranscript',
		type: 'boolean',
		default: true,
		description:
			'Whether to add transcript_turns (speaker and text) and transcript_text beside the raw transcript',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['call'], operation: ['getMany'] } },
	fields,
);

/** History query filters from a Filters collection; shared by the trigger's needs too. */
export function historyFilters(
	ctx: IExecuteFunctions,
	i: number,
	filters: IDataObject,
): IDataObject {
	const node = ctx.getNode();
	const zone = ctx.getTimezone();
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
	if (filters.agentId)
		qs.agent_id = requireUuid(node, 'Filters › Assistant ID', filters.agentId, i);
	if (filters.bulkListId) qs.bulk_list_id = String(filters.bulkListId).trim();
	if (filters.status) qs.status = filters.status;
	return qs;
}

export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const returnAll = this.getNodeParameter('returnAll', i, false) as boolean;
	const max = returnAll
		? undefined
		: requireInteger(this.getNode(), 'Limit', this.getNodeParameter('limit', i, 50), i, 1, 10000);
	const qs = historyFilters(this, i, this.getNodeParameter('filters', i, {}) as IDataObject);
	const decode = this.getNodeParameter('decodeTranscript', i, true) as boolean;
	const calls = await paginate<IDataObject>(
		async (offset, limit) => {
			const body = await apiRequest.call(this, {
				method: 'GET',
				path: '/calling/history',
				qs: { ...qs, limit, offset },
				itemIndex: i,
			});
			return { rows: (body.calls as IDataObject[] | undefined) ?? [], total: body.total };
		},
		{ pageSize: HISTORY_PAGE_SIZE, max },
	);
	return decode ? calls.map((c) => withTranscript(c, 'transcript')) : calls;
}

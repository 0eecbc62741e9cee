import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	assistantLocator,
	CALL_STATUS_OPTIONS,
	returnAllAndLimit,
} from '../../../shared/descriptions';
import { paginate } from '../../../shared/paginate';
import type { OperationOutput } from '../../../shared/router';
import { apiRequest } from '../../../shared/transport';
import { requireInteger, requireUuid } from '../../../shared/validate';
import { createdRangeQuery, locatorValue } from './historyQuery';
import { decodeTranscriptField, withTranscript } from './transcriptFields';

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
			assistantLocator({
				name: 'agentId',
				required: false,
				description: 'Only calls handled by this assistant',
			}),
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
	decodeTranscriptField,
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
	const qs = createdRangeQuery(node, filters, ctx.getTimezone(), i);
	const agentId = locatorValue(filters.agentId);
	if (agentId) qs.agent_id = requireUuid(node, 'Filters › Assistant', agentId, i);
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

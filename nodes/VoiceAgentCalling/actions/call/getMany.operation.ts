import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { operationOption } from '../../../shared/engine/operation';
import { returnAllAndLimit } from '../../../shared/engine/descriptions';
import { assistantLocator } from '../../../shared/assistants/fields';
import { CALL_STATUS_OPTIONS } from '../../../shared/calls/fields';
import { historyFetcher, readHistory, type HistoryQuery } from '../../../shared/calls/history';
import { asJson, recordFromHistory } from '../../../shared/calls/record';
import { readLimit } from '../../../shared/http/getMany';
import { fields } from '../../../shared/engine/params';
import type { OperationOutput } from '../../../shared/engine/router';
import { createdRangeQuery } from './historyQuery';

export const option = operationOption({
	name: 'Get Many',
	value: 'getMany',
	description: 'List calls from the call history',
	action: 'Get many calls',
});

const CALL_STATUSES = ['', ...CALL_STATUS_OPTIONS.map((o) => o.value)] as const;

export const properties: INodeProperties[] = [
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
];

/** History query filters from the Filters collection, each read as its own type. */
export function historyFilters(ctx: IExecuteFunctions, i: number): IDataObject {
	const node = ctx.getNode();
	const f = fields(ctx, i);
	const filters = f.collection('filters', 'Filters');
	const qs = createdRangeQuery(node, f.object('filters', 'Filters'), ctx.getTimezone(), i);
	if (filters.locator('agentId', 'Assistant')) {
		qs.agent_id = filters.locatorUuid('agentId', 'Assistant');
	}
	const listId = filters.text('bulkListId', 'Contact List ID').trim();
	if (listId) qs.bulk_list_id = listId;
	const status = filters.option('status', 'Status', CALL_STATUSES, '');
	if (status) qs.status = status;
	return qs;
}

export const kind = 'item';

export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const max = readLimit(fields(this, i), 10000);
	const qs = historyFilters(this, i);
	const calls = await readHistory(historyFetcher(this, { itemIndex: i }), qs as HistoryQuery, {
		max,
	});
	return calls.map((row) => asJson(recordFromHistory(row as IDataObject)));
}

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { historyFetcher, readHistory, type HistoryQuery } from '../../../shared/calls/history';
import { asJson, recordFromHistory } from '../../../shared/calls/record';
import { returnAllAndLimit } from '../../../shared/engine/descriptions';
import { CALL_STATUS_OPTIONS } from '../../../shared/calls/fields';
import { campaignLocator } from '../../../shared/campaigns/fields';
import { readLimit } from '../../../shared/http/getMany';
import { operationOption } from '../../../shared/engine/operation';
import { fields } from '../../../shared/engine/params';
import type { OperationOutput } from '../../../shared/engine/router';

export const option = operationOption({
	name: 'Get Results',
	value: 'getResults',
	description: 'Get the calls of a campaign as call records',
	action: 'Get the results of a campaign',
});

const STATUSES = ['', ...CALL_STATUS_OPTIONS.map((o) => o.value)] as const;

export const properties: INodeProperties[] = [
	campaignLocator(),
	...returnAllAndLimit(10000),
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		options: [{ name: 'Any', value: '' }, ...CALL_STATUS_OPTIONS],
		default: '',
		description: 'Only the calls in this status',
	},
	{
		displayName:
			'To join the results to your sheet, match to_number: Create sends every number cleaned to international format (+919876543210). Where the service’s history carries a call’s variables, custom_variables holds them too (a row_key variable then joins exactly); the Webhook Trigger’s events always carry them.',
		name: 'joinNotice',
		type: 'notice',
		default: '',
	},
];

export const kind = 'item';

/** The campaign's calls: the history filtered by its list (`bulk_list_id`). */
export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const f = fields(this, i);
	const listId = f.locatorUuid('campaign', 'Campaign');
	const max = readLimit(f, 10000);
	const qs: HistoryQuery = { bulk_list_id: listId };
	const status = f.option('status', 'Status', STATUSES, '');
	if (status) qs.status = status;
	const calls = await readHistory(historyFetcher(this, { itemIndex: i }), qs, { max });
	return calls.map((row) => asJson(recordFromHistory(row as IDataObject)));
}

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { campaignLocator } from '../../../shared/campaigns/fields';
import { sendOnce } from '../../../shared/engine/once';
import { operationOption } from '../../../shared/engine/operation';
import { fields } from '../../../shared/engine/params';
import type { OperationOutput } from '../../../shared/engine/router';
import { terminateCalls } from '../../../shared/campaigns/terminate';
import { toE164 } from '../../../shared/engine/validate';

export const option = operationOption({
	name: 'Stop',
	value: 'stop',
	description: 'End the campaign’s calls that have not started (all, or only some numbers)',
	action: 'Stop a campaign',
});

export const agentNeedsConsent = 'cancels the waiting calls of a campaign';

/** FACTS: `mobile_numbers` holds at most 100 numbers. */
const MAX_NUMBERS = 100;

const SCOPES = ['numbers', 'all'] as const;

export const properties: INodeProperties[] = [
	campaignLocator({ description: 'The campaign whose waiting calls end' }),
	{
		displayName: 'Stop',
		name: 'stopScope',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'All Waiting Calls',
				value: 'all',
				description: 'Every call of the campaign that has not started',
			},
			{
				name: 'Only These Numbers',
				value: 'numbers',
				description: 'The waiting calls of the campaign to the numbers given',
			},
		],
		// Not "all": a saved Stop without this field (it held numbers) must never stop everything.
		default: 'numbers',
	},
	{
		displayName: 'Only These Numbers',
		name: 'mobileNumbers',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. +919876543210, +14155550100',
		description: `Numbers of the campaign not to call (at most ${MAX_NUMBERS}, comma- or line-separated, or a list from an expression)`,
		displayOptions: { show: { stopScope: ['numbers'] } },
	},
];

export const kind = 'item';

export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const f = fields(this, i);
	const campaignId = f.locatorUuid('campaign', 'Campaign');
	const body: IDataObject = { campaign_id: campaignId };
	if (f.option('stopScope', 'Stop', SCOPES, 'numbers') === 'numbers') {
		const numbers = f.list('mobileNumbers', 'Only These Numbers', {
			commas: true,
			blank: 'empty',
			fromSheet: true,
			max: MAX_NUMBERS,
		});
		// Without numbers the request would stop every waiting call: only "All Waiting Calls" may.
		if (!numbers.length) {
			throw f.error(
				'Only These Numbers',
				'holds no number; to stop every waiting call of the campaign, set Stop to All Waiting Calls',
			);
		}
		for (const n of numbers) toE164(this.getNode(), 'Only These Numbers', n, i);
		body.mobile_numbers = numbers;
	}
	// Retry On Fail re-runs the whole node: an item that was sent is not sent again.
	const done = await sendOnce(
		this,
		i,
		'campaign stop',
		async () => await terminateCalls(this, i, body),
	);
	if (done.terminated) return { campaign_id: campaignId, stopped: true, ...done.answer };
	// Nothing left to stop is an outcome, not a failure: the campaign is done or already stopped.
	return {
		campaign_id: campaignId,
		stopped: false,
		message: 'No terminable calls found: every call of the campaign has started or ended',
	};
}

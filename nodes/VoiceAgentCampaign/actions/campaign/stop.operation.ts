import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { campaignLocator } from '../../../shared/campaigns/fields';
import { sendOnce } from '../../../shared/engine/once';
import { operationOption } from '../../../shared/engine/operation';
import { fields } from '../../../shared/engine/params';
import type { OperationOutput } from '../../../shared/engine/router';
import { terminateCalls } from '../../../shared/campaigns/terminate';
import { requireE164 } from '../../../shared/engine/validate';

export const option = operationOption({
	name: 'Stop',
	value: 'stop',
	description: 'End the campaign’s calls that have not started (all, or only some numbers)',
	action: 'Stop a campaign',
});

export const agentNeedsConsent = 'cancels the waiting calls of a campaign';

/** FACTS: `mobile_numbers` holds at most 100 numbers. */
const MAX_NUMBERS = 100;

export const properties: INodeProperties[] = [
	campaignLocator({ description: 'The campaign whose waiting calls end' }),
	{
		displayName: 'Only These Numbers',
		name: 'mobileNumbers',
		type: 'string',
		default: '',
		placeholder: 'e.g. +919876543210, +14155550100',
		description: `Numbers of the campaign not to call (at most ${MAX_NUMBERS}, comma- or line-separated). Empty: every waiting call of the campaign.`,
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const f = fields(this, i);
	const campaignId = f.locatorUuid('campaign', 'Campaign');
	const numbers = f.list('mobileNumbers', 'Only These Numbers', {
		commas: true,
		blank: 'empty',
		fromSheet: true,
		max: MAX_NUMBERS,
	});
	for (const n of numbers) requireE164(this.getNode(), 'Only These Numbers', n, i);
	const body: IDataObject = { campaign_id: campaignId };
	if (numbers.length) body.mobile_numbers = numbers;
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

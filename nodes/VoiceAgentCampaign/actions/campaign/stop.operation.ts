import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { campaignLocator } from '../../../shared/descriptions';
import { sendOnce } from '../../../shared/once';
import { operationOption } from '../../../shared/operation';
import { fields } from '../../../shared/params';
import { asItemError, type OperationOutput } from '../../../shared/router';
import { apiRequest } from '../../../shared/transport';
import { E164_RE } from '../../../shared/validate';

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
	for (const n of numbers) {
		if (!E164_RE.test(n)) {
			throw f.error(
				'Only These Numbers',
				`"${n}" is not a phone number in international format, e.g. +14155550100`,
			);
		}
	}
	const body: IDataObject = { campaign_id: campaignId };
	if (numbers.length) body.mobile_numbers = numbers;
	try {
		// Retry On Fail re-runs the whole node: an item that was sent is not sent again.
		const answer = await sendOnce(
			this,
			i,
			'campaign stop',
			async () =>
				await apiRequest.call(this, {
					method: 'PATCH',
					path: '/campaign/terminate',
					body,
					itemIndex: i,
				}),
		);
		return { campaign_id: campaignId, stopped: true, ...answer };
	} catch (error) {
		// Nothing left to stop is an outcome, not a failure: the campaign is done or already stopped.
		const text = `${(error as Error).message} ${(error as NodeApiError).description ?? ''}`;
		if (
			error instanceof NodeApiError &&
			error.httpCode === '400' &&
			/no terminable calls/i.test(text)
		) {
			return {
				campaign_id: campaignId,
				stopped: false,
				message: 'No terminable calls found: every call of the campaign has started or ended',
			};
		}
		throw asItemError(this, error, i);
	}
}

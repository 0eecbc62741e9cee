import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { operationOption } from '../../../shared/engine/operation';
import { assistantLocator } from '../../../shared/assistants/fields';
import { campaignLocator } from '../../../shared/campaigns/fields';
import { sendOnce } from '../../../shared/engine/once';
import { fields } from '../../../shared/engine/params';
import { readPhone } from '../../../shared/dialling/callee/phone';
import { ambiguous } from '../../../shared/dialling/callee/values';
import type { OperationOutput } from '../../../shared/engine/router';
import { terminateCalls } from '../../../shared/campaigns/terminate';
import { fieldError, toE164, toUuid } from '../../../shared/engine/validate';

export const option = operationOption({
	name: 'Cancel Queued Calls',
	value: 'cancelQueued',
	description: 'Cancel calls that have not started yet, by call ID, assistant, campaign or number',
	action: 'Cancel queued calls',
});

/**
 * Call › Cancel Queued Calls: PATCH /campaign/terminate. It cancels calls that have not
 * started yet (registered, or waiting for a retry); calls already ringing or talking, and
 * finished calls, are not touched. "No terminable calls found" is a normal answer
 * (nothing was left to cancel), not an error.
 *
 * One request set per input item, so each item's output says what happened to ITS calls
 * (after a bulk Start, map Call IDs to {{ $json.call_id }}); a list longer than the API's 100
 * is sent in chunks of 100.
 */

/** The API takes at most this many call IDs or numbers per request. */
export const CANCEL_CHUNK = 100;

/** As an AI agent's tool it needs the user's consent (see nodes/shared/engine/tool.ts). */
export const agentNeedsConsent = 'cancels calls that are waiting to be placed';

const MODES = ['callIds', 'assistant', 'campaign', 'phoneNumbers', 'campaignNumbers'] as const;
type Mode = (typeof MODES)[number];

const show = (mode: Mode[]) => ({ show: { cancelBy: mode } });

export const properties: INodeProperties[] = [
	{
		displayName: 'Cancel By',
		name: 'cancelBy',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Assistant',
				value: 'assistant',
				description: 'Every queued call of an assistant',
			},
			{
				name: 'Call IDs',
				value: 'callIds',
				description: 'The queued calls among these IDs (e.g. the call_id of each Start output)',
			},
			{ name: 'Campaign', value: 'campaign', description: 'Every queued call of a campaign' },
			{
				name: 'Campaign and Phone Numbers',
				value: 'campaignNumbers',
				description: 'The queued calls of a campaign to these numbers',
			},
			{
				name: 'Phone Numbers',
				value: 'phoneNumbers',
				description: 'The queued calls to these numbers',
			},
		],
		default: 'callIds',
	},
	{
		displayName: 'Call IDs',
		name: 'callIds',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. {{ $json.call_id }}',
		description:
			'One or more call IDs: a list from an expression, or text separated by commas or new lines. More than 100 are sent in several requests.',
		displayOptions: show(['callIds']),
	},
	assistantLocator({
		name: 'cancelAssistant',
		description: 'The assistant whose queued calls are cancelled',
		displayOptions: show(['assistant']),
	}),
	campaignLocator({
		name: 'cancelCampaign',
		description: 'The campaign whose queued calls are cancelled',
		displayOptions: show(['campaign', 'campaignNumbers']),
	}),
	{
		displayName: 'Phone Numbers',
		name: 'phoneNumbers',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. +14155550100, +14155550101',
		description:
			'The numbers called, in international format: a list from an expression, or text separated by commas or new lines. More than 100 are sent in several requests.',
		displayOptions: show(['phoneNumbers', 'campaignNumbers']),
	},
	{
		displayName: 'Default Country Code',
		name: 'defaultCountryCode',
		type: 'string',
		default: '',
		placeholder: 'e.g. +91',
		description:
			'Added to numbers written without a country code (as Start does), e.g. 98765 43210 becomes +919876543210',
		displayOptions: show(['phoneNumbers', 'campaignNumbers']),
	},
	{
		displayName:
			'Only calls that have not started yet are cancelled (queued, or waiting for a retry). Calls already ringing or in progress are not stopped.',
		name: 'cancelNotice',
		type: 'notice',
		default: '',
	},
];

/** IDs or numbers, required, often from a sheet's column. */
const LIST = { commas: true, blank: 'required', fromSheet: true } as const;

const chunks = <T>(list: T[]): T[][] => {
	const out: T[][] = [];
	for (let k = 0; k < list.length; k += CANCEL_CHUNK) out.push(list.slice(k, k + CANCEL_CHUNK));
	return out;
};

/** The request bodies of item i, each checked before anything is sent. */
function requestBodies(ctx: IExecuteFunctions, i: number): { mode: Mode; bodies: IDataObject[] } {
	const node = ctx.getNode();
	const f = fields(ctx, i);
	const mode = f.option('cancelBy', 'Cancel By', MODES, 'callIds');
	if (mode === 'callIds') {
		const ids = f.list('callIds', 'Call IDs', LIST).map((id) => toUuid(node, 'Call IDs', id, i));
		return { mode, bodies: chunks(ids).map((call_ids) => ({ call_ids })) };
	}
	if (mode === 'assistant') {
		return { mode, bodies: [{ agent_id: f.locatorUuid('cancelAssistant', 'Assistant') }] };
	}
	const campaignId =
		mode === 'phoneNumbers' ? undefined : f.locatorUuid('cancelCampaign', 'Campaign');
	if (mode === 'campaign') return { mode, bodies: [{ campaign_id: campaignId }] };
	const countryCode = f.text('defaultCountryCode', 'Default Country Code').trim();
	const numbers = f.list('phoneNumbers', 'Phone Numbers', LIST).map((n) => {
		const read = readPhone(n, countryCode);
		// A number that reads as two (with +39, "39 0612345"): say so, and name both.
		if (read.readings) {
			throw fieldError(node, 'Phone Numbers', `"${n}" ${ambiguous(read.readings, countryCode)}`, i);
		}
		return toE164(node, 'Phone Numbers', read.text, i);
	});
	const unique = [...new Set(numbers)];
	return {
		mode,
		bodies: chunks(unique).map((mobile_numbers) =>
			campaignId ? { campaign_id: campaignId, mobile_numbers } : { mobile_numbers },
		),
	};
}

interface Outcome {
	cancelled: boolean;
	message: string;
}

async function cancel(ctx: IExecuteFunctions, i: number, body: IDataObject): Promise<Outcome> {
	const done = await terminateCalls(ctx, i, body);
	if (!done.terminated) return { cancelled: false, message: done.message };
	const message = typeof done.answer.message === 'string' ? done.answer.message : 'Calls cancelled';
	return { cancelled: true, message };
}

export const kind = 'item';

export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const { bodies } = requestBodies(this, i);
	const outcomes: Outcome[] = [];
	for (const [k, body] of bodies.entries()) {
		// Never sent twice for this item, also when n8n's Retry On Fail re-runs the node.
		outcomes.push(
			await sendOnce(this, i, `cancelQueued:${k}`, async () => await cancel(this, i, body)),
		);
	}
	const done = outcomes.find((o) => o.cancelled) ?? outcomes[0];
	const result: IDataObject = { cancelled: done.cancelled, message: done.message };
	const first = bodies[0];
	if (first.agent_id) result.agent_id = first.agent_id;
	if (first.campaign_id) result.campaign_id = first.campaign_id;
	if (first.call_ids) result.call_ids = bodies.flatMap((b) => b.call_ids as string[]);
	if (first.mobile_numbers)
		result.mobile_numbers = bodies.flatMap((b) => b.mobile_numbers as string[]);
	if (bodies.length > 1) {
		result.requests = bodies.map((b, k) => ({
			count: ((b.call_ids ?? b.mobile_numbers) as string[]).length,
			...outcomes[k],
		}));
	}
	return result;
}

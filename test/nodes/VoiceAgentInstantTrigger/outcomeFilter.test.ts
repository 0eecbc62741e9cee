/**
 * The Outcomes and Classification filters of the Webhook Trigger: each judges only the
 * deliveries that carry what it reads; a delivery filtered out is answered 200 with the
 * reason, and remembered, so its retry is a duplicate.
 */
import nock from 'nock';

import { expectAllMocksUsed, mockApi } from '../../helpers/harness';
import { mockNow } from '../../helpers/mockNow';
import { MAYA } from '../../helpers/events';
import { emitted, SAFETY_NET, sweptRow, WebhookNode } from '../../helpers/webhook';
import { AGENT } from '../../helpers/fixtures';

const SECRET = 'a-long-shared-secret-0123456789';
const auth = { 'x-voice-agent-secret': SECRET };
const callId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const T0 = Date.parse('2026-11-25T12:00:00Z');
const MIN = 60_000;
let now = T0;
beforeAll(() => nock.disableNetConnect());
beforeEach(() => (now = T0));
mockNow(() => now);
expectAllMocksUsed();

const trigger = (events: string[], filters: Record<string, unknown>, extra = {}) =>
	new WebhookNode('voiceAgentInstantTrigger', { secret: SECRET, events, filters, ...extra });

/** The shared fields of an event payload (FACTS: flat, no wrapper). */
const common = (eventType: string, n: number) => ({
	event_type: eventType,
	call_id: callId(n),
	call_sid: null,
	...MAYA,
	call_cost: null,
	to_number: '+14155550100',
	from_number: '+14155550199',
});

/** call_completed of a final attempt; failed calls carry the carrier's cause as sub_status. */
const ended = (n: number, status: string, subStatus: string, seconds: number) => ({
	...common('call_completed', n),
	status,
	sub_status: subStatus,
	call_duration: seconds,
	transcript: [],
	retry_count: 0,
	attempts: [{ status: subStatus, called_on_time: '2026-11-25T12:00:00Z' }],
	recording_url: null,
});

const started = (n: number) => ({
	...common('call_started', n),
	event_id: `e-${n}`,
	version: '1.0',
	timestamp: '2026-11-25T12:00:00Z',
	status: 'registered',
	sub_status: 'QUEUED',
});

const processed = (n: number, classification: string) => ({
	...common('all_processing_completed', n),
	status: 'completed',
	sub_status: 'ACCEPTED',
	call_duration: 42,
	transcript: [{ bot: 'Hello' }, { user: 'Hi' }],
	recording_url: null,
	platform_analysis: { summary: 'Spoke', classification, key_points: ['k'], action_items: [] },
	platform_analysis_status: 'success',
	client_analysis: null,
	client_analysis_status: 'not_enabled',
});

async function send(node: WebhookNode, body: object) {
	const { result, res } = await node.request({ body, headers: auth });
	return { result, status: res.statusCode };
}

describe('Webhook Trigger › Outcomes and Classification filters', () => {
	test('Outcomes: final deliveries with another outcome are ignored (200, the reason) and remembered; others pass', async () => {
		const node = trigger(['call_started', 'call_completed'], { outcomes: ['busy', 'no_answer'] });
		const busy = await send(node, ended(1, 'failed', 'busy line', 0));
		expect(emitted(busy.result).map((i) => [i.call_id, i.outcome])).toEqual([[callId(1), 'busy']]);

		const answered = ended(2, 'completed', 'ACCEPTED', 42);
		expect(await send(node, answered)).toEqual({
			result: { webhookResponse: { received: true, ignored: 'outcome answered is not selected' } },
			status: 200,
		});
		// Its retry is known: not judged again, not emitted.
		expect((await send(node, answered)).result).toEqual({
			webhookResponse: { received: true, duplicate: true },
		});
		expect((await send(node, ended(3, 'cancelled', 'USER_TERMINATED', 0))).result).toEqual({
			webhookResponse: { received: true, ignored: 'outcome cancelled is not selected' },
		});
		// call_started has no outcome yet: the filter does not judge it.
		expect(emitted((await send(node, started(4))).result).map((i) => i.outcome)).toEqual([
			'pending',
		]);
	});

	/** call_completed of an attempt the service retries (FACTS: attempts oldest first, original case). */
	const retried = (n: number, subStatus: string, attempts: string[]) => ({
		...common('call_completed', n),
		status: 'retry',
		sub_status: subStatus,
		call_duration: 0,
		transcript: [],
		retry_count: attempts.length - 1,
		attempts: attempts.map((status) => ({ status, called_on_time: '2026-11-25T12:00:00Z' })),
		recording_url: null,
	});

	test('Outcomes judge a retried attempt by how that attempt ended, never as pending; an attempt whose outcome is not told does not pass', async () => {
		const node = trigger(['call_completed'], { outcomes: ['busy', 'no_answer'] });
		// The carrier's words in sub_status, as on a final attempt.
		const busy = await send(node, retried(1, 'busy line', ['Busy Line']));
		expect(
			emitted(busy.result).map((i) => [i.status, i.outcome, i.attempt_outcome, i.call_id]),
		).toEqual([['retry', 'pending', 'busy', callId(1)]]);
		// RETRY_SCHEDULED says nothing of the attempt: its entry in attempts does.
		const noAnswer = await send(node, retried(2, 'RETRY_SCHEDULED', ['No Answer']));
		expect(emitted(noAnswer.result).map((i) => i.attempt_outcome)).toEqual(['no_answer']);
		// An attempt that ended otherwise: left out, with the reason, and remembered.
		const voicemail = retried(3, 'VOICEMAIL_DETECTED', ['ACCEPTED']);
		expect(await send(node, voicemail)).toEqual({
			result: {
				webhookResponse: {
					received: true,
					ignored: 'outcome voicemail of this retried attempt is not selected',
				},
			},
			status: 200,
		});
		expect((await send(node, voicemail)).result).toEqual({
			webhookResponse: { received: true, duplicate: true },
		});
		// QUEUED is the next attempt's state, ACCEPTED decides nothing: the outcome is not known.
		expect((await send(node, retried(4, 'QUEUED', ['ACCEPTED']))).result).toEqual({
			webhookResponse: {
				received: true,
				ignored: 'the outcome of this retried attempt is not known (sub_status "QUEUED")',
			},
		});
		// The final attempt after it is judged as before: by the call's outcome.
		const final = await send(node, { ...ended(1, 'failed', 'busy line', 0), retry_count: 1 });
		expect(emitted(final.result).map((i) => [i.status, i.outcome, i.attempt_outcome])).toEqual([
			['failed', 'busy', 'busy'],
		]);
	});

	test('Not Reached: a call, or a retried attempt, the service refused for a passing reason passes; one it could not call does not', async () => {
		const node = trigger(['call_completed'], { outcomes: ['not_reached'] });
		const limited = await send(node, ended(1, 'cancelled', 'RATE_LIMITED', 0));
		expect(emitted(limited.result).map((i) => [i.call_id, i.outcome])).toEqual([
			[callId(1), 'not_placed'],
		]);
		const attempt = await send(node, retried(2, 'RETRY_SCHEDULED', ['pre_call_api_failed']));
		expect(emitted(attempt.result).map((i) => [i.call_id, i.attempt_outcome])).toEqual([
			[callId(2), 'not_placed'],
		]);
		expect((await send(node, ended(3, 'error', 'not_able_to_call', 0))).result).toEqual({
			webhookResponse: { received: true, ignored: 'outcome not_placed is not selected' },
		});
	});

	test('without Outcomes every attempt passes, each saying how it ended (null when not told)', async () => {
		const node = trigger(['call_completed'], {});
		const items = [];
		for (const body of [
			retried(1, 'QUEUED', []),
			retried(2, 'no answer', ['No Answer']),
			ended(3, 'completed', 'ACCEPTED', 42),
		])
			items.push(...emitted((await send(node, body)).result));
		expect(items.map((i) => [i.call_id, i.status, i.outcome, i.attempt_outcome])).toEqual([
			[callId(1), 'retry', 'pending', null],
			[callId(2), 'retry', 'pending', 'no_answer'],
			[callId(3), 'completed', 'answered', 'answered'],
		]);
		// Only Call Attempt Ended items carry it.
		const other = trigger(['call_started'], {});
		expect(Object.keys(emitted((await send(other, started(4))).result)[0])).not.toContain(
			'attempt_outcome',
		);
	});

	test('Classification: analysed deliveries match it in any case; deliveries without an analysis pass', async () => {
		const node = trigger(['call_completed', 'all_processing_completed'], {
			classification: ' Interested ',
		});
		const match = await send(node, processed(1, 'interested'));
		expect(emitted(match.result).map((i) => [i.call_id, i.classification])).toEqual([
			[callId(1), 'interested'],
		]);
		expect(await send(node, processed(2, 'not_interested'))).toEqual({
			result: {
				webhookResponse: {
					received: true,
					ignored: 'classification "not_interested" is not selected',
				},
			},
			status: 200,
		});
		expect((await send(node, processed(2, 'not_interested'))).result).toEqual({
			webhookResponse: { received: true, duplicate: true },
		});
		// call_completed carries no analysis: the Classification filter does not judge it.
		const plain = await send(node, ended(3, 'completed', 'ACCEPTED', 42));
		expect(emitted(plain.result).map((i) => [i.call_id, i.classification])).toEqual([
			[callId(3), null],
		]);
	});

	test('both filters at once: a delivery must pass each that judges it', async () => {
		const node = trigger(['all_processing_completed'], {
			outcomes: ['answered'],
			classification: 'interested',
		});
		expect(emitted((await send(node, processed(1, 'interested'))).result)).toHaveLength(1);
		expect((await send(node, processed(2, 'callback'))).result).toEqual({
			webhookResponse: { received: true, ignored: 'classification "callback" is not selected' },
		});
		const voicemail = { ...processed(3, 'interested'), sub_status: 'VOICEMAIL_DETECTED' };
		expect((await send(node, voicemail)).result).toEqual({
			webhookResponse: { received: true, ignored: 'outcome voicemail is not selected' },
		});
	});

	test('the safety net filters the calls it finds alike, and does not emit a filtered call later', async () => {
		const node = trigger(
			['all_processing_completed'],
			{ classification: 'interested' },
			SAFETY_NET,
		);
		const row = (n: number) => sweptRow(callId(n), T0 + MIN);
		const history = (rows: object[]) =>
			mockApi()
				.get('/calling/history')
				.query((q) => q.status === 'completed' && q.agent_id === AGENT && q.offset === '0')
				.reply(200, { calls: rows, total: rows.length });
		history([]);
		expect(await node.hook('create')).toBe(true);

		// Two calls end; neither event arrives. The first sweep sees them...
		now = T0 + 3 * MIN;
		history([row(1), row(2)]);
		expect((await node.request({ headers: auth, query: { sweep: '1' } })).result).toEqual({
			webhookResponse: { received: true, swept: 0 },
		});
		// ...the next, after the grace period, reads their details: one is classified otherwise.
		now = T0 + 10 * MIN;
		history([row(1), row(2)]);
		const details = (n: number, classification: string) => ({
			id: callId(n),
			call_status: 'completed',
			platform_analysis: { classification },
		});
		mockApi()
			.get('/calling/call-details')
			.query({ id: callId(1), send_analysis: 'true' })
			.reply(200, { status: 'success', data: details(1, 'interested') })
			.get('/calling/call-details')
			.query({ id: callId(2), send_analysis: 'true' })
			.reply(200, { status: 'success', data: details(2, 'callback') });
		const swept = await node.request({ headers: auth, query: { sweep: '1' } });
		expect(swept.res.body).toEqual({ received: true, swept: 2 });
		expect(emitted(swept.result).map((i) => [i.call_id, i.source, i.classification])).toEqual([
			[callId(1), 'safety_net', 'interested'],
		]);
		// A later sweep does not bring the filtered call back.
		now = T0 + 21 * MIN;
		history([row(1), row(2)]);
		expect((await node.request({ headers: auth, query: { sweep: '1' } })).result).toEqual({
			webhookResponse: { received: true, swept: 0 },
		});
	});
});

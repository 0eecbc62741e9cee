import { rememberedCount, type CursorState } from '../../../nodes/shared/calls/cursor';
import { getClassificationLabels } from '../../../nodes/shared/assistants/lists';
import { expectAllMocksUsed, loadOptionsContext, mockApi } from '../../helpers/harness';
import { mockNow } from '../../helpers/mockNow';
import { record } from '../../helpers/record';
import { PollHarness } from '../../helpers/poll';
import { AGENT } from '../../helpers/fixtures';
import { dayAfter } from '../../helpers/historyDates';

const T0 = Date.parse('2026-11-25T12:00:00Z');
const MIN = 60_000;
const since = (at: number) => new Date(at - 24 * 3600_000).toISOString().replace('.000Z', '+00:00');

let now = T0;
beforeEach(() => (now = T0));
mockNow(() => now);
expectAllMocksUsed();

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const iso = (ms: number) => new Date(ms).toISOString();

/** A history row in any status (FACTS: status and sub_status as the history serves them). */
function row(
	n: number,
	status: string,
	subStatus: string | null,
	createdMinAgo: number,
	seconds = 0,
) {
	return {
		id: id(n),
		to_number: '+14155550100',
		name: `Callee ${n}`,
		status,
		sub_status: subStatus,
		transcript: '[]',
		audio_recording: null,
		created_at: iso(T0 - createdMinAgo * MIN),
		agent: { id: AGENT, agent_name: 'Sales' },
		call_duration: seconds,
		call_attempt_time: iso(T0 - createdMinAgo * MIN),
		call_cost: null,
		call_type: 'outbound',
		inbound_from: null,
		voicemail_detected: false,
	};
}
type Row = ReturnType<typeof row>;

/** The record emitted for a row, its outcome written out by the test. */
const asRecord = (r: Row, outcome: string, extra: Record<string, unknown> = {}) =>
	record({
		call_id: r.id,
		status: r.status,
		sub_status: r.sub_status,
		outcome,
		direction: 'outbound',
		assistant: { id: AGENT, name: 'Sales' },
		from_number: null,
		to_number: r.to_number,
		callee_name: r.name,
		created_at: r.created_at,
		started_at: r.call_attempt_time,
		ended_at: iso(Date.parse(r.call_attempt_time) + r.call_duration * 1000),
		duration_seconds: r.call_duration,
		voicemail_detected: false,
		raw: r,
		...extra,
	});

/** Call Ended reads the window without a status filter: one read for every status. */
function history(at: number, calls: Row[], extra = {}) {
	return mockApi()
		.get('/calling/history')
		.query({ start_date: since(at), end_date: dayAfter(at), ...extra, limit: '100', offset: '0' })
		.reply(200, { calls, limit: 100, offset: 0, count: calls.length, total: calls.length });
}

const jsonOf = (out: Awaited<ReturnType<PollHarness['poll']>>) => out?.[0].map((i) => i.json);
const trigger = (parameters = {}) =>
	new PollHarness({ type: 'voiceAgentTrigger', parameters: { event: 'callEnded', ...parameters } });

describe('Voice Agent Polling Trigger › Call Ended', () => {
	test('emits every final call once, failed and cancelled included, also when it ends long after creation', async () => {
		const h = trigger();
		let scope = history(T0, [row(1, 'failed', 'NOT_ABLE_TO_CALL', 30)]);
		expect(await h.poll()).toBeNull();
		scope.done();

		now = T0 + MIN;
		const late = row(5, 'ongoing', 'ACCEPTED', 600);
		const rows = [
			row(1, 'failed', 'NOT_ABLE_TO_CALL', 30),
			row(2, 'completed', 'ACCEPTED', 20, 45),
			row(3, 'cancelled', 'USER_TERMINATED', 15),
			row(4, 'registered', 'QUEUED', 10),
			late,
			row(6, 'error', 'RECONCILED_TO_ERROR_FROM_REGISTERED', 5),
		];
		scope = history(now, rows);
		expect(jsonOf(await h.poll())).toEqual([
			// In the order they ended.
			asRecord(rows[1], 'answered'),
			asRecord(rows[2], 'cancelled'),
			asRecord(rows[5], 'not_placed'),
		]);
		scope.done();
		// The two calls in progress are not remembered: they are events once they end.
		expect(rememberedCount(h.staticData().cursor as CursorState)).toBe(4);

		// Ten hours after creation the ongoing call fails; the queued one is still queued.
		now = T0 + 2 * MIN;
		const failed = { ...late, status: 'failed', sub_status: 'RETRY_LIMIT_REACHED' };
		scope = history(now, [...rows.slice(0, 4), failed, rows[5]]);
		expect(jsonOf(await h.poll())).toEqual([asRecord(failed, 'failed')]);
		scope.done();

		// The same rows again: nothing twice.
		now = T0 + 3 * MIN;
		scope = history(now, [...rows.slice(0, 4), failed, rows[5]]);
		expect(await h.poll()).toBeNull();
		scope.done();
	});

	test('Outcomes filter: only the chosen outcomes are emitted; the others are remembered, never emitted later', async () => {
		const h = trigger({ filters: { outcomes: ['busy', 'no_answer'] } });
		let scope = history(T0, []);
		await h.poll();
		scope.done();

		now = T0 + MIN;
		const rows = [
			row(1, 'failed', 'busy line', 9),
			row(2, 'completed', 'ACCEPTED', 8, 30),
			row(3, 'failed', 'no answer', 7),
			row(4, 'completed', null, 6, 0),
		];
		scope = history(now, rows);
		expect(jsonOf(await h.poll())).toEqual([
			asRecord(rows[0], 'busy'),
			asRecord(rows[2], 'no_answer'),
			asRecord(rows[3], 'no_answer'),
		]);
		scope.done();
		expect(rememberedCount(h.staticData().cursor as CursorState)).toBe(4);

		now = T0 + 2 * MIN;
		scope = history(now, rows);
		expect(await h.poll()).toBeNull();
		scope.done();
	});

	test("Classification filter reads each ended call's details and keeps the matching label (any case)", async () => {
		const h = trigger({
			assistant: { __rl: true, mode: 'id', value: AGENT },
			filters: { classification: 'Interested' },
		});
		let scope = history(T0, [], { agent_id: AGENT });
		await h.poll();
		scope.done();

		now = T0 + MIN;
		const rows = [row(1, 'completed', 'ACCEPTED', 9, 30), row(2, 'completed', 'ACCEPTED', 8, 40)];
		const details = (n: number, classification: string) => ({
			id: id(n),
			call_status: 'completed',
			platform_analysis: { classification },
		});
		scope = history(now, rows, { agent_id: AGENT })
			.get('/calling/call-details')
			.query({ id: id(1), send_analysis: 'true' })
			.reply(200, { status: 'success', data: details(1, 'interested') })
			.get('/calling/call-details')
			.query({ id: id(2), send_analysis: 'true' })
			.reply(200, { status: 'success', data: details(2, 'not_interested') });
		expect(jsonOf(await h.poll())).toEqual([
			asRecord(rows[0], 'answered', {
				classification: 'interested',
				platform_analysis: { classification: 'interested' },
				raw_details: details(1, 'interested'),
			}),
		]);
		scope.done();
	});

	test('Read Details For › Completed Calls Only: details of the completed calls alone; a call that never connected is emitted as the history shows it', async () => {
		const h = trigger({ options: { includeDetails: true, detailsFor: 'completed' } });
		let scope = history(T0, []);
		await h.poll();
		scope.done();

		now = T0 + MIN;
		const rows = [
			row(1, 'failed', 'no answer', 9),
			row(2, 'completed', 'ACCEPTED', 8, 30),
			row(3, 'cancelled', 'USER_TERMINATED', 7),
			row(4, 'error', 'NOT_ABLE_TO_CALL', 6),
			// Completed without a word (no answer, by its duration): completed, so read.
			row(5, 'completed', null, 5, 0),
			row(6, 'Forwarded', null, 4),
		];
		const details = (n: number) => ({
			id: id(n),
			call_status: 'completed',
			platform_analysis: { summary: `call ${n}`, callback_requested: n === 2 },
		});
		// Exactly two details requests (nock fails the test on any other).
		scope = history(now, rows)
			.get('/calling/call-details')
			.query({ id: id(2), send_analysis: 'true' })
			.reply(200, { status: 'success', data: details(2) })
			.get('/calling/call-details')
			.query({ id: id(5), send_analysis: 'true' })
			.reply(200, { status: 'success', data: details(5) });
		const withDetails = (n: number) => ({
			summary: `call ${n}`,
			callback_requested: n === 2,
			platform_analysis: details(n).platform_analysis,
			raw_details: details(n),
		});
		expect(jsonOf(await h.poll())).toEqual([
			asRecord(rows[0], 'no_answer'),
			asRecord(rows[1], 'answered', withDetails(2)),
			asRecord(rows[2], 'cancelled'),
			asRecord(rows[3], 'not_placed'),
			asRecord(rows[4], 'no_answer', withDetails(5)),
			asRecord(rows[5], 'transferred'),
		]);
		scope.done();
	});

	test('Read Details For › Every Call (the default): one details request per ended call, whatever its status', async () => {
		const h = trigger({ options: { includeDetails: true } });
		let scope = history(T0, []);
		await h.poll();
		scope.done();

		now = T0 + MIN;
		const rows = [row(1, 'failed', 'no answer', 9), row(2, 'completed', 'ACCEPTED', 8, 30)];
		const details = (n: number) => ({ id: id(n), call_status: rows[n - 1].status });
		scope = history(now, rows)
			.get('/calling/call-details')
			.query({ id: id(1), send_analysis: 'true' })
			.reply(200, { status: 'success', data: details(1) })
			.get('/calling/call-details')
			.query({ id: id(2), send_analysis: 'true' })
			.reply(200, { status: 'success', data: details(2) });
		expect(jsonOf(await h.poll())).toEqual([
			asRecord(rows[0], 'no_answer', { raw_details: details(1) }),
			asRecord(rows[1], 'answered', { raw_details: details(2) }),
		]);
		scope.done();
	});

	test('manual mode returns the most recently ended call, whatever its status', async () => {
		const h = trigger();
		const rows = [
			row(1, 'completed', 'ACCEPTED', 30, 60),
			row(2, 'cancelled', 'RATE_LIMITED', 3),
			row(3, 'ongoing', 'ACCEPTED', 1),
		];
		const scope = history(T0, rows);
		expect(jsonOf(await h.poll('manual'))).toEqual([asRecord(rows[1], 'not_placed')]);
		scope.done();
		expect(h.staticData()).toEqual({});
	});

	test('manual mode with Outcomes: the newest call of a chosen outcome', async () => {
		const h = trigger({ filters: { outcomes: ['busy'] } });
		const rows = [row(1, 'failed', 'busy line', 30), row(2, 'completed', 'ACCEPTED', 3, 60)];
		const scope = history(T0, rows);
		expect(jsonOf(await h.poll('manual'))).toEqual([asRecord(rows[0], 'busy')]);
		scope.done();
	});

	test('manual mode with Not Reached: the newest call the service refused for a passing reason counts', async () => {
		const h = trigger({ filters: { outcomes: ['not_reached'] } });
		const rows = [
			row(1, 'error', 'NOT_ABLE_TO_CALL', 30),
			row(2, 'cancelled', 'RATE_LIMITED', 40),
			row(3, 'completed', 'ACCEPTED', 3, 60),
		];
		const scope = history(T0, rows);
		expect(jsonOf(await h.poll('manual'))).toEqual([asRecord(rows[1], 'not_placed')]);
		scope.done();
	});

	test('Not Reached: every call that did not reach its callee, as the history reports it (a no-answer is failed there), and a call the service refused for a passing reason', async () => {
		const h = trigger({ filters: { outcomes: ['not_reached'] } });
		let scope = history(T0, []);
		await h.poll();
		scope.done();
		now = T0 + MIN;
		const rows = [
			row(1, 'failed', 'NETWORK_ERROR', 9, 0),
			row(2, 'completed', 'ACCEPTED', 8, 40),
			row(3, 'failed', 'busy line', 7),
			row(4, 'completed', 'VOICEMAIL_DETECTED', 6, 20),
			row(5, 'cancelled', 'RATE_LIMITED', 5),
			row(6, 'error', 'NOT_ABLE_TO_CALL', 4),
			row(7, 'error', 'PRE_CALL_API_FAILED', 3),
		];
		scope = history(now, rows);
		// Rate limited and the pre-call API failing pass: a call-back may get through; "not able
		// to call" would likely be refused again.
		expect(jsonOf(await h.poll())?.map((r) => [r.call_id, r.outcome])).toEqual([
			[id(1), 'failed'],
			[id(3), 'busy'],
			[id(4), 'voicemail'],
			[id(5), 'not_placed'],
			[id(7), 'not_placed'],
		]);
		scope.done();
	});

	test('Fetch Test Event with nothing matching says why (no empty panel), and what the history can tell', async () => {
		const h = trigger({ filters: { outcomes: ['no_answer', 'busy'] } });
		const scope = mockApi()
			.get('/calling/history')
			.query(true)
			.times(2)
			.reply(200, {
				calls: [row(1, 'failed', 'NETWORK_ERROR', 9)],
				limit: 100,
				offset: 0,
				count: 1,
				total: 1,
			});
		const error = await h.poll('manual').then(
			() => undefined,
			(e: Error & { description?: string }) => e,
		);
		scope.done();
		expect(error?.message).toBe(
			'No ended call with the Outcomes chosen (no_answer, busy) in the call history',
		);
		expect(error?.description).toBe(
			"Fetch Test Event shows the newest ended call the filters let through; make a call, or widen the filters. The call history reports a call nobody answered, or a busy line, as Failed (it has no busy): choose Not Reached (no_answer, busy, voicemail, rejected, failed) to catch them, or use the Webhook Trigger, whose events carry the carrier's cause.",
		);
		expect(h.staticData()).toEqual({});
	});

	test('switching Call Completed to Call Ended starts over with a baseline (its own memory)', async () => {
		const h = new PollHarness({ type: 'voiceAgentTrigger', parameters: {} });
		let scope = mockApi()
			.get('/calling/history')
			.query({
				status: 'completed',
				start_date: since(T0),
				end_date: dayAfter(T0),
				limit: '100',
				offset: '0',
			})
			.reply(200, { calls: [], limit: 100, offset: 0, count: 0, total: 0 });
		await h.poll();
		scope.done();
		const completedKey = (h.staticData().cursor as CursorState).key;

		h.node.parameters.event = 'callEnded';
		now = T0 + MIN;
		scope = history(now, [row(1, 'failed', 'busy', 1)]);
		expect(await h.poll()).toBeNull();
		scope.done();
		expect((h.staticData().cursor as CursorState).key).not.toBe(completedKey);
	});

	test("the Classification dropdown lists the chosen assistant's classification_labels; none without an assistant", async () => {
		const ctx = (value: string) =>
			loadOptionsContext('voiceAgentTrigger', 'filters.classification', {
				event: 'callEnded',
				assistant: { __rl: true, mode: 'list', value },
			});
		const scope = mockApi()
			.get(`/agent/${AGENT}`)
			.reply(200, {
				agents: { id: AGENT, classification_labels: ['interested', 'callback', 'interested', ''] },
			});
		await expect(getClassificationLabels.call(ctx(AGENT))).resolves.toEqual([
			{ name: 'interested', value: 'interested' },
			{ name: 'callback', value: 'callback' },
		]);
		scope.done();
		await expect(getClassificationLabels.call(ctx(''))).resolves.toEqual([]);
	});
});

import nock from 'nock';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { rememberedCount, type CursorState } from '../../../nodes/shared/calls/cursor';
import { expectAllMocksUsed, mockApi } from '../../helpers/harness';
import { mockNow } from '../../helpers/mockNow';
import { record } from '../../helpers/record';
import { PollHarness } from '../../helpers/poll';
import { AGENT } from '../../helpers/fixtures';
import { dayAfter, withDates } from '../../helpers/historyDates';
import { OUTBOUND_ROW } from '../../helpers/history';

const T0 = Date.parse('2026-11-25T12:00:00Z');
const MIN = 60_000;
/** start_date of a poll at `now` with the default 24 h lookback. */
const since = (now: number) =>
	new Date(now - 24 * 3600_000).toISOString().replace('.000Z', '+00:00');

let now = T0;
beforeEach(() => (now = T0));
mockNow(() => now);
expectAllMocksUsed();

/** The API as a poll uses it: reads only, so no request carries a body. */
const reads = () =>
	mockApi().matchHeader('content-type', (value: string | undefined) => value === undefined);

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const iso = (ms: number) => new Date(ms).toISOString();

/** A history row as the service sends it. */
function row(
	n: number,
	createdMinAgo: number,
	attemptMinAgo = createdMinAgo,
	seconds = 60,
	extra: Record<string, unknown> = {},
) {
	return {
		id: id(n),
		to_number: '+14155550100',
		name: `Callee ${n}`,
		status: 'completed',
		transcript: JSON.stringify([{ bot: `Hello ${n}` }, { user: 'Hi' }]),
		audio_recording: `https://rec.example/${n}.mp3`,
		created_at: iso(T0 - createdMinAgo * MIN),
		agent: { id: AGENT, agent_name: 'Sales' },
		call_duration: seconds,
		call_attempt_time: iso(T0 - attemptMinAgo * MIN),
		...OUTBOUND_ROW,
		...extra,
	};
}

/** The call record the trigger emits for a row made by row(): every field written out. */
const asRecord = (r: ReturnType<typeof row>) => {
	const turns = (JSON.parse(r.transcript) as Array<Record<string, string>>).map((t) =>
		t.bot !== undefined ? { speaker: 'bot', text: t.bot } : { speaker: 'user', text: t.user },
	);
	// Completed rows without a sub-status: the voicemail flag, then the duration tell.
	const outcome = r.voicemail_detected
		? 'voicemail'
		: r.call_duration > 0
			? 'answered'
			: 'no_answer';
	return record({
		call_id: r.id,
		status: r.status,
		outcome,
		direction: r.call_type,
		assistant: { id: AGENT, name: 'Sales' },
		// An inbound call's caller is inbound_from (null in these rows).
		from_number: r.call_type === 'inbound' ? r.inbound_from : '+14155550000',
		to_number: r.to_number,
		callee_name: r.name,
		created_at: r.created_at ?? null,
		started_at: r.call_attempt_time ?? null,
		ended_at:
			r.call_attempt_time === undefined
				? null
				: iso(Date.parse(r.call_attempt_time) + r.call_duration * 1000),
		duration_seconds: r.call_duration,
		cost: 1.5,
		voicemail_detected: r.voicemail_detected,
		recording_url: r.audio_recording,
		transcript_turns: turns,
		transcript_text: turns
			.map((t) => `${t.speaker === 'bot' ? 'Assistant' : 'Caller'}: ${t.text}`)
			.join('\n'),
		raw: r,
	});
};

/** The history query of a poll at `at`: the completed calls of its look back, from `offset`. */
const historyQuery = (at: number, offset: number, extra = {}) => ({
	status: 'completed',
	start_date: since(at),
	end_date: dayAfter(at),
	...extra,
	limit: '100',
	offset: String(offset),
});

function history(at: number, pages: Array<Array<ReturnType<typeof row>>>, extra = {}) {
	let scope = reads();
	pages.forEach((calls, page) => {
		scope = scope
			.get('/calling/history')
			.query(historyQuery(at, page * 100, extra))
			.reply(200, { calls, limit: 100, offset: page * 100, count: calls.length, total: 'many' });
	});
	return scope;
}

const cursorOf = (h: PollHarness) => h.staticData().cursor as CursorState;
const jsonOf = (out: Awaited<ReturnType<PollHarness['poll']>>) => out?.[0].map((i) => i.json);

/** A trigger that has made its first poll (the baseline) at T0, these calls in the history. */
async function afterBaseline(parameters = {}, calls: Array<ReturnType<typeof row>> = []) {
	const h = new PollHarness({ type: 'voiceAgentTrigger', parameters: { ...parameters } });
	const scope = history(T0, [calls]);
	await h.poll();
	scope.done();
	return h;
}

/**
 * After a baseline with Include Details, a poll a minute later finds call 1 and reads its
 * details, which the test answers; the static data before it.
 */
async function readingDetails() {
	const h = await afterBaseline({ options: { includeDetails: true } });
	const stored = h.staticData();
	now = T0 + MIN;
	const details = history(now, [[row(1, 5)]])
		.get('/calling/call-details')
		.query({ id: id(1), send_analysis: 'true' });
	return { h, stored, details };
}

describe('Voice Agent Trigger › poll', () => {
	test('first poll records a baseline, emits nothing; the next emits new completions in completion order', async () => {
		const h = new PollHarness({ type: 'voiceAgentTrigger', parameters: {} });
		const old = [row(1, 30), row(2, 90)];
		const first = history(T0, [old]);
		expect(await h.poll()).toBeNull();
		first.done();
		const state = cursorOf(h);
		expect(state).toMatchObject({ v: 1 });
		expect(rememberedCount(state)).toBe(2);

		// A minute later: 101 completed calls in the window (two pages), 99 of them new.
		now = T0 + MIN;
		const fresh = Array.from({ length: 99 }, (_, k) => row(100 + k, 60 - k * 0.5, 10, k));
		// Created long ago but just finished: a retry that completed last of all.
		const retried = row(300, 600, 2, 115);
		const listed = [...fresh.slice(0, 98), old[0], retried, old[1], fresh[98]];
		const second = history(now, [listed.slice(0, 100), listed.slice(100)]);
		const out = await h.poll();
		second.done();
		const expected = [...fresh, retried].sort(
			(a, b) =>
				Date.parse(a.call_attempt_time) +
				a.call_duration * 1000 -
				(Date.parse(b.call_attempt_time) + b.call_duration * 1000),
		);
		expect(jsonOf(out)).toEqual(expected.map(asRecord));
		expect(jsonOf(out)?.at(-1)?.call_id).toBe(id(300));
		expect(rememberedCount(cursorOf(h))).toBe(102);

		// The same data again: nothing twice.
		now = T0 + 2 * MIN;
		const third = history(now, [listed.slice(0, 100), listed.slice(100)]);
		expect(await h.poll()).toBeNull();
		third.done();
	});

	test('"emit recent" emits, on the first poll, calls completed in the last N minutes', async () => {
		const h = new PollHarness({
			type: 'voiceAgentTrigger',
			parameters: { options: { emitRecentMinutes: 15 } },
		});
		const rows = [row(1, 30, 30, 60), row(2, 20, 12, 60), row(3, 200, 5, 30)];
		const scope = history(T0, [rows]);
		const out = await h.poll();
		scope.done();
		expect(jsonOf(out)).toEqual([rows[1], rows[2]].map(asRecord));
	});

	test('manual mode returns the most recently completed call and leaves the state alone', async () => {
		const h = new PollHarness({ type: 'voiceAgentTrigger', parameters: {} });
		const rows = [row(1, 5, 5, 30), row(2, 300, 3, 60), row(3, 100, 100, 3000)];
		let scope = history(T0, [rows]);
		expect(jsonOf(await h.poll('manual'))).toEqual([asRecord(rows[1])]);
		scope.done();
		expect(h.staticData()).toEqual({});

		// With a stored state, manual mode neither reads nor writes it.
		scope = history(T0, [rows]);
		await h.poll();
		scope.done();
		const stored = h.staticData();
		now = T0 + MIN;
		scope = history(now, [[row(9, 1, 1, 10), ...rows]]);
		expect(jsonOf(await h.poll('manual'))).toEqual([asRecord(row(9, 1, 1, 10))]);
		scope.done();
		expect(h.staticData()).toEqual(stored);
	});

	test('manual mode with an empty window falls back to the newest history', async () => {
		const h = new PollHarness({ type: 'voiceAgentTrigger', parameters: {} });
		const older = row(7, 3 * 24 * 60);
		const scope = history(T0, [[]])
			.get('/calling/history')
			.query(withDates({ status: 'completed', limit: '100', offset: '0' }, now))
			.reply(200, { calls: [older], limit: 100, offset: 0, count: 1, total: 1 });
		expect(jsonOf(await h.poll('manual'))).toEqual([asRecord(older)]);
		scope.done();
	});

	test('assistant and contact list go to the query; call type and voicemail filter the rows', async () => {
		const h = new PollHarness({
			type: 'voiceAgentTrigger',
			parameters: {
				assistant: { __rl: true, mode: 'id', value: AGENT },
				filters: {
					bulkListId: ' list-42 ',
					callTypes: ['inbound', 'webcall'],
					voicemail: 'exclude',
				},
			},
		});
		const query = { agent_id: AGENT, bulk_list_id: 'list-42' };
		let scope = history(T0, [[]], query);
		expect(await h.poll()).toBeNull();
		scope.done();

		now = T0 + MIN;
		const rows = [
			row(1, 5, 5, 10, { call_type: 'inbound' }),
			row(2, 5, 5, 20, { call_type: 'outbound' }),
			row(3, 5, 5, 30, { call_type: 'webcall', voicemail_detected: true }),
			row(4, 5, 5, 40, { call_type: 'webcall' }),
		];
		scope = history(now, [rows], query);
		expect(jsonOf(await h.poll())).toEqual([rows[0], rows[3]].map(asRecord));
		scope.done();
	});

	test('an assistant ID that is not a UUID is refused before any request', async () => {
		const h = new PollHarness({
			type: 'voiceAgentTrigger',
			parameters: { assistant: { __rl: true, mode: 'id', value: 'sales-bot' } },
		});
		await expect(h.poll()).rejects.toThrow(NodeOperationError);
		await expect(h.poll()).rejects.toThrow('Assistant: "sales-bot" is not a valid ID');
	});

	test('call details with analysis: one request per emitted call, merged under details', async () => {
		const h = await afterBaseline({ options: { includeDetails: true } });

		now = T0 + MIN;
		const rows = [row(1, 5, 5, 100), row(2, 5, 5, 10)];
		const details = (n: number) => ({
			id: id(n),
			call_status: 'completed',
			platform_analysis: { summary: `call ${n}` },
			client_analysis: { interested: n === 1 },
		});
		const scope = history(now, [rows])
			.get('/calling/call-details')
			.query({ id: id(2), send_analysis: 'true' })
			.reply(200, { status: 'success', data: details(2) })
			.get('/calling/call-details')
			.query({ id: id(1), send_analysis: 'true' })
			.reply(200, { status: 'success', data: details(1) });
		expect(jsonOf(await h.poll())).toEqual([
			// The row's record, completed by its details (the analyses), both answers kept.
			{
				...asRecord(rows[1]),
				summary: 'call 2',
				platform_analysis: { summary: 'call 2' },
				client_analysis: { interested: false },
				raw_details: details(2),
			},
			{
				...asRecord(rows[0]),
				summary: 'call 1',
				platform_analysis: { summary: 'call 1' },
				client_analysis: { interested: true },
				raw_details: details(1),
			},
		]);
		scope.done();
	});

	test('a 500 on page 2 throws NodeApiError, keeps the state, and the next poll catches up', async () => {
		const h = await afterBaseline({}, [row(1, 30)]);
		let scope: nock.Scope;
		const stored = h.staticData();

		now = T0 + MIN;
		const page1 = Array.from({ length: 100 }, (_, k) => row(10 + k, 20, 20, k));
		scope = history(now, [page1])
			.get('/calling/history')
			.times(4) // the transport retries a read on 5xx; all attempts fail
			.query({
				status: 'completed',
				start_date: since(now),
				end_date: dayAfter(now),
				limit: '100',
				offset: '100',
			})
			.reply(500, { error: { code: '500 Internal Server Error', message: 'Something broke' } });
		const failure = await h.poll().then(
			() => undefined,
			(error: unknown) => error,
		);
		scope.done();
		expect(failure).toBeInstanceOf(NodeApiError);
		expect((failure as NodeApiError).httpCode).toBe('500');
		expect(h.staticData()).toEqual(stored);

		now = T0 + 2 * MIN;
		scope = history(now, [page1, [row(1, 30)]]);
		const out = await h.poll();
		scope.done();
		expect(jsonOf(out)).toEqual(page1.map(asRecord));
	});

	test('a failed details request emits nothing and stores nothing', async () => {
		const { h, stored, details } = await readingDetails();
		const scope = details.reply(401, {
			error: { code: '401 Unauthorized', message: 'Invalid credentials' },
		});
		await expect(h.poll()).rejects.toThrow(NodeApiError);
		scope.done();
		expect(h.staticData()).toEqual(stored);
	});
});

/** The window's rows as a service with a page cap lists them: `cap` rows per request. */
function cappedHistory(
	at: number,
	rows: Array<ReturnType<typeof row>>,
	cap: number,
	{ echoLimit = true, total = 'many' as unknown } = {},
) {
	let scope = reads();
	for (let offset = 0; ; offset += cap) {
		const calls = rows.slice(offset, offset + cap);
		scope = scope
			.get('/calling/history')
			.query(historyQuery(at, offset))
			.reply(200, {
				calls,
				...(echoLimit ? { limit: cap } : {}),
				offset,
				count: calls.length,
				total,
			});
		// The last page the trigger asks for: a short one, or the one reaching a numeric total.
		if (calls.length < cap || (typeof total === 'number' && offset + cap >= total)) break;
	}
	return scope;
}

describe('Voice Agent Trigger › overlapping polls', () => {
	test('two polls of one workflow at once: the second is skipped, every call is emitted once', async () => {
		const h = await afterBaseline({}, [row(1, 30)]);
		let scope: nock.Scope;

		now = T0 + MIN;
		const fresh = [row(1, 30), row(2, 5, 5, 10), row(3, 4, 4, 20)];
		// One history request only: a second one would find no mock and fail the test.
		scope = history(now, [fresh]);
		const [a, b] = await Promise.all([h.poll(), h.poll()]);
		scope.done();
		const emitted = [...(jsonOf(a) ?? []), ...(jsonOf(b) ?? [])];
		expect(emitted).toEqual([fresh[1], fresh[2]].map(asRecord));
		expect([a, b].filter((out) => out === null)).toHaveLength(1);

		// The guard is released: the next poll runs, and has nothing new.
		now = T0 + 2 * MIN;
		scope = history(now, [fresh]);
		expect(await h.poll()).toBeNull();
		scope.done();
	});

	test('a poll slower than its interval (details still loading) makes the next one skip', async () => {
		const h = await afterBaseline({ options: { includeDetails: true } });

		now = T0 + MIN;
		const call = row(1, 5, 5, 10);
		const scope = history(now, [[call]])
			.get('/calling/call-details')
			.query({ id: id(1), send_analysis: 'true' })
			.delay(200)
			.reply(200, { status: 'success', data: { id: id(1) } });
		const slow = h.poll();
		// Starts while the first waits for the details; asks nothing, emits nothing.
		await new Promise((resolve) => setImmediate(resolve));
		expect(await h.poll()).toBeNull();
		expect(jsonOf(await slow)).toEqual([{ ...asRecord(call), raw_details: { id: id(1) } }]);
		scope.done();
	});
});

describe('Voice Agent Trigger › details that do not exist', () => {
	test('a 404 on one call emits it with details_error; the others keep their details; never asked again', async () => {
		const h = await afterBaseline({ options: { includeDetails: true } });
		let scope: nock.Scope;

		now = T0 + MIN;
		const rows = [row(1, 5, 5, 100), row(2, 5, 5, 10)];
		scope = history(now, [rows])
			.get('/calling/call-details')
			.query({ id: id(2), send_analysis: 'true' })
			.reply(404, { detail: 'Call not found' })
			.get('/calling/call-details')
			.query({ id: id(1), send_analysis: 'true' })
			.reply(200, { status: 'success', data: { id: id(1), call_status: 'completed' } });
		const out = jsonOf(await h.poll());
		scope.done();
		expect(out).toEqual([
			{ ...asRecord(rows[1]), details_error: { code: 404, message: expect.any(String) } },
			{ ...asRecord(rows[0]), raw_details: { id: id(1), call_status: 'completed' } },
		]);
		expect((out?.[0].details_error as { message: string }).message).toMatch(/not found/i);

		// The next poll neither emits nor asks for details again.
		now = T0 + 2 * MIN;
		scope = history(now, [rows]);
		expect(await h.poll()).toBeNull();
		scope.done();
	});

	test('details answered without a data object fail the poll with a clear error and store nothing', async () => {
		const { h, stored, details } = await readingDetails();
		const scope = details.reply(200, { status: 'success', data: 'gone' });
		await expect(h.poll()).rejects.toThrow(
			'Unexpected answer from the service: data should be an object but is text',
		);
		scope.done();
		expect(h.staticData()).toEqual(stored);
	});
});

describe('Voice Agent Trigger › paging', () => {
	const fresh = (count: number) =>
		Array.from({ length: count }, (_, k) => row(1000 + k, 50 - k * 0.1, 10, k));

	async function primed(parameters = {}) {
		const h = await afterBaseline(parameters);
		now = T0 + MIN;
		return h;
	}

	test('a service capping pages at 50 (echoed limit) is read to the end: 120 calls in 3 requests', async () => {
		const h = await primed();
		const rows = fresh(120);
		const scope = cappedHistory(now, rows, 50);
		const out = jsonOf(await h.poll());
		scope.done();
		expect(out).toHaveLength(120);
		expect(new Set(out?.map((c) => c.call_id))).toEqual(new Set(rows.map((r) => r.id)));
	});

	test('a capped page without an echoed limit costs one more request, which proves the end', async () => {
		const h = await primed();
		const rows = fresh(120);
		// 50, 50, 20 and then an empty page: a short page alone proves nothing here.
		const scope = cappedHistory(now, rows, 50, { echoLimit: false })
			.get('/calling/history')
			.query(historyQuery(now, 120))
			.reply(200, { calls: [], offset: 120, count: 0, total: 'many' });
		expect(jsonOf(await h.poll())).toHaveLength(120);
		scope.done();
	});

	test('a numeric total ends paging once reached', async () => {
		const h = await primed();
		const rows = fresh(100);
		// 50 + 50 = total: no third request.
		const scope = cappedHistory(now, rows, 50, { echoLimit: false, total: 100 });
		expect(jsonOf(await h.poll())).toHaveLength(100);
		scope.done();
	});
});

describe('Voice Agent Trigger › rows without created_at', () => {
	test('a completed row without created_at is emitted once, not on every poll', async () => {
		const h = await afterBaseline();

		const { created_at: _dropped, ...timed } = row(1, 5, 5, 10);
		const { created_at: _gone, call_attempt_time: _a, ...bare } = row(2, 5, 5, 10);
		for (let k = 1; k <= 3; k++) {
			now = T0 + k * MIN;
			// Rows the service sent without their times.
			const scope = history(now, [[timed, bare] as unknown as Array<ReturnType<typeof row>>]);
			const out = jsonOf(await h.poll());
			scope.done();
			if (k === 1) expect(out?.map((c) => c.raw)).toEqual([timed, bare]);
			else expect(out).toBeUndefined();
		}
		expect(rememberedCount(cursorOf(h))).toBe(2);
	});
});

describe('Voice Agent Trigger › answers and parameters', () => {
	const cases: Array<[string, unknown, string]> = [
		['calls as an object', { calls: {} }, 'calls should be a list but is an object'],
		['a null row', { calls: [null], total: 1 }, 'calls[0] should be an object but is null'],
		['no calls at all', { total: 0 }, 'calls is missing'],
	];
	test.each(cases)('%s is a clear error and the poll stores nothing', async (_, body, message) => {
		const h = await afterBaseline({}, [row(1, 30)]);
		const stored = h.staticData();
		now = T0 + MIN;
		const scope = reads()
			.get('/calling/history')
			.query(historyQuery(now, 0))
			.reply(200, body as Record<string, unknown>);
		const failure = await h.poll().then(
			() => undefined,
			(error: unknown) => error,
		);
		scope.done();
		expect(failure).toBeInstanceOf(NodeApiError);
		expect((failure as Error).message).toBe(`Unexpected answer from the service: ${message}`);
		expect(h.staticData()).toEqual(stored);
	});

	test.each([
		[
			{ options: { lookbackMinutes: 'a day' } },
			'Options › Lookback Window (Minutes): "a day" is not a number from 1 to 10080',
		],
		[
			{ options: { emitRecentMinutes: -5 } },
			'Options › Emit Recent Calls on First Poll (Minutes): -5 is not a number from 0 to 10080',
		],
		[
			{ filters: { callTypes: ['sms'] } },
			'Filters › Call Types: "sms" is not one of "inbound", "outbound", "webcall"',
		],
		[
			{ filters: { voicemail: 'maybe' } },
			'Filters › Voicemail: "maybe" is not one of "any", "exclude", "only"',
		],
		[
			{ options: { includeDetails: 'yes' } },
			'Options › Include Call Details and Analysis: "yes" is not true or false',
		],
		[{ filters: { bulkListId: { id: 1 } } }, 'Filters › Contact List ID: an object is not text'],
	])('%j is refused before any request', async (parameters, message) => {
		const h = new PollHarness({ type: 'voiceAgentTrigger', parameters });
		const failure = await h.poll().then(
			() => undefined,
			(error: unknown) => error,
		);
		expect(failure).toBeInstanceOf(NodeOperationError);
		expect((failure as Error).message).toBe(message);
	});

	test('"false" as text switches details off; numbers as text are read', async () => {
		const h = new PollHarness({
			type: 'voiceAgentTrigger',
			parameters: {
				options: { includeDetails: 'false', lookbackMinutes: '1440' },
			},
		});
		let scope = history(T0, [[]]);
		await h.poll();
		scope.done();
		now = T0 + MIN;
		const call = row(1, 5, 5, 10);
		scope = history(now, [[call]]);
		expect(jsonOf(await h.poll())).toEqual([asRecord(call)]);
		scope.done();
	});
});

describe('Voice Agent Trigger › Fetch Test Event in any list order', () => {
	test('the window listed oldest first over two pages: the newest completion is returned', async () => {
		const h = new PollHarness({
			type: 'voiceAgentTrigger',
			parameters: {},
		});
		// Oldest first: the newest call is on the last page.
		const rows = Array.from({ length: 150 }, (_, k) => row(k + 1, 600 - k * 2, 600 - k * 2, 30));
		const scope = history(now, [rows.slice(0, 100), rows.slice(100)]);
		expect(jsonOf(await h.poll('manual'))).toEqual([asRecord(rows[149])]);
		scope.done();
	});

	test('the fallback compares every page it reads, not only the first with a match', async () => {
		const h = new PollHarness({
			type: 'voiceAgentTrigger',
			parameters: {},
		});
		const days = 24 * 60;
		const page1 = Array.from({ length: 100 }, (_, k) => row(k + 1, 10 * days + k, 10 * days + k));
		const newest = row(500, 3 * days, 3 * days);
		const scope = history(now, [[]])
			.get('/calling/history')
			.query(withDates({ status: 'completed', limit: '100', offset: '0' }, now))
			.reply(200, { calls: page1, limit: 100, offset: 0, count: 100, total: 'many' })
			.get('/calling/history')
			.query(withDates({ status: 'completed', limit: '100', offset: '100' }, now))
			.reply(200, { calls: [newest], limit: 100, offset: 100, count: 1, total: 'many' });
		expect(jsonOf(await h.poll('manual'))).toEqual([asRecord(newest)]);
		scope.done();
	});
});

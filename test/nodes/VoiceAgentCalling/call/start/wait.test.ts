/**
 * Start and Wait for a whole batch: dialling never waits, one watcher checks every pending
 * call together from history pages and reads details only where the history cannot tell.
 * Exact requests (nock). Waiting is virtual: n8n's sleep advances a clock that Date.now
 * reads (as in the fuzz suite), so the watcher's 2 s rounds and Max Wait cost no real time.
 */
import nock from 'nock';

import { BASE_URL, expectAllMocksUsed, mockApi, runNode } from '../../../../helpers/harness';
import { record } from '../../../../helpers/record';
import { AGENT } from '../../../../helpers/fixtures';
import { sheetStart } from '../../../../helpers/startParams';
import { cappedHistory, OUTBOUND_ROW } from '../../../../helpers/history';
import { virtualClock } from '../../../../helpers/virtualClock';

/** `real`: the page-capping case counts rounds against dialling, on the real clock. */
jest.mock('n8n-workflow', () =>
	require('../../../../helpers/virtualClock').n8nWorkflowWithVirtualSleep(),
);

const AT = '2026-11-25T12:00:00.000+00:00';
const WINDOW = { start_date: '2026-11-25T11:59:59.000Z', end_date: '2026-11-25T12:00:01.000Z' };

beforeAll(() => nock.disableNetConnect());
expectAllMocksUsed();

const callId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const rows = (count: number) =>
	Array.from({ length: count }, (_, n) => ({
		json: { name: `Row ${n}`, phone: `+1415555${String(1000 + n)}` },
	}));

const params = (settings: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
	sheetStart(
		{ pollIntervalSeconds: 2, maxWaitSeconds: 5, ...settings },
		{ waitForCompletion: true, ...extra },
	);

/** Every start answers with the row's call id, created at AT. */
function starts(count: number) {
	return mockApi()
		.post('/calling/outbound/individual')
		.times(count)
		.reply((_uri, body) => {
			const n = Number(String((body as { mobile_number: string }).mobile_number).slice(-4)) - 1000;
			return [
				200,
				{
					status: 'success',
					message: 'Call initiated successfully',
					data: { call_id: callId(n), call_status: 'ongoing', initiated_at: AT, agent_id: AGENT },
				},
			];
		});
}

const historyRow = (n: number, status: string, extra: Record<string, unknown> = {}) => ({
	id: callId(n),
	to_number: `+1415555${1000 + n}`,
	name: `Row ${n}`,
	status,
	transcript: status === 'completed' ? '[{"bot":"Hello"},{"user":"Hi"}]' : '[]',
	audio_recording: status === 'completed' ? `https://rec.example/${n}.wav` : null,
	created_at: AT,
	agent: { id: AGENT, agent_name: 'Reminder' },
	call_duration: 12.5,
	call_attempt_time: AT,
	...OUTBOUND_ROW,
	...extra,
});

/** The output of a row whose call ended as the history row says: its call record. */
const fromHistory = (
	n: number,
	status: string,
	timedOut = false,
	extra: Record<string, unknown> = {},
) => {
	const completed = status === 'completed';
	// These rows carry no sub-status: the outcome is read from the status, the voicemail flag
	// and the duration (12.5 s).
	const outcome =
		completed && extra.voicemail_detected === true
			? 'voicemail'
			: (({ completed: 'answered', failed: 'failed' } as Record<string, string>)[status] ??
				'pending');
	return {
		...record({
			call_id: callId(n),
			status,
			outcome,
			direction: 'outbound',
			assistant: { id: AGENT, name: 'Reminder' },
			from_number: '+14155550000',
			to_number: `+1415555${1000 + n}`,
			callee_name: `Row ${n}`,
			created_at: AT,
			started_at: AT,
			ended_at: '2026-11-25T12:00:12.500Z',
			duration_seconds: 12.5,
			cost: 1.5,
			voicemail_detected: false,
			recording_url: completed ? `https://rec.example/${n}.wav` : null,
			transcript_turns: completed
				? [
						{ speaker: 'bot', text: 'Hello' },
						{ speaker: 'user', text: 'Hi' },
					]
				: [],
			transcript_text: completed ? 'Assistant: Hello\nCaller: Hi' : '',
			raw: historyRow(n, status, extra),
		}),
		timed_out: timedOut,
		waited_seconds: expect.any(Number),
	};
};

const history = (offset = 0) => ({
	agent_id: AGENT,
	...WINDOW,
	limit: '100',
	offset: String(offset),
});

/** A first round: call 0 ended, call 1 open; call 0's details read with analysis (answered next). */
const firstRoundReadsCall0 = () =>
	mockApi()
		.get('/calling/history')
		.query(history())
		.reply(200, { calls: [historyRow(0, 'completed'), historyRow(1, 'ongoing')] })
		.get('/calling/call-details')
		.query({ id: callId(0), send_analysis: 'true' });

test('mixed outcomes in one batch: one history page per round, details only for the unlisted call', async () => {
	starts(6);
	mockApi()
		.get('/calling/history')
		.query(history())
		.reply(200, {
			calls: [
				historyRow(0, 'completed'),
				historyRow(1, 'retry'),
				historyRow(2, 'completed', { voicemail_detected: true }),
				historyRow(3, 'registered'),
				historyRow(4, 'ongoing'),
			],
			total: 5,
		})
		.get('/calling/call-details')
		.query({ id: callId(5) })
		.reply(200, { status: 'success', data: { id: callId(5), call_status: 'ongoing' } })
		.get('/calling/history')
		.query(history())
		.reply(200, {
			calls: [historyRow(1, 'failed'), historyRow(3, 'failed'), historyRow(4, 'ongoing')],
			total: 3,
		})
		.get('/calling/call-details')
		.query({ id: callId(5) })
		.reply(200, {
			status: 'success',
			data: {
				id: callId(5),
				call_status: 'completed',
				call_sub_status: 'USER_TERMINATED',
				transcription_url: '[{"bot":"Bye"}]',
			},
		});
	const { output, error } = await runNode({
		type: 'voiceAgentCalling',
		items: rows(6),
		parameters: params(),
	});
	expect(error).toBeUndefined();
	expect(output.map((o) => o.pairedItem)).toEqual([0, 1, 2, 3, 4, 5].map((item) => ({ item })));
	expect(output.map((o) => o.json)).toEqual([
		fromHistory(0, 'completed'),
		fromHistory(1, 'failed'),
		{
			...fromHistory(2, 'completed', false, { voicemail_detected: true }),
			voicemail_detected: true,
		},
		fromHistory(3, 'failed'),
		// Still open after the check at 4 s; the next (6 s) would pass Max Wait (5 s).
		{ ...fromHistory(4, 'ongoing', true) },
		{
			...record({
				call_id: callId(5),
				status: 'completed',
				sub_status: 'USER_TERMINATED',
				outcome: 'answered',
				transcript_turns: [{ speaker: 'bot', text: 'Bye' }],
				transcript_text: 'Assistant: Bye',
				raw: {
					id: callId(5),
					call_status: 'completed',
					call_sub_status: 'USER_TERMINATED',
					transcription_url: '[{"bot":"Bye"}]',
				},
			}),
			timed_out: false,
			waited_seconds: expect.any(Number),
		},
	]);
});

/** Two rows started and waited for with analysis: each one's status, timed_out and analysis. */
async function twoRowsWithAnalysis() {
	const { output, error } = await runNode({
		type: 'voiceAgentCalling',
		items: rows(2),
		parameters: params({ includeAnalysis: true }),
	});
	expect(error).toBeUndefined();
	return output.map((o) => [o.json.status, o.json.timed_out, o.json.platform_analysis]);
}

test('Include Analysis: an ended call gets one details read with analysis; open ones none', async () => {
	starts(2);
	const analysed = {
		id: callId(0),
		call_status: 'completed',
		transcription_url: '[]',
		platform_analysis: { summary: 'ok' },
		client_analysis: null,
	};
	firstRoundReadsCall0()
		.reply(200, { status: 'success', data: analysed })
		.get('/calling/history')
		.query(history())
		.reply(200, { calls: [historyRow(1, 'ongoing')] })
		// Max Wait reached: its last state is read with analysis too, as before.
		.get('/calling/call-details')
		.query({ id: callId(1), send_analysis: 'true' })
		.reply(200, { status: 'success', data: { id: callId(1), call_status: 'ongoing' } });
	expect(await twoRowsWithAnalysis()).toEqual([
		['completed', false, { summary: 'ok' }],
		['ongoing', true, null],
	]);
});

test('Include Analysis keeps what the history row told: times, cost, voicemail, the assistant', async () => {
	starts(1);
	const row = historyRow(0, 'completed', {
		agent: {
			id: AGENT,
			agent_name: 'Reminder',
			version: { version_id: 'v-1', version_slug: 'v1' },
		},
	});
	// The details carry the analysis, not the row's times, cost or assistant.
	const details = {
		id: callId(0),
		call_status: 'completed',
		transcription_url: '[]',
		platform_analysis: { summary: 'ok' },
	};
	mockApi()
		.get('/calling/history')
		.query(history())
		.reply(200, { calls: [row] })
		.get('/calling/call-details')
		.query({ id: callId(0), send_analysis: 'true' })
		.reply(200, { status: 'success', data: details });
	const { output, error } = await runNode({
		type: 'voiceAgentCalling',
		items: rows(1),
		parameters: params({ includeAnalysis: true }),
	});
	expect(error).toBeUndefined();
	expect(output[0].json).toMatchObject({
		status: 'completed',
		started_at: AT,
		duration_seconds: 12.5,
		ended_at: '2026-11-25T12:00:12.500Z',
		cost: 1.5,
		voicemail_detected: false,
		assistant: { id: AGENT, name: 'Reminder', version_id: 'v-1', version_slug: 'v1' },
		summary: 'ok',
		platform_analysis: { summary: 'ok' },
		timed_out: false,
	});
});

test("Include Analysis: a slow answer within a round does not cut a timed-out call's last read short", async () => {
	// The round decides "out of time" at one moment: before, a details read of another call
	// that took 2 s made the same round output call 1 as timed out without its last read.
	starts(2);
	firstRoundReadsCall0()
		.reply(() => {
			virtualClock.ms += 2000;
			return [200, { status: 'success', data: { id: callId(0), call_status: 'completed' } }];
		})
		.get('/calling/history')
		.query(history())
		.reply(200, { calls: [historyRow(1, 'ongoing')] })
		.get('/calling/call-details')
		.query({ id: callId(1), send_analysis: 'true' })
		.reply(200, {
			status: 'success',
			data: { id: callId(1), call_status: 'ongoing', platform_analysis: { summary: 'so far' } },
		});
	expect(await twoRowsWithAnalysis()).toEqual([
		['completed', false, null],
		['ongoing', true, { summary: 'so far' }],
	]);
});

test('after waiting, the record still says the variables the call was started with', async () => {
	starts(1);
	mockApi()
		.get('/calling/history')
		.query(history())
		.reply(200, { calls: [historyRow(0, 'completed')] })
		// Call details never carry the variables: the ones sent stand in.
		.get('/calling/call-details')
		.query({ id: callId(0), send_analysis: 'true' })
		.reply(200, { status: 'success', data: { id: callId(0), call_status: 'completed' } });
	const { output, error } = await runNode({
		type: 'voiceAgentCalling',
		items: [{ json: { name: 'Row 0', phone: '+14155551000', clinic: 'Sunrise' } }],
		parameters: params(
			{ includeAnalysis: true },
			{ variablesMode: 'row', variablesExclude: 'name, phone' },
		),
	});
	expect(error).toBeUndefined();
	expect(output[0].json).toMatchObject({
		status: 'completed',
		custom_variables: { clinic: 'Sunrise' },
	});
});

test('a failed round (429, then 500) is tried again next round and fails no row', async () => {
	starts(2);
	mockApi()
		.get('/calling/history')
		.query(history())
		.reply(429, { error: { code: 'rate_limited', message: 'Slow down' } }, { 'Retry-After': '0' })
		.get('/calling/history')
		.query(history())
		.reply(500, { error: { code: 'internal', message: 'Internal error' } })
		.get('/calling/history')
		.query(history())
		.reply(200, { calls: [historyRow(1, 'completed'), historyRow(0, 'completed')] });
	const { output, error } = await runNode({
		type: 'voiceAgentCalling',
		items: rows(2),
		parameters: params({ maxWaitSeconds: 30 }),
	});
	expect(error).toBeUndefined();
	expect(output.map((o) => o.json)).toEqual([
		fromHistory(0, 'completed'),
		fromHistory(1, 'completed'),
	]);
});

test('more than 100 pending calls: a round pages on until every one is seen', async () => {
	const count = 150;
	starts(count);
	const offsets: string[] = [];
	// Newest first, as the service lists them; every call has ended.
	const all = Array.from({ length: count }, (_, k) => historyRow(count - 1 - k, 'completed'));
	mockApi()
		.get('/calling/history')
		.query((q) => q.agent_id === AGENT && q.start_date === WINDOW.start_date && q.limit === '100')
		.times(10)
		.reply((uri) => {
			const offset = Number(new URL(uri, BASE_URL).searchParams.get('offset'));
			offsets.push(String(offset));
			return [200, { calls: all.slice(offset, offset + 100) }];
		});
	const { output, error } = await runNode({
		type: 'voiceAgentCalling',
		items: rows(count),
		parameters: params({ maxConcurrent: 50 }),
	});
	nock.cleanAll();
	expect(error).toBeUndefined();
	expect(output.map((o) => o.json.call_id)).toEqual(
		Array.from({ length: count }, (_, n) => callId(n)),
	);
	expect(output.every((o) => o.json.status === 'completed')).toBe(true);
	// Pages of 100, and the second only because 150 calls do not fit on one.
	expect(offsets).toContain('100');
	expect(new Set(offsets)).toEqual(new Set(['0', '100']));
});

describe('a call never seen by Max Wait', () => {
	const notFound = () => {
		starts(2);
		mockApi()
			.get('/calling/history')
			.query(history())
			.times(2)
			// The answer echoes its page size: a page shorter than it proves the end.
			.reply(200, { calls: [historyRow(1, 'completed')], limit: 100 })
			.get('/calling/call-details')
			.query({ id: callId(0) })
			.times(2)
			.reply(404, { error: { code: 'not_found', message: 'Call not found' } });
	};
	const description = `The call ${callId(0)} was started; only waiting for it to end failed. Do not start it again. The service did not find what was asked for. Check the ID.`;

	test('Continue On Fail: its row carries the wait error, the other row its call', async () => {
		notFound();
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			items: rows(2),
			continueOnFail: true,
			parameters: params(),
		});
		expect(error).toBeUndefined();
		expect(output.map((o) => o.json)).toEqual([
			{ error: 'Call not found', description, httpCode: '404' },
			fromHistory(1, 'completed'),
		]);
	});

	test('without Continue On Fail: the node fails with the same wording', async () => {
		notFound();
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			items: rows(2),
			parameters: params(),
		});
		expect(output).toEqual([]);
		expect(error?.message).toBe('Call not found');
		expect(String(error?.description)).toMatch(
			new RegExp(`^${description.replace(/[.?]/g, '\\$&')} 1 other item`),
		);
	});
});

test('rows without Wait for Call to End ("false" as text) only start', async () => {
	starts(2);
	const { output, error } = await runNode({
		type: 'voiceAgentCalling',
		items: rows(2),
		parameters: params({}, { waitForCompletion: '={{ "false" }}' }),
	});
	expect(error).toBeUndefined();
	expect(output.map((o) => o.json.status)).toEqual(['ongoing', 'ongoing']);
	expect(output.map((o) => o.json.timed_out)).toEqual([undefined, undefined]);
});

test('Download Recording: each ended call carries its file, fetched without the key; a missing one is noted, not failed', async () => {
	starts(2);
	mockApi()
		.get('/calling/history')
		.query(history())
		.reply(200, { calls: [historyRow(0, 'completed'), historyRow(1, 'completed')] });
	const seen: Array<Record<string, unknown>> = [];
	nock('https://rec.example')
		.get('/0.wav')
		.reply(function () {
			seen.push(this.req.headers);
			return [200, Buffer.from('RIFF0000WAVE'), { 'Content-Type': 'audio/wav' }];
		})
		.get('/1.wav')
		.reply(function () {
			seen.push(this.req.headers);
			return [
				403,
				'<Error><Code>AccessDenied</Code></Error>',
				{ 'Content-Type': 'application/xml' },
			];
		});
	const { output, error } = await runNode({
		type: 'voiceAgentCalling',
		parameters: params({ downloadRecording: true }),
		items: rows(2),
	});
	expect(error).toBeUndefined();
	expect(output.map((o) => o.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	expect(output[0].json).toEqual(fromHistory(0, 'completed'));
	expect(output[0].binary?.data).toMatchObject({ mimeType: 'audio/wav', fileName: '0.wav' });
	expect(output[1].binary).toBeUndefined();
	expect(output[1].json).toEqual({
		...fromHistory(1, 'completed'),
		recording_error: 'The recording link has expired or is not valid any more (AccessDenied)',
	});
	expect(seen).toHaveLength(2);
	for (const headers of seen) expect(Object.keys(headers)).not.toContain('x-api-key');
});

describe("Start's watcher on a page-capping service", () => {
	beforeAll(() => (virtualClock.real = true));
	afterAll(() => (virtualClock.real = false));

	test('80 waiting calls are all found in the history: no details read, pages until all are seen', async () => {
		const count = 80;
		const AT = '2026-11-25T12:00:00.000+00:00';
		starts(count);
		// Newest first; every call has ended.
		const all = Array.from({ length: count }, (_, k) => ({
			id: callId(count - 1 - k),
			status: 'completed',
			to_number: `+1415555${1000 + count - 1 - k}`,
			name: `Row ${count - 1 - k}`,
			transcript: '[{"bot":"Hello"}]',
			audio_recording: null,
			created_at: AT,
			agent: { id: AGENT },
			call_type: 'outbound',
			from_numbers: ['+14155550000'],
		}));
		const offsets: number[] = [];
		cappedHistory(
			() => all,
			offsets,
			(q) => q.agent_id === AGENT,
		);
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			items: Array.from({ length: count }, (_, n) => ({
				json: { name: `Row ${n}`, phone: `+1415555${String(1000 + n)}` },
			})),
			parameters: sheetStart(
				// Every call has ended at its first check: a long Max Wait costs nothing, and no
				// call times out on a busy machine.
				{ pollIntervalSeconds: 2, maxWaitSeconds: 120, maxConcurrent: 40 },
				{ waitForCompletion: true },
			),
		});
		nock.cleanAll();
		expect(error).toBeUndefined();
		expect(output.map((o) => o.json.call_id)).toEqual(
			Array.from({ length: count }, (_, n) => callId(n)),
		);
		expect(output.every((o) => o.json.timed_out === false)).toBe(true);
		// No call needed a details read (none is mocked). Each round reads from offset 0 and
		// stops once it has seen every call it looks for: the first page (calls 79 to 30) or
		// both. Calls 0 to 29 are on the second page only, so a round read on past the capped
		// first page (50 rows) rather than take it for the end. How many rounds depends on how
		// fast the calls were placed (on a busy machine some come after a round began).
		const rounds = offsets.reduce<number[][]>(
			(all, offset) =>
				offset === 0 ? [...all, [0]] : [...all.slice(0, -1), [...all[all.length - 1], offset]],
			[],
		);
		for (const round of rounds) expect([[0], [0, 50]]).toContainEqual(round);
		expect(rounds).toContainEqual([0, 50]);
	});
});

test('Start and Wait: polls details until a terminal status, outputs details with transcript', async () => {
	const id = callId(0);
	nock(BASE_URL)
		.post('/calling/outbound/individual')
		.reply(200, {
			status: 'success',
			message: 'ok',
			data: { call_id: id, call_status: 'registered' },
		})
		.get('/calling/call-details')
		.query({ id, send_analysis: 'true' })
		.reply(200, { status: 'success', data: { id, call_status: 'ongoing' } })
		.get('/calling/call-details')
		.query({ id, send_analysis: 'true' })
		.reply(200, {
			status: 'success',
			data: {
				id,
				call_status: 'completed',
				transcription_url: '[{"bot":"Bye"}]',
				platform_analysis: { summary: 'Said bye', status: 'analyzed' },
			},
		});
	const { output, error } = await runNode({
		type: 'voiceAgentCalling',
		items: rows(1),
		parameters: params(
			{ pollIntervalSeconds: 2, maxWaitSeconds: 60, includeAnalysis: true },
			{ waitForCompletion: true },
		),
	});
	expect(error).toBeUndefined();
	expect(output).toEqual([
		{
			json: {
				...record({
					call_id: id,
					status: 'completed',
					outcome: 'answered',
					summary: 'Said bye',
					platform_analysis: { summary: 'Said bye', status: 'analyzed' },
					transcript_turns: [{ speaker: 'bot', text: 'Bye' }],
					transcript_text: 'Assistant: Bye',
					raw: {
						id,
						call_status: 'completed',
						transcription_url: '[{"bot":"Bye"}]',
						platform_analysis: { summary: 'Said bye', status: 'analyzed' },
					},
				}),
				timed_out: false,
				waited_seconds: expect.any(Number),
			},
			pairedItem: { item: 0 },
		},
	]);
	// One poll interval (2 s) passed between the two reads.
	expect(output[0].json.waited_seconds).toBeGreaterThanOrEqual(2);
	expect(nock.pendingMocks()).toEqual([]);
});

test('Start and Wait: gives up after Max Wait with timed_out', async () => {
	const id = callId(0);
	nock(BASE_URL)
		.post('/calling/outbound/individual')
		.reply(200, { status: 'success', message: 'ok', data: { call_id: id } })
		.get('/calling/call-details')
		.query({ id })
		// Checks at 2 s and 4 s; the next one (6 s) would be past Max Wait (5 s).
		.times(2)
		.reply(200, { status: 'success', data: { id, call_status: 'ongoing' } });
	const { output } = await runNode({
		type: 'voiceAgentCalling',
		items: rows(1),
		parameters: params({ pollIntervalSeconds: 2, maxWaitSeconds: 5 }, { waitForCompletion: true }),
	});
	expect(output[0].json).toMatchObject({ call_id: id, status: 'ongoing', timed_out: true });
	expect(nock.pendingMocks()).toEqual([]);
});

test('Start and Wait: a failed wait says the call was started, and is not dialled again', async () => {
	const id = callId(0);
	nock(BASE_URL)
		.post('/calling/outbound/individual')
		.once()
		.reply(200, { status: 'success', message: 'ok', data: { call_id: id } })
		.get('/calling/call-details')
		.query({ id })
		.times(2)
		.reply(404, { error: { code: 'not_found', message: 'Call not found' } });
	const { output, error } = await runNode({
		type: 'voiceAgentCalling',
		continueOnFail: true,
		items: rows(1),
		// A failed check is tried again next round; the row fails only at Max Wait.
		parameters: params({ pollIntervalSeconds: 2, maxWaitSeconds: 5 }, { waitForCompletion: true }),
	});
	expect(error).toBeUndefined();
	expect(output).toEqual([
		{
			json: {
				error: 'Call not found',
				description: `The call ${id} was started; only waiting for it to end failed. Do not start it again. The service did not find what was asked for. Check the ID.`,
				httpCode: '404',
			},
			pairedItem: { item: 0 },
		},
	]);
	expect(nock.pendingMocks()).toEqual([]);
});

/**
 * Call › Check Calls when a read does not give the whole answer: an analysis not in yet or
 * unreadable (Include Analysis), a call the service does not know, a last check that cannot
 * read the history, and Pending items split into one item per call. Exact requests (nock) and
 * outputs. Time is virtual: the retry of a failed read sleeps no real time, and Date.now
 * stands still otherwise.
 */
import nock from 'nock';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { expectAllMocksUsed, mockApi, runNode } from '../../../helpers/harness';
import { AGENT } from '../../../helpers/fixtures';
import { callId, startedCall } from '../../../helpers/checkCalls';
import { record } from '../../../helpers/record';

jest.mock('n8n-workflow', () =>
	require('../../../helpers/virtualClock').n8nWorkflowWithVirtualSleep(),
);

beforeAll(() => nock.disableNetConnect());
expectAllMocksUsed();

const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** The check's time (the virtual clock stands still but for the retries' sleeps). */
let NOW: number;
/** When the calls were created: whole seconds, ten minutes before the check. */
let AT: string;
let WINDOW: Record<string, string>;
beforeEach(() => {
	NOW = Date.now();
	AT = iso(Math.floor((NOW - 10 * MIN) / 1000) * 1000);
	WINDOW = {
		agent_id: AGENT,
		start_date: iso(Date.parse(AT) - 1000),
		end_date: iso(Date.parse(AT) + 1000),
		limit: '100',
		offset: '0',
	};
});
const waited = () => Math.round((NOW - Date.parse(AT)) / 1000);

const started = (n: number) => startedCall(n, AT, { custom_variables: { name: `Row ${n}` } });
const historyRow = (n: number, status: string) => ({
	id: callId(n),
	status,
	created_at: AT,
	agent: { id: AGENT },
	call_duration: 30,
	call_type: 'outbound',
});
/** A call as the Pending item holds it, waiting until `deadlineMs`. */
const pendingCall = (n: number, deadlineMs: number, status = 'ongoing') => ({
	call_id: callId(n),
	agent_id: AGENT,
	created_at: AT,
	status,
	deadline: iso(deadlineMs),
	first_checked_at: AT,
	row: started(n),
});
const pendingItem = (...calls: IDataObject[]) => ({
	pending_count: calls.length,
	deadline: calls.map((c) => c.deadline as string).sort()[calls.length - 1],
	rounds: 3,
	pending: calls,
});
const items = (...json: IDataObject[]): INodeExecutionData[] => json.map((j) => ({ json: j }));

async function check(input: INodeExecutionData[], includeAnalysis = false) {
	const { outputs, error } = await runNode({
		type: 'voiceAgentCalling',
		parameters: { resource: 'call', operation: 'checkCalls', includeAnalysis },
		items: input,
	});
	expect(error).toBeUndefined();
	const [ended = [], pending = []] = outputs;
	return { ended: ended.map((i) => i.json), pending: pending.map((i) => i.json) };
}

/** The record Check Calls outputs for historyRow(n) merged with its details. */
const answeredRecord = (n: number, details: IDataObject, analysis: IDataObject | null) =>
	record({
		call_id: callId(n),
		status: 'completed',
		outcome: 'answered',
		direction: 'outbound',
		assistant: { id: AGENT },
		created_at: AT,
		duration_seconds: 30,
		custom_variables: { name: `Row ${n}` },
		...(analysis ? { summary: analysis.summary, platform_analysis: analysis } : {}),
		raw: historyRow(n, 'completed'),
		raw_details: details,
	});

describe('Include Analysis: an answered call leaves with its analysis, or flagged at its deadline', () => {
	const serverError = { detail: 'An unexpected error occurred.' };
	const details = (n: number) =>
		mockApi()
			.get('/calling/call-details')
			.query({ id: callId(n), send_analysis: 'true' });

	test('a details read that fails keeps the call pending; at its deadline it leaves as read, read_failed', async () => {
		mockApi()
			.get('/calling/history')
			.query(WINDOW)
			.reply(200, { calls: [historyRow(1, 'completed')], total: 1 });
		// Read twice: a 500 is tried again once.
		details(1).times(2).reply(500, serverError);
		const first = await check(items(pendingItem(pendingCall(1, NOW + 60 * MIN))), true);
		expect(first.ended).toEqual([]);
		expect(first.pending).toEqual([
			{ ...pendingItem({ ...pendingCall(1, NOW + 60 * MIN), status: 'completed' }), rounds: 4 },
		]);

		NOW = Date.now();
		mockApi()
			.get('/calling/history')
			.query(WINDOW)
			.reply(200, { calls: [historyRow(1, 'completed')], total: 1 });
		details(1).times(2).reply(500, serverError);
		const late = await check(items(pendingItem(pendingCall(1, NOW - 1000, 'completed'))), true);
		expect(late.pending).toEqual([]);
		const { raw_details: _, ...asRead } = answeredRecord(1, {}, null);
		expect(late.ended).toEqual([
			{
				...asRead,
				timed_out: false,
				waited_seconds: waited(),
				analysis_error: 'read_failed',
				read_error: expect.stringMatching(/unexpected error|500/i),
				row: started(1),
			},
		]);
	});

	// How the service shows an analysis not in yet is not published: both readings.
	test.each([
		['null', { platform_analysis: null, client_analysis: null }],
		['absent', {}],
	])(
		'an analysis not in yet (%s) keeps the call pending; at its deadline it leaves, not_in_by_max_wait',
		async (_, analysis) => {
			const answer = { id: callId(1), call_status: 'completed', ...analysis };
			mockApi()
				.get('/calling/history')
				.query(WINDOW)
				.times(2)
				.reply(200, { calls: [historyRow(1, 'completed')], total: 1 });
			details(1).times(2).reply(200, { status: 'success', data: answer });
			const first = await check(items(started(1)), true);
			expect(first.ended).toEqual([]);
			expect(first.pending).toMatchObject([
				{ pending_count: 1, pending: [{ call_id: callId(1), status: 'completed' }] },
			]);

			const late = await check(items(pendingItem(pendingCall(1, NOW, 'completed'))), true);
			expect(late.pending).toEqual([]);
			expect(late.ended).toEqual([
				{
					...answeredRecord(1, answer, null),
					timed_out: false,
					waited_seconds: waited(),
					analysis_error: 'not_in_by_max_wait',
					row: started(1),
				},
			]);
		},
	);

	test('with its analysis the call leaves at once, analysis_error null', async () => {
		const analysis = { summary: 'Booked for Monday', status: 'analyzed' };
		const answer = { id: callId(1), call_status: 'completed', platform_analysis: analysis };
		mockApi()
			.get('/calling/history')
			.query(WINDOW)
			.reply(200, { calls: [historyRow(1, 'completed')], total: 1 });
		details(1).reply(200, { status: 'success', data: answer });
		const { ended, pending } = await check(items(started(1)), true);
		expect(pending).toEqual([]);
		expect(ended).toEqual([
			{
				...answeredRecord(1, answer, analysis),
				timed_out: false,
				waited_seconds: waited(),
				analysis_error: null,
				row: started(1),
			},
		]);
	});
});

describe('a call the service does not know', () => {
	test('leaves at the first check whose window does not list it and whose details answer 404', async () => {
		mockApi().get('/calling/history').query(WINDOW).reply(200, { calls: [], total: 0 });
		mockApi()
			.get('/calling/call-details')
			.query({ id: callId(1) })
			.reply(404, { detail: 'Call not found' });
		const { ended, pending } = await check(items(started(1)));
		expect(pending).toEqual([]);
		expect(ended).toEqual([
			{
				call_id: callId(1),
				not_found: true,
				timed_out: false,
				waited_seconds: waited(),
				read_error: expect.stringMatching(/^The service does not know this call: /),
				row: started(1),
			},
		]);
	});

	test('a call just created, not listed yet but known to its details, waits', async () => {
		mockApi().get('/calling/history').query(WINDOW).reply(200, { calls: [], total: 0 });
		mockApi()
			.get('/calling/call-details')
			.query({ id: callId(1) })
			.reply(200, { status: 'success', data: { id: callId(1), call_status: 'registered' } });
		const { ended, pending } = await check(items(started(1)));
		expect(ended).toEqual([]);
		expect(pending).toEqual([
			{
				...pendingItem({
					...pendingCall(1, NOW + 240 * MIN, 'registered'),
					first_checked_at: iso(NOW),
				}),
				rounds: 1,
			},
		]);
	});
});

test('a last check that cannot read the history: the calls leave timed out with the status last read', async () => {
	// Tried again once: a 500 is worth a second try.
	mockApi()
		.get('/calling/history')
		.query(WINDOW)
		.times(2)
		.reply(500, { error: { code: 'internal', message: 'Internal error' } });
	const { ended, pending } = await check(items(pendingItem(pendingCall(1, NOW - 1000, 'retry'))));
	expect(pending).toEqual([]);
	expect(ended).toEqual([
		{
			...record({
				call_id: callId(1),
				status: 'retry',
				assistant: { id: AGENT },
				created_at: AT,
				custom_variables: { name: 'Row 1' },
				raw: { id: callId(1), status: 'retry', created_at: AT, agent_id: AGENT },
			}),
			timed_out: true,
			waited_seconds: waited(),
			read_error: expect.stringMatching(/internal|500/i),
			row: started(1),
		},
	]);
});

test('a Pending item split into one item per call gives what the Pending item gives', async () => {
	const calls = [pendingCall(1, NOW + 30 * MIN), pendingCall(2, NOW + 90 * MIN)];
	const answer = { calls: [historyRow(1, 'ongoing'), historyRow(2, 'completed')], total: 2 };
	mockApi().get('/calling/history').query(WINDOW).times(2).reply(200, answer);
	const whole = await check(items(pendingItem(...calls)));
	// Split Out on `pending`: each call an item of its own (copies), in another order.
	const split = await check(items(...calls.map((c) => ({ ...c })).reverse()));
	expect(split.ended).toEqual(whole.ended);
	expect(whole.pending).toEqual([{ ...pendingItem(calls[0]), rounds: 4 }]);
	// The split items carried no rounds: the count starts again; the calls are the same.
	expect(split.pending).toEqual([{ ...pendingItem(calls[0]), rounds: 1 }]);
	expect((split.pending[0].pending as IDataObject[])[0].row).not.toHaveProperty('row');
});

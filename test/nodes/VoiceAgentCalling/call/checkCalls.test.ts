/**
 * Call › Check Calls: one round of the durable wait. Exact requests (nock) and both outputs
 * (Ended, Pending), their pairing, the rows by reference, the deadline, and bad input refused
 * before any request. The clock stands still (Date.now) so that deadlines are exact.
 */
import nock from 'nock';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { VoiceAgentCalling } from '../../../../nodes/VoiceAgentCalling/VoiceAgentCalling.node';
import {
	asTool,
	expectAllMocksUsed,
	makeWorkflow,
	mockApi,
	runNode,
} from '../../../helpers/harness';
import { AGENT } from '../../../helpers/fixtures';
import { callId, startedCall } from '../../../helpers/checkCalls';
import { record } from '../../../helpers/record';

beforeAll(() => nock.disableNetConnect());
expectAllMocksUsed();

const NOW = Date.parse('2026-11-25T12:10:00.000Z');
beforeEach(() => jest.spyOn(Date, 'now').mockReturnValue(NOW));
afterEach(() => jest.restoreAllMocks());

const AT = '2026-11-25T12:00:00.000Z';
const DEADLINE = '2026-11-25T16:10:00.000Z'; // NOW + 240 minutes, the default Max Wait
const WINDOW = {
	agent_id: AGENT,
	start_date: '2026-11-25T11:59:59.000Z',
	end_date: '2026-11-25T12:00:01.000Z',
	limit: '100',
	offset: '0',
};

/** An item of Start's output (its call record, trimmed to what Check Calls reads). */
const started = (n: number) => startedCall(n, AT, { custom_variables: { name: `Row ${n}` } });

const historyRow = (n: number, status: string) => ({
	id: callId(n),
	to_number: `+1415555${1000 + n}`,
	status,
	transcript: '[]',
	created_at: AT,
	agent: { id: AGENT, agent_name: 'Reminder' },
	call_duration: 30,
	call_attempt_time: AT,
	call_type: 'outbound',
});

/** The Ended item of a call the history row says ended. */
const endedFromHistory = (n: number, status: string, row: IDataObject, timedOut = false) => ({
	...record({
		call_id: callId(n),
		status,
		outcome: { completed: 'answered', failed: 'failed' }[status] ?? 'pending',
		direction: 'outbound',
		assistant: { id: AGENT, name: 'Reminder' },
		to_number: `+1415555${1000 + n}`,
		created_at: AT,
		started_at: AT,
		ended_at: '2026-11-25T12:00:30.000Z',
		duration_seconds: 30,
		custom_variables: { name: `Row ${n}` },
		raw: historyRow(n, status),
	}),
	timed_out: timedOut,
	waited_seconds: 600,
	row,
});

const params = (extra: IDataObject = {}) => ({
	resource: 'call',
	operation: 'checkCalls',
	...extra,
});

const items = (...json: IDataObject[]): INodeExecutionData[] => json.map((j) => ({ json: j }));

test("Start's items: the ended calls leave on Ended with their rows, the rest in one Pending item", async () => {
	mockApi()
		.get('/calling/history')
		.query(WINDOW)
		.reply(200, {
			calls: [historyRow(0, 'completed'), historyRow(1, 'ongoing'), historyRow(2, 'failed')],
			total: 3,
		});
	const input = items(started(0), started(1), started(2));
	const { outputs, error } = await runNode({
		type: 'voiceAgentCalling',
		parameters: params(),
		items: input,
	});
	expect(error).toBeUndefined();
	const [ended, pending] = outputs;
	expect(ended.map((i) => i.json)).toEqual([
		endedFromHistory(0, 'completed', input[0].json),
		endedFromHistory(2, 'failed', input[2].json),
	]);
	expect(ended.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 2 }]);
	// The rows are the input items themselves: n8n stores a shared object once.
	expect(ended[0].json.row).toBe(input[0].json);
	expect(pending).toEqual([
		{
			json: {
				pending_count: 1,
				deadline: DEADLINE,
				rounds: 1,
				pending: [
					{
						call_id: callId(1),
						agent_id: AGENT,
						created_at: AT,
						// The status last read, and the call's own deadline and first check.
						status: 'ongoing',
						deadline: DEADLINE,
						first_checked_at: new Date(NOW).toISOString(),
						row: input[1].json,
					},
				],
			},
			pairedItem: { item: 1 },
		},
	]);
	expect((pending[0].json.pending as IDataObject[])[0].row).toBe(input[1].json);
});

test('a Pending item looped back: the call that ended leaves with the analysis, and no Pending item is left', async () => {
	const row = started(1);
	const state = {
		pending_count: 1,
		deadline: DEADLINE,
		rounds: 1,
		pending: [{ call_id: callId(1), agent_id: AGENT, created_at: AT, row }],
	};
	const details = {
		id: callId(1),
		call_status: 'completed',
		platform_analysis: { summary: 'Booked for Monday' },
	};
	mockApi()
		.get('/calling/history')
		.query(WINDOW)
		.reply(200, { calls: [historyRow(1, 'completed')], total: 1 })
		.get('/calling/call-details')
		.query({ id: callId(1), send_analysis: 'true' })
		.reply(200, { status: 'success', data: details });
	const { outputs, error } = await runNode({
		type: 'voiceAgentCalling',
		parameters: params({ includeAnalysis: true }),
		items: items(state),
	});
	expect(error).toBeUndefined();
	expect(outputs[1] ?? []).toEqual([]);
	expect(outputs[0]).toHaveLength(1);
	expect(outputs[0][0].pairedItem).toEqual({ item: 0 });
	expect(outputs[0][0].json).toMatchObject({
		call_id: callId(1),
		status: 'completed',
		outcome: 'answered',
		summary: 'Booked for Monday',
		timed_out: false,
	});
	expect(outputs[0][0].json.row).toBe(row);
});

test('at the deadline the calls still open leave marked timed out, read one last time', async () => {
	const rowOpen = started(1);
	const rowUnread = { ...started(3), created_at: null };
	const state = {
		deadline: '2026-11-25T12:09:59.000Z',
		rounds: 7,
		pending: [
			{ call_id: callId(1), agent_id: AGENT, created_at: AT, row: rowOpen },
			{ call_id: callId(3), agent_id: AGENT, created_at: null, row: rowUnread },
		],
	};
	mockApi()
		.get('/calling/history')
		.query(WINDOW)
		.reply(200, { calls: [historyRow(1, 'ongoing')], total: 1 })
		// Without a creation time the history cannot be narrowed to it: its details are read.
		.get('/calling/call-details')
		.query({ id: callId(3) })
		.reply(404, { status: 'error', message: 'Call not found' });
	const { outputs, error } = await runNode({
		type: 'voiceAgentCalling',
		parameters: params(),
		items: items(state),
	});
	expect(error).toBeUndefined();
	expect(outputs[1] ?? []).toEqual([]);
	expect(outputs[0].map((i) => i.json)).toEqual([
		endedFromHistory(1, 'ongoing', rowOpen, true),
		{
			call_id: callId(3),
			timed_out: true,
			waited_seconds: 0,
			read_error: expect.stringMatching(/not found/i),
			row: rowUnread,
		},
	]);
});

test('Start and earlier Pending items together: each call waits once, until its own deadline', async () => {
	const row = started(1);
	const state = {
		deadline: '2026-11-26T00:00:00.000Z',
		rounds: 2,
		pending: [{ call_id: callId(1), agent_id: AGENT, created_at: AT, row }],
	};
	mockApi()
		.get('/calling/history')
		.query(WINDOW)
		.reply(200, { calls: [historyRow(1, 'ongoing'), historyRow(2, 'ongoing')], total: 2 });
	const { outputs } = await runNode({
		type: 'voiceAgentCalling',
		parameters: params({ maxWaitMinutes: 10 }),
		items: items(started(2), state, started(1)),
	});
	expect(outputs[0]).toEqual([]);
	expect(outputs[1]).toHaveLength(1);
	expect(outputs[1][0].pairedItem).toEqual([{ item: 0 }, { item: 1 }]);
	expect(outputs[1][0].json).toMatchObject({
		pending_count: 2,
		deadline: '2026-11-26T00:00:00.000Z',
		rounds: 3,
		pending: [
			// A new call: its first check + Max Wait (10 minutes).
			{ call_id: callId(2), agent_id: AGENT, created_at: AT, deadline: '2026-11-25T12:20:00.000Z' },
			// A call of an older Pending item (no deadline of its own): the item's.
			{ call_id: callId(1), agent_id: AGENT, created_at: AT, deadline: '2026-11-26T00:00:00.000Z' },
		],
	});
});

describe('bad input is refused before any request', () => {
	test('an item with no call ID fails the node, naming the field and the item', async () => {
		const { error, outputs } = await runNode({
			type: 'voiceAgentCalling',
			parameters: params(),
			items: items(started(0), { name: 'Ada' }),
		});
		expect(error?.message).toBe('call_id: has no call ID: connect the output of Start [item 1]');
		expect(outputs).toEqual([]);
	});

	test('a Pending item changed on its way back is named by its field', async () => {
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: params(),
			items: items({ deadline: DEADLINE, pending: [{ call_id: callId(1) }] }),
		});
		expect(error?.message).toBe(
			'pending[0]: is not an open call: pass the Pending output on unchanged [item 0]',
		);
	});

	test("under Continue On Fail the bad item is an error item on Ended, Start's error items pass on, the rest is checked", async () => {
		mockApi()
			.get('/calling/history')
			.query(WINDOW)
			.reply(200, { calls: [historyRow(0, 'completed')], total: 1 });
		const notDialled = { error: 'Invalid phone number' };
		const input = items({ name: 'Ada' }, notDialled, started(0));
		const { outputs, error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: params(),
			items: input,
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(outputs[0].map((i) => [i.json, i.pairedItem])).toEqual([
			[notDialled, { item: 1 }],
			[endedFromHistory(0, 'completed', input[2].json), { item: 2 }],
			[
				{
					error: 'call_id: has no call ID: connect the output of Start [item 0]',
					description:
						'Fix "call_id" in input item 0 and run again. No request was sent for this item.',
				},
				{ item: 0 },
			],
		]);
		expect(outputs[1]).toEqual([]);
	});

	test('under Continue On Fail a bad field fails every item alike, one error item each', async () => {
		const { outputs, error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: params({ maxWaitMinutes: 'soon' }),
			items: items(started(0), started(1)),
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(outputs[0].map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(outputs[0].map((i) => i.json.error)).toEqual([
			expect.stringMatching(/^Max Wait \(Minutes\): .*\[item 0\]$/),
			expect.stringMatching(/^Max Wait \(Minutes\): .*\[item 0\]$/),
		]);
		expect(outputs[1]).toEqual([]);
	});

	test('items that placed no call (skipped by Start or Call Back, a Dry Run) pass on to Ended as they came', async () => {
		mockApi()
			.get('/calling/history')
			.query(WINDOW)
			.reply(200, { calls: [historyRow(0, 'completed')], total: 1 });
		const skipped = {
			skipped: 'do_not_call',
			skip_reason: 'The number is on the Do Not Call list',
			mobile_number: '+14155550100',
		};
		const dryRun = { dry_run: true, body: { mobile_number: '+14155550101' } };
		const input = items(skipped, dryRun, started(0));
		const { outputs, error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: params(),
			items: input,
		});
		expect(error).toBeUndefined();
		expect(outputs[0].map((i) => [i.json, i.pairedItem])).toEqual([
			[skipped, { item: 0 }],
			[dryRun, { item: 1 }],
			[endedFromHistory(0, 'completed', input[2].json), { item: 2 }],
		]);
		expect(outputs[0][0].json).toBe(input[0].json);
	});

	test('Max Wait below a minute is refused', async () => {
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: params({ maxWaitMinutes: 0 }),
			items: items(started(0)),
		});
		expect(error?.message).toMatch(/^Max Wait \(Minutes\): .*\[item 0\]$/);
	});
});

test('a key the service refuses fails the node: waiting would not mend it', async () => {
	mockApi().get('/calling/history').query(WINDOW).reply(401, { detail: 'Invalid API key' });
	const { error } = await runNode({
		type: 'voiceAgentCalling',
		parameters: params(),
		items: items(started(0)),
	});
	expect(error?.httpCode).toBe('401');
});

test('as an AI tool it refuses, sending nothing', async () => {
	const { error } = await runNode({
		type: 'voiceAgentCallingTool',
		nodeType: asTool(new VoiceAgentCalling()),
		parameters: params(),
		items: items(started(0)),
	});
	expect(error?.message).toBe('Check Calls works in a workflow, not as an AI tool');
});

describe('settings that would lose or invent calls are refused, sending nothing', () => {
	// The harness runs n8n's own engine, which applies both settings: Execute Once hands the
	// node item 0 only, Always Output Data adds an empty item to an empty Ended.
	test.each([
		[
			{ executeOnce: true },
			'Check Calls cannot run with Execute Once',
			/gives the node only its first item/,
		],
		[
			{ alwaysOutputData: true },
			'Check Calls cannot run with Always Output Data',
			/send an empty item to Ended/,
		],
	])('%j', async (settings, message, description) => {
		const { error, outputs } = await runNode({
			type: 'voiceAgentCalling',
			parameters: params(),
			items: items(started(0), started(1)),
			settings,
		});
		expect(error?.message).toBe(message);
		expect(String(error?.description)).toMatch(description);
		expect(String(error?.description)).toMatch(/No request was sent\.$/);
		expect(outputs).toEqual([]);
	});

	test('with Continue On Fail each item comes out with the error, none dropped', async () => {
		const { error, outputs } = await runNode({
			type: 'voiceAgentCalling',
			parameters: params(),
			items: items(started(0), started(1)),
			settings: { alwaysOutputData: true },
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(outputs[0].map((item) => item.json.error)).toEqual([
			'Check Calls cannot run with Always Output Data',
			'Check Calls cannot run with Always Output Data',
		]);
		expect(outputs[0].map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});
});

describe('the node shows two outputs only while Check Calls is picked', () => {
	const outputsOf = (parameters: IDataObject) => {
		const description = new VoiceAgentCalling().description;
		const node = {
			id: '1',
			name: 'Voice Agent',
			type: 'n8n-nodes-voice-agent.voiceAgentCalling',
			typeVersion: 1,
			position: [0, 0] as [number, number],
			parameters: parameters as never,
		};
		return NodeHelpers.getNodeOutputs(makeWorkflow(node), node, description);
	};
	const two = [
		{ type: 'main', displayName: 'Ended' },
		{ type: 'main', displayName: 'Pending' },
	];
	test.each([
		[{ resource: 'call', operation: 'checkCalls' }, two],
		[{ operation: 'checkCalls' }, two],
		[{ resource: 'call', operation: 'start' }, ['main']],
		[{ resource: 'contactList', operation: 'checkCalls' }, ['main']],
		[{}, ['main']],
	])('%j', (parameters, expected) => {
		expect(outputsOf(parameters)).toEqual(expected);
	});
});

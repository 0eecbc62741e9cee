/**
 * runSweep: one sweep against the trigger's static data. Its state is stored only when every
 * request succeeded; a call known to the memory (its event emitted) is never returned, and
 * each call returned is remembered at once.
 */
import nock from 'nock';
import type { IDataObject, IHookFunctions } from 'n8n-workflow';

import type { Config } from '../../../nodes/VoiceAgentInstantTrigger/config';
import { TriggerMemory } from '../../../nodes/VoiceAgentInstantTrigger/known';
import { callKey } from '../../../nodes/VoiceAgentInstantTrigger/memory';
import { runSweep, type NodeState } from '../../../nodes/VoiceAgentInstantTrigger/state';
import { callId, endedCall } from '../../helpers/checkCalls';
import { AGENT } from '../../helpers/fixtures';
import { expectAllMocksUsed, mockApi } from '../../helpers/harness';
import { probe } from '../../helpers/probe';

expectAllMocksUsed();

const T0 = Date.parse('2026-11-25T12:00:00Z');
const MIN = 60_000;
/** A completed call of the history that ended at `endedMs` (a 60 s call). */
const row = endedCall;
const config: Config = {
	secret: 'a-long-shared-secret-0123456789',
	events: ['call_started', 'call_completed'],
	acceptCallbacks: false,
	agentId: AGENT,
	register: false,
	safetyNet: true,
	sweepMs: 10 * MIN,
	graceMs: 5 * MIN,
	lookbackMs: 24 * 60 * MIN,
	outcomeFilter: { outcomes: [], classification: '' },
};

let rows: object[] = [];
/** The history the sweeps read: the completed calls of the assistant, as `rows` holds now. */
const history = () =>
	mockApi()
		.persist()
		.get('/calling/history')
		.query((q) => q.status === 'completed' && q.agent_id === AGENT)
		.reply(200, () => ({ calls: rows, total: rows.length }));

beforeEach(() => {
	rows = [row(1, T0 - 30 * MIN)];
	jest.spyOn(Date, 'now').mockImplementation(() => T0);
});
afterEach(() => {
	jest.restoreAllMocks();
	nock.cleanAll();
});

test('a call whose event never came is returned once, for the primary event, and remembered', async () => {
	history();
	const details = mockApi()
		.get('/calling/call-details')
		.query({ id: callId(2), send_analysis: 'true' })
		.reply(200, { data: { id: callId(2), platform_analysis: { summary: 'Spoke with Ada' } } });
	const { values, error } = await probe(async (ctx) => {
		const hook = ctx as unknown as IHookFunctions;
		const data: NodeState = {};
		const memory = TriggerMemory.of(hook, undefined, T0);
		const sweep = (now: number) => runSweep(hook, config, data, memory, now);
		const baseline = await sweep(T0);
		rows = [...rows, row(2, T0 + MIN), row(3, T0 + MIN)];
		const seen = await sweep(T0 + 2 * MIN);
		const pending = { ...(data.sweep?.pending as IDataObject) };
		// Call 3's event arrives while call 2's never does.
		memory.remember(callKey(callId(3)));
		const due = await sweep(T0 + 8 * MIN);
		return {
			baseline,
			seen,
			pending,
			due: due.map((i) => [i.event_type, i.source, i.call_id, i.summary]),
			remembered: memory.has(callKey(callId(2))),
			after: data.sweep?.pending,
			at: data.sweep?.at,
		};
	});
	expect(error).toBeUndefined();
	expect(values).toEqual([
		{
			baseline: [],
			seen: [],
			pending: { [callId(2)]: T0 + 2 * MIN, [callId(3)]: T0 + 2 * MIN },
			due: [['call_completed', 'safety_net', callId(2), 'Spoke with Ada']],
			remembered: true,
			after: {},
			at: T0 + 8 * MIN,
		},
	]);
	details.done();
});

test('a failed request stores nothing: the state is the one before', async () => {
	mockApi()
		.get('/calling/history')
		.query(true)
		.reply(200, { calls: rows, total: 1 })
		.get('/calling/history')
		.query(true)
		.reply(404, { detail: 'Not found' });
	const { values } = await probe(async (ctx) => {
		const hook = ctx as unknown as IHookFunctions;
		const data: NodeState = {};
		const memory = TriggerMemory.of(hook, undefined, T0);
		await runSweep(hook, config, data, memory, T0);
		const before = JSON.parse(JSON.stringify(data));
		const failed = await runSweep(hook, config, data, memory, T0 + 11 * MIN).then(
			() => 'stored',
			(e: Error) => e.message,
		);
		return { failed, same: JSON.stringify(data) === JSON.stringify(before), at: data.sweep?.at };
	});
	expect(values).toEqual([{ failed: 'Not found', same: true, at: T0 }]);
});

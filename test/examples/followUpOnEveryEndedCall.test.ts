/**
 * The example "Follow up on every ended call" as shipped: its Voice Agent nodes' parameters
 * are the nodes' own (names and option values), the Switch's outputs go where the sticky note
 * says, the calls wait for the contacts file, and each Call Back node, run with the example's
 * parameters (its rows those of the contacts file), sends the exact request, variables included.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import fc from 'fast-check';
import nock from 'nock';
import type { IDataObject, INodeProperties, INodeTypeDescription } from 'n8n-workflow';

import { VoiceAgentCalling } from '../../nodes/VoiceAgentCalling/VoiceAgentCalling.node';
import { VoiceAgentTrigger } from '../../nodes/VoiceAgentTrigger/VoiceAgentTrigger.node';
import { callBackApi } from '../helpers/callBack';
import { jsonOf, makeWorkflow, recordAll, runNode } from '../helpers/harness';
import { AGENT, CALL } from '../helpers/fixtures';
import { contactItems } from '../helpers/examples';
import { record } from '../helpers/record';
import {
	FINAL_OUTCOMES,
	NOT_REACHED,
	PASSING_REFUSALS,
	outcomeChosen,
} from '../../nodes/shared/calls/outcomeFilter';

interface ExampleNode {
	name: string;
	type: string;
	parameters: IDataObject;
	credentials?: IDataObject;
	onError?: string;
}

/** The Switch's Not reached rule, as shipped. */
const NOT_REACHED_RULE =
	"={{ ['no_answer', 'busy', 'voicemail', 'failed'].includes($json.outcome) || ($json.outcome === 'not_placed' && ['RATE_LIMITED', 'PRE_CALL_API_FAILED', 'RECONCILED_TO_ERROR_FROM_REGISTERED'].includes(String($json.sub_status).toUpperCase())) }}";
const example = JSON.parse(
	fs.readFileSync(
		path.join(__dirname, '../../examples/follow-up-on-every-ended-call.json'),
		'utf8',
	),
) as { name: string; nodes: ExampleNode[]; connections: IDataObject };
const node = (name: string) => example.nodes.find((n) => n.name === name) as ExampleNode;
/** The Wait's Date and Time: the earliest send_from of the items waiting. */
const EARLIEST_SEND_FROM =
	'={{ $input.all().map(item => item.json.send_from).sort((a, b) => Date.parse(a) - Date.parse(b))[0] }}';

const descriptions: Record<string, INodeTypeDescription> = {
	'n8n-nodes-voice-agent.voiceAgentCalling': new VoiceAgentCalling().description,
	'n8n-nodes-voice-agent.voiceAgentTrigger': new VoiceAgentTrigger().description,
};

/** Whether a property is shown for these parameters (show/hide by equal values only). */
const shown = (p: INodeProperties, params: IDataObject) =>
	Object.entries(p.displayOptions?.show ?? {}).every(([k, values]) =>
		(values as unknown[]).includes(params[k]),
	) &&
	!Object.entries(p.displayOptions?.hide ?? {}).some(([k, values]) =>
		(values as unknown[]).includes(params[k]),
	);

/** Each parameter the example sets that its node does not show, or an option it lacks. */
function unknownParameters(n: ExampleNode): string[] {
	const props = descriptions[n.type].properties.filter((p) => shown(p, n.parameters));
	const problems: string[] = [];
	for (const [key, value] of Object.entries(n.parameters)) {
		// n8n adds Poll Times to every polling node itself.
		if (key === 'pollTimes' && descriptions[n.type].polling) continue;
		const prop = props.find((p) => p.name === key);
		if (!prop) problems.push(`${n.name}: ${key} is not shown`);
		else if (prop.type === 'options' && typeof value === 'string' && !value.startsWith('=')) {
			const values = (prop.options ?? []).map((o) => (o as { value: unknown }).value);
			if (!values.includes(value)) problems.push(`${n.name}: ${key} ${value} is not an option`);
		}
	}
	return problems;
}

describe('example: Follow up on every ended call', () => {
	test('every Voice Agent node sets only parameters its node shows, with their options', () => {
		const ours = example.nodes.filter((n) => n.type in descriptions);
		expect(ours.map((n) => n.name)).toEqual([
			'When a call ends',
			'Call back when asked',
			'Call back on the day',
			'Call back in the next window',
		]);
		expect(ours.flatMap(unknownParameters)).toEqual([]);
		for (const n of ours)
			expect(n.credentials).toEqual({
				voiceAgentApi: { id: 'vaSandboxCred001', name: 'Voice Agent (local sandbox)' },
			});
	});

	test('the trigger emits ended calls with their analysis (read for the calls that connected), every minute, looking back 2 days', () => {
		// A call-back for the next day's window can end over 24 hours after it was made.
		expect(node('When a call ends').parameters).toMatchObject({
			event: 'callEnded',
			pollTimes: { item: [{ mode: 'everyMinute' }] },
			options: { includeDetails: true, lookbackMinutes: 2880, detailsFor: 'completed' },
		});
	});

	test('the Switch: call-back asked, not reached, answered, each to its branch in order', () => {
		const rules = (node('By outcome').parameters.rules as { values: IDataObject[] }).values;
		expect(rules.map((r) => r.outputKey)).toEqual(['Call-back asked', 'Not reached', 'Answered']);
		const lefts = rules.map((r) =>
			((r.conditions as IDataObject).conditions as IDataObject[]).map((c) => [
				c.leftValue,
				c.rightValue,
			]),
		);
		expect(lefts).toEqual([
			[
				['={{ $json.outcome }}', 'answered'],
				['={{ $json.callback_requested === true }}', ''],
			],
			[[NOT_REACHED_RULE, '']],
			[['={{ $json.outcome }}', 'answered']],
		]);
		const outputs = (example.connections['By outcome'] as { main: Array<Array<IDataObject>> }).main;
		expect(outputs.map((o) => o.map((c) => c.node))).toEqual([
			['Call back when asked'],
			['Call back in the next window'],
			['Summary for the file'],
		]);
		expect(node('Write the summaries').parameters.fileName).toBe(
			'=.n8n-files/follow-up/answered-{{ $execution.id }}.csv',
		);
	});

	test("the Switch's Not reached: the triggers' Not Reached (passing refusals of not_placed included), rejected apart", () => {
		// Evaluated as n8n does, for every final outcome and the causes a not_placed call has.
		const shippedRule = () =>
			(
				(node('By outcome').parameters.rules as { values: IDataObject[] }).values[1].conditions as {
					conditions: IDataObject[];
				}
			).conditions[0].leftValue as string;
		const rule = (json: IDataObject) =>
			makeWorkflow({
				id: 'switch',
				name: 'By outcome',
				// Any node type evaluates an expression alike: one of the package's, loaded here.
				type: 'n8n-nodes-voice-agent.voiceAgentCalling',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			}).expression.getParameterValue(
				shippedRule(),
				null,
				0,
				0,
				'By outcome',
				[{ json }],
				'manual',
				{},
			);
		const causes = [
			...PASSING_REFUSALS.map((c) => c.toUpperCase()),
			...PASSING_REFUSALS,
			'NOT_ABLE_TO_CALL',
			'IN_DB',
			'QUEUED',
			null,
		];
		for (const outcome of FINAL_OUTCOMES)
			for (const sub_status of causes) {
				// A callee who rejected the call is not called back by the example (its choice).
				const expected =
					outcome !== 'rejected' && outcomeChosen(outcome, { sub_status } as never, [NOT_REACHED]);
				expect({ outcome, sub_status, chosen: rule({ outcome, sub_status }) }).toEqual({
					outcome,
					sub_status,
					chosen: expected,
				});
			}
		// The user-visible cases, spelled out.
		expect(rule({ outcome: 'not_placed', sub_status: 'RATE_LIMITED' })).toBe(true);
		expect(rule({ outcome: 'not_placed', sub_status: 'NOT_ABLE_TO_CALL' })).toBe(false);
		expect(rule({ outcome: 'no_answer', sub_status: 'NO_ANSWER' })).toBe(true);
	});

	test('the calls go on once the contacts file is read; both Call Backs take the variables from its rows', () => {
		expect(node('Read the contacts file')).toMatchObject({
			type: 'n8n-nodes-base.readWriteFile',
			executeOnce: true,
			parameters: { operation: 'read', fileSelector: '.n8n-files/campaign/contacts.csv' },
		});
		expect(node('Contacts')).toMatchObject({
			type: 'n8n-nodes-base.extractFromFile',
			parameters: { operation: 'csv', binaryPropertyName: 'data' },
		});
		expect(node('Calls, once the contacts are read')).toMatchObject({
			type: 'n8n-nodes-base.merge',
			parameters: { mode: 'chooseBranch', useDataOfInput: 1 },
		});
		const to = (from: string) =>
			(example.connections[from] as { main: Array<Array<IDataObject>> }).main.map((o) =>
				o.map((c) => [c.node, c.index]),
			);
		expect(to('When a call ends')).toEqual([
			[
				['Calls, once the contacts are read', 0],
				['Read the contacts file', 0],
			],
		]);
		expect(to('Read the contacts file')).toEqual([[['Contacts', 0]]]);
		expect(to('Contacts')).toEqual([[['Calls, once the contacts are read', 1]]]);
		expect(to('Calls, once the contacts are read')).toEqual([[['By outcome', 0]]]);
		for (const name of [
			'Call back when asked',
			'Call back in the next window',
			'Call back on the day',
		]) {
			expect(node(name).parameters.overrides).toEqual({
				variableRows: "={{ $('Contacts').all() }}",
			});
			// Nothing hidden: a failed call-back goes to the error output, written to a file.
			expect(node(name).onError).toBe('continueErrorOutput');
			expect(to(name)[1]).toEqual([['Failed call-backs', 0]]);
		}
		expect(to('Call back in the next window')[0]).toEqual([]);
		expect(to('Failed call-backs')).toEqual([[['Failures as CSV', 0]]]);
		expect(to('Failures as CSV')).toEqual([[['Write the failures', 0]]]);
		expect(node('Write the failures').parameters.fileName).toBe(
			'=.n8n-files/follow-up/failed-{{ $execution.id }}-{{ $runIndex }}.csv',
		);
	});
});

describe('example: a call-back asked for a later day waits in the workflow', () => {
	const to = (from: string) =>
		(example.connections[from] as { main: Array<Array<IDataObject>> }).main.map((o) =>
			o.map((c) => [c.node, c.index]),
		);
	const WAIT = 'Wait until send_from';

	test("Call Back's too_far_ahead items go through a Wait until send_from to a Call Back of the same source; the rest stop", () => {
		expect(to('Call back when asked')).toEqual([
			[['Asked for a later day?', 0]],
			[['Failed call-backs', 0]],
		]);
		const check = node('Asked for a later day?') as ExampleNode & { typeVersion: number };
		expect(check.type).toBe('n8n-nodes-base.if');
		expect(check.typeVersion).toBe(2.2);
		expect(check.parameters.conditions).toEqual({
			options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
			conditions: [
				{
					id: expect.any(String),
					leftValue: '={{ $json.skipped }}',
					rightValue: 'too_far_ahead',
					operator: { type: 'string', operation: 'equals' },
				},
			],
			combinator: 'and',
		});
		// Placed, or skipped for another reason (already called back, max attempts): done.
		expect(to('Asked for a later day?')).toEqual([[[WAIT, 0]], []]);
		const wait = node(WAIT) as ExampleNode & { typeVersion: number; webhookId?: string };
		expect(wait).toMatchObject({ type: 'n8n-nodes-base.wait', typeVersion: 1.1 });
		expect(wait.webhookId).toMatch(/^[0-9a-f-]{36}$/);
		expect(wait.parameters).toEqual({ resume: 'specificTime', dateTime: EARLIEST_SEND_FROM });
		expect(to(WAIT)).toEqual([[['Call back on the day', 0]]]);
		// The same Call Back, of the call the skipped item names (its parent_call_id).
		const { callId, ...rest } = node('Call back on the day').parameters;
		const { callId: first, ...asked } = node('Call back when asked').parameters;
		expect(first).toBe('={{ $json.call_id }}');
		expect(callId).toBe('={{ $json.parent_call_id }}');
		expect(rest).toEqual(asked);
		// One still a day or more away (a later one than the earliest waited for) waits again.
		expect(to('Call back on the day')).toEqual([
			[['Asked for a later day?', 0]],
			[['Failed call-backs', 0]],
		]);
	});

	test('the later-day branch is the lowest on the canvas: the rest of an execution is done before it waits', () => {
		// n8n (executionOrder v1) runs an execution's branches one after another, the topmost
		// first: a branch above it would wait with the execution until send_from.
		const branch = ['Call back when asked', 'Asked for a later day?', WAIT, 'Call back on the day'];
		const y = (n: ExampleNode) => (n as ExampleNode & { position: [number, number] }).position[1];
		const others = example.nodes.filter(
			(n) => !branch.includes(n.name) && n.type !== 'n8n-nodes-base.stickyNote',
		);
		expect(Math.min(...branch.map((name) => y(node(name))))).toBeGreaterThan(
			Math.max(...others.map(y)),
		);
		expect((example as unknown as { settings: IDataObject }).settings.executionOrder).toBe('v1');
	});

	const clock = (ms: number, offsetMinutes: number) => {
		const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19);
		const sign = offsetMinutes < 0 ? '-' : '+';
		const abs = Math.abs(offsetMinutes);
		const hh = String(Math.floor(abs / 60)).padStart(2, '0');
		return `${local}${sign}${hh}:${String(abs % 60).padStart(2, '0')}`;
	};
	/** The Wait's Date and Time as n8n evaluates it, on these items. */
	const waitUntil = (sendFroms: string[]) => {
		const waitNode = {
			id: 'wait',
			name: WAIT,
			type: 'n8n-nodes-voice-agent.voiceAgentCalling',
			typeVersion: 1,
			position: [0, 0] as [number, number],
			parameters: {},
		};
		const items = sendFroms.map((send_from) => ({ json: { skipped: 'too_far_ahead', send_from } }));
		return makeWorkflow(waitNode).expression.getParameterValue(
			node(WAIT).parameters.dateTime as string,
			null,
			0,
			0,
			WAIT,
			items,
			'manual',
			{},
		);
	};

	test("the Wait's time: the earliest send_from of its items, whatever their offsets", () => {
		// Every item waits at least until its own send_from; none waits past it (a later one
		// waits again, around the loop): the earliest, as written.
		fc.assert(
			fc.property(
				fc.array(
					fc.record({
						ms: fc.integer({ min: Date.parse('2026-01-01'), max: Date.parse('2028-01-01') }),
						offset: fc.integer({ min: -12 * 4, max: 14 * 4 }).map((q) => q * 15),
					}),
					{ minLength: 1, maxLength: 6 },
				),
				(moments) => {
					const sendFroms = moments.map((m) => clock(Math.floor(m.ms / 60_000) * 60_000, m.offset));
					const earliest = Math.min(...sendFroms.map((s) => Date.parse(s)));
					const got = waitUntil(sendFroms);
					expect(sendFroms).toContain(got);
					expect(Date.parse(got as string)).toBe(earliest);
				},
			),
		);
		// The item of the user's report, alone: its own send_from.
		expect(waitUntil(['2026-12-07T12:00:00+05:30'])).toBe('2026-12-07T12:00:00+05:30');
	});
});

describe('example: its Call Back nodes, run as shipped', () => {
	const NEW_CALL = '11111111-2222-4333-8444-555555555555';
	// Maria Lopez in the contacts file, written there as (415) 555-0142.
	const TO = '+14155550142';
	const VARIABLES = { clinic: 'Sunrise Clinic', date: 'June 9', time: '10:30' };
	const FROM = '+14155550100';
	/** A Call Ended record, as the trigger emits it with details. */
	const ended = (extra: IDataObject) =>
		record({
			call_id: CALL,
			status: 'completed',
			direction: 'outbound',
			assistant: { id: AGENT },
			from_number: FROM,
			to_number: TO,
			callee_name: 'Ada',
			// The call history keeps no variables.
			custom_variables: null,
			...extra,
		});
	let log: string[];
	let bodies: IDataObject[];
	let unmatched: string[];
	beforeAll(() => nock.disableNetConnect());
	beforeEach(() => {
		jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-25T12:00:00Z'));
		unmatched = recordAll();
		const api = callBackApi();
		({ log, bodies } = api);
		const { scope } = api;
		api.onDetails(() => {
			log.push('details');
			return [200, { status: 'success', data: { id: CALL, parent_call_id: null } }];
		});
		api.onHistory(() => {
			log.push('history');
			return [200, { calls: [], limit: 100, offset: 0, count: 0, total: 0 }];
		});
		scope.get(/^\/ca\/api\/v0\/agent\/[^/]+$/).reply(() => {
			log.push('agent');
			// As the dev assistants' prompts: variables a history row does not keep.
			const config = {
				agent_prompt: 'Hi @{{callee_name}}, about @{{clinic}} on @{{date}} at @{{time}}',
				intro_message: '',
			};
			return [200, { agents: { id: AGENT, agent_config: config } }];
		});
		scope.post('/calling/outbound/individual').reply((_uri, body) => {
			log.push('start');
			bodies.push(body as IDataObject);
			return [200, { status: 'success', data: { call_id: NEW_CALL, call_status: 'registered' } }];
		});
	});
	afterEach(() => {
		expect(unmatched).toEqual([]);
		nock.cleanAll();
		nock.emitter.removeAllListeners('no match');
		jest.restoreAllMocks();
	});
	/** The node's parameters, its $('Contacts').all() given as what it yields in the workflow. */
	const asShipped = (name: string): IDataObject => {
		const parameters = structuredClone(node(name).parameters);
		expect(parameters.overrides).toEqual({ variableRows: "={{ $('Contacts').all() }}" });
		parameters.overrides = { variableRows: contactItems() };
		return parameters;
	};
	const runAs = (name: string, item: Record<string, unknown>) =>
		runNode({
			type: 'voiceAgentCalling',
			parameters: asShipped(name),
			items: [{ json: item as IDataObject }],
			timezone: 'America/New_York',
		});
	const sent = (callConfig: IDataObject) => ({
		name: 'Ada',
		mobile_number: TO,
		agent_id: AGENT,
		from_number: FROM,
		parent_call_id: CALL,
		custom_args_values: VARIABLES,
		call_config: callConfig,
	});

	test('not reached at 07:00 in New York: called back at 09:00 there', async () => {
		const { output, error } = await runAs(
			'Call back in the next window',
			ended({ outcome: 'no_answer', sub_status: 'NO_ANSWER' }),
		);
		expect(error).toBeUndefined();
		expect(log).toEqual(['details', 'history', 'agent', 'start']);
		expect(bodies).toEqual([
			sent({
				call_time: {
					call_start_time: '09:00',
					call_end_time: '18:00',
					timezone: 'America/New_York',
					scheduled_at: '2026-11-25T09:00:00',
				},
			}),
		]);
		expect(jsonOf(output)).toMatchObject([
			{
				call_id: NEW_CALL,
				parent_call_id: CALL,
				attempt: 2,
				already_called_back: false,
				variables_from: 'rows',
				variables_row: 1,
			},
		]);
	});

	test("call-back asked: called back at the requested time, in the callee's zone, a window from it", async () => {
		// 01:00Z is 17:00 in Los Angeles (area code 415) the evening before.
		const { error } = await runAs(
			'Call back when asked',
			ended({
				outcome: 'answered',
				callback_requested: true,
				callback_at: '2026-11-26T01:00:00Z',
			}),
		);
		expect(error).toBeUndefined();
		expect(bodies).toEqual([
			sent({
				call_time: {
					call_start_time: '17:00',
					call_end_time: '19:00',
					timezone: 'America/Los_Angeles',
					scheduled_at: '2026-11-25T17:00:00',
				},
			}),
		]);
	});

	test('call-back asked for a day or more ahead: not placed yet, the item says from when', async () => {
		const { output, error } = await runAs(
			'Call back when asked',
			ended({
				outcome: 'answered',
				callback_requested: true,
				callback_at: '2026-11-26T15:00:00Z',
			}),
		);
		expect(error).toBeUndefined();
		expect(bodies).toEqual([]);
		expect(jsonOf(output)).toMatchObject([
			{ skipped: 'too_far_ahead', send_from: '2026-11-25T09:00:00-08:00', attempt: 2 },
		]);
	});

	test('a call whose number has no row in the contacts: an error naming what is missing, nothing placed', async () => {
		const { error } = await runAs(
			'Call back in the next window',
			ended({ outcome: 'no_answer', to_number: '+14155550123' }),
		);
		expect(error?.message).toBe(
			"Overrides › Variables: the original call's variables are not known (a history row does not carry them, and no row of Variables From Rows (5) has +14155550123), and it needs @{{clinic}}, @{{date}}, @{{time}}, which the assistant uses: give them here [item 0]",
		);
		expect(bodies).toEqual([]);
	});
});

/**
 * The example "Follow up on every ended call" as shipped: its Voice Agent nodes' parameters
 * are the nodes' own (names and option values), the Switch's outputs go where the sticky note
 * says, and each Call Back node, run with the example's parameters, sends the exact request.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import nock from 'nock';
import type { IDataObject, INodeProperties, INodeTypeDescription } from 'n8n-workflow';

import { VoiceAgentCalling } from '../../nodes/VoiceAgentCalling/VoiceAgentCalling.node';
import { VoiceAgentTrigger } from '../../nodes/VoiceAgentPollingTrigger/VoiceAgentTrigger.node';
import { BASE_URL, jsonOf, recordAll, runNode } from '../helpers/harness';
import { AGENT, CALL } from '../helpers/fixtures';
import { record } from '../helpers/record';

interface ExampleNode {
	name: string;
	type: string;
	parameters: IDataObject;
	credentials?: IDataObject;
}
const example = JSON.parse(
	fs.readFileSync(
		path.join(__dirname, '../../examples/follow-up-on-every-ended-call.json'),
		'utf8',
	),
) as { name: string; nodes: ExampleNode[]; connections: IDataObject };
const node = (name: string) => example.nodes.find((n) => n.name === name) as ExampleNode;

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
			'Call back in the next window',
		]);
		expect(ours.flatMap(unknownParameters)).toEqual([]);
		for (const n of ours)
			expect(n.credentials).toEqual({
				voiceAgentApi: { id: 'vaSandboxCred001', name: 'Voice Agent (local sandbox)' },
			});
	});

	test('the trigger emits ended calls with their analysis, every minute', () => {
		expect(node('When a call ends').parameters).toMatchObject({
			event: 'callEnded',
			pollTimes: { item: [{ mode: 'everyMinute' }] },
			options: { includeDetails: true },
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
			[["={{ ['no_answer', 'busy', 'voicemail', 'failed'].includes($json.outcome) }}", '']],
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
});

describe('example: its Call Back nodes, run as shipped', () => {
	const NEW_CALL = '11111111-2222-4333-8444-555555555555';
	const TO = '+14155550123';
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
			custom_variables: {},
			...extra,
		});
	let log: string[];
	let bodies: IDataObject[];
	let unmatched: string[];
	beforeAll(() => nock.disableNetConnect());
	beforeEach(() => {
		jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-25T12:00:00Z'));
		unmatched = recordAll();
		log = [];
		bodies = [];
		const scope = nock(BASE_URL).persist();
		scope
			.get('/calling/call-details')
			.query(true)
			.reply(() => {
				log.push('details');
				return [200, { status: 'success', data: { id: CALL, parent_call_id: null } }];
			});
		scope
			.get('/calling/history')
			.query(true)
			.reply(() => {
				log.push('history');
				return [200, { calls: [], limit: 100, offset: 0, count: 0, total: 0 }];
			});
		scope.get(/^\/ca\/api\/v0\/agent\/[^/]+$/).reply(() => {
			log.push('agent');
			const config = { agent_prompt: 'Hi @{{callee_name}}', intro_message: '' };
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
	const runAs = (name: string, item: Record<string, unknown>) =>
		runNode({
			type: 'voiceAgentCalling',
			parameters: node(name).parameters,
			items: [{ json: item as IDataObject }],
			timezone: 'America/New_York',
		});
	const sent = (callConfig: IDataObject) => ({
		name: 'Ada',
		mobile_number: TO,
		agent_id: AGENT,
		from_number: FROM,
		parent_call_id: CALL,
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
			{ call_id: NEW_CALL, parent_call_id: CALL, attempt: 2, already_called_back: false },
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
});

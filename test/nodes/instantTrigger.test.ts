import nock from 'nock';

import { VoiceAgentInstantTrigger } from '../../nodes/VoiceAgentInstantTrigger/VoiceAgentInstantTrigger.node';
import { constantTimeEqual } from '../../nodes/VoiceAgentInstantTrigger/secret';
import { mockApi, registerNodeType } from '../helpers/harness';
import { emitted, WebhookNode } from '../helpers/webhook';

registerNodeType('voiceAgentInstantTrigger', () => new VoiceAgentInstantTrigger());

const SECRET = 'a-long-shared-secret-0123456789';
const AGENT = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const OTHER_AGENT = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const CALL = '11111111-2222-4333-8444-555555555555';
const T0 = Date.parse('2026-11-25T12:00:00Z');
const MIN = 60_000;
const auth = { 'x-voice-agent-secret': SECRET };

let now = T0;
beforeAll(() => nock.disableNetConnect());
beforeEach(() => {
	now = T0;
	jest.spyOn(Date, 'now').mockImplementation(() => now);
});
afterEach(() => {
	jest.restoreAllMocks();
	const pending = nock.pendingMocks();
	nock.cleanAll();
	expect(pending).toEqual([]);
});

const trigger = (parameters: Record<string, unknown> = {}) =>
	new WebhookNode('voiceAgentInstantTrigger', { secret: SECRET, ...parameters });

const turns = [{ bot: 'Hello Ada.' }, { user: 'Hi!' }];
const analysis = {
	platform_analysis: { summary: 'Spoke with Ada', sentiment: 'positive' },
	client_analysis: { confirmed: true },
};

function allProcessing(callId = CALL, agentId = AGENT) {
	return {
		event_type: 'all_processing_completed',
		event_id: `${callId}:all_processing_completed:1`,
		call_id: callId,
		agent_id: agentId,
		occurred_at: '2026-11-25T12:00:20+00:00',
		data: {
			call: { id: callId, status: 'completed', name: 'Ada', transcript: JSON.stringify(turns) },
			transcript: turns,
			recording_url: 'https://rec.example/1.wav',
			recording_duration: 42,
			...analysis,
		},
	};
}

function callback(status: string, callId = CALL) {
	return {
		status: 'success',
		message: `Call status: ${status}`,
		data: {
			call_id: callId,
			status,
			agent_id: AGENT,
			retry: 0,
			transcript: JSON.stringify(turns),
			...(status === 'completed' ? { analysis } : {}),
		},
	};
}

describe('authenticity', () => {
	test.each([
		['no secret', {}, {}],
		['a wrong header', { 'x-voice-agent-secret': 'a-long-shared-secret-012345678X' }, {}],
		['a wrong query parameter', {}, { secret: 'nope' }],
	])('%s: 401, nothing starts, nothing remembered', async (_label, headers, query) => {
		const node = trigger();
		const { result, res } = await node.request({ body: allProcessing(), headers, query });
		expect(res.statusCode).toBe(401);
		expect(res.body).toEqual({ error: 'Missing or wrong secret' });
		expect(result).toEqual({ noWebhookResponse: true });
		expect(node.staticData).toEqual({});
	});

	test('a trigger whose secret is too short accepts nothing, even the same value', async () => {
		const node = trigger({ secret: 'short' });
		const { res } = await node.request({
			body: allProcessing(),
			headers: { 'x-voice-agent-secret': 'short' },
		});
		expect(res.statusCode).toBe(401);
	});

	test('the secret is accepted as the query parameter too', async () => {
		const { result } = await trigger().request({
			body: allProcessing(),
			query: { secret: SECRET },
		});
		expect(emitted(result)).toHaveLength(1);
	});

	test('constant-time comparison still compares exactly', () => {
		expect(constantTimeEqual('abc', 'abc')).toBe(true);
		expect(constantTimeEqual('abc', 'abd')).toBe(false);
		expect(constantTimeEqual('abc', 'abc\u0000')).toBe(false);
		expect(constantTimeEqual('', 'a')).toBe(false);
	});
});

describe('deliveries', () => {
	test('all_processing_completed: one item, the call flattened with transcript and analyses', async () => {
		const { result } = await trigger().request({ body: allProcessing(), headers: auth });
		expect(emitted(result)).toEqual([
			{
				event_type: 'all_processing_completed',
				event_id: `${CALL}:all_processing_completed:1`,
				call_id: CALL,
				agent_id: AGENT,
				occurred_at: '2026-11-25T12:00:20+00:00',
				source: 'event',
				id: CALL,
				status: 'completed',
				name: 'Ada',
				transcript: turns,
				recording_url: 'https://rec.example/1.wav',
				recording_duration: 42,
				platform_analysis: analysis.platform_analysis,
				client_analysis: analysis.client_analysis,
				transcript_turns: [
					{ speaker: 'bot', text: 'Hello Ada.' },
					{ speaker: 'user', text: 'Hi!' },
				],
				transcript_text: 'Assistant: Hello Ada.\nCaller: Hi!',
			},
		]);
	});

	test('a retried delivery emits once, also after the first request is done', async () => {
		const node = trigger();
		const first = await node.request({ body: allProcessing(), headers: auth });
		const again = await node.request({ body: allProcessing(), headers: auth });
		expect(emitted(first.result)).toHaveLength(1);
		expect(again.result).toEqual({ webhookResponse: { received: true, duplicate: true } });
	});

	test('a delivery that starts the workflow is answered by the node, so n8n saves the memory first', async () => {
		const { result, res } = await trigger().request({ body: allProcessing(), headers: auth });
		expect([res.statusCode, res.body]).toEqual([200, { received: true }]);
		expect(result.noWebhookResponse).toBe(true);
		expect(emitted(result)).toHaveLength(1);
	});

	test('two copies at the same moment (the first still answering) emit once', async () => {
		const node = trigger();
		const first = await node.request({ body: allProcessing(), headers: auth }, { finish: false });
		// As n8n does: the second request reads static data saved before the first one's.
		node.workflow.staticData = {};
		const second = await node.request({ body: allProcessing(), headers: auth });
		first.res.finish();
		expect(emitted(first.result)).toHaveLength(1);
		expect(second.result).toEqual({ webhookResponse: { received: true, duplicate: true } });
	});

	test('call_completed deduplicates per attempt: a retry attempt is a new event', async () => {
		const node = trigger({ events: ['call_completed'] });
		const attempt = (n: number, status: string) => ({
			event_type: 'call_completed',
			call_id: CALL,
			agent_id: AGENT,
			data: { call_id: CALL, status, attempt: n },
		});
		const results = [];
		for (const body of [attempt(1, 'retry'), attempt(1, 'retry'), attempt(2, 'completed')]) {
			results.push((await node.request({ body, headers: auth })).result);
		}
		expect(results.map((r) => emitted(r).map((i) => [i.status, i.attempt]))).toEqual([
			[['retry', 1]],
			[],
			[['completed', 2]],
		]);
	});

	test('event types not selected, other assistants and unknown bodies start nothing', async () => {
		const node = trigger({ assistant: { __rl: true, mode: 'id', value: AGENT } });
		const recording = {
			event_type: 'recording_completed',
			call_id: CALL,
			agent_id: AGENT,
			data: { call_id: CALL },
		};
		expect((await node.request({ body: recording, headers: auth })).result).toEqual({
			webhookResponse: {
				received: true,
				ignored: 'event type recording_completed is not selected',
			},
		});
		expect(
			(await node.request({ body: allProcessing(CALL, OTHER_AGENT), headers: auth })).result,
		).toEqual({ webhookResponse: { received: true, ignored: 'another assistant' } });
		const { res } = await node.request({ body: { hello: 'world' }, headers: auth });
		expect([res.statusCode, res.body]).toEqual([
			400,
			{
				error:
					'Not a delivery of the voice agent service: neither an event nor a call status callback',
			},
		]);
	});

	test('status callbacks: only final statuses, analysis flattened, transcript decoded', async () => {
		const node = trigger();
		const ongoing = await node.request({ body: callback('ongoing'), headers: auth });
		expect(ongoing.result).toEqual({
			webhookResponse: { received: true, ignored: 'status ongoing is not final' },
		});
		const done = await node.request({ body: callback('completed'), headers: auth });
		expect(emitted(done.result)).toEqual([
			{
				event_type: 'call_status',
				event_id: null,
				call_id: CALL,
				agent_id: AGENT,
				occurred_at: null,
				source: 'callback',
				status: 'completed',
				retry: 0,
				transcript: JSON.stringify(turns),
				transcript_turns: [
					{ speaker: 'bot', text: 'Hello Ada.' },
					{ speaker: 'user', text: 'Hi!' },
				],
				transcript_text: 'Assistant: Hello Ada.\nCaller: Hi!',
				platform_analysis: analysis.platform_analysis,
				client_analysis: analysis.client_analysis,
			},
		]);
		const off = trigger({ acceptCallbacks: false });
		expect((await off.request({ body: callback('failed'), headers: auth })).result).toEqual({
			webhookResponse: { received: true, ignored: 'status callbacks are not accepted' },
		});
	});
});

describe('registration on the assistant', () => {
	const registering = () =>
		trigger({
			registerOnAssistant: true,
			assistant: { __rl: true, mode: 'id', value: AGENT },
			events: ['all_processing_completed', 'call_completed'],
		});
	const subscriptions = (mine: string | null, others: Record<string, string | null> = {}) => ({
		agents: {
			id: AGENT,
			event_subscriptions: {
				call_started: 'http://other.example/started',
				call_completed: mine,
				recording_completed: null,
				platform_analysis_completed: null,
				client_analysis_completed: 'http://other.example/client',
				all_processing_completed: mine,
				...others,
			},
		},
	});

	test('off (the default): activation touches no assistant, and needs no API', async () => {
		const node = trigger();
		expect(await node.hook('checkExists')).toBe(true);
		expect(await node.hook('delete')).toBe(true);
	});

	test('on: subscribes only the selected types with the secret in the URL; deactivation removes only those still ours', async () => {
		const node = registering();
		const url = `${node.url}?secret=${SECRET}`;
		// Nothing recorded yet: not registered, without asking.
		expect(await node.hook('checkExists')).toBe(false);

		mockApi()
			.patch('/agent/v1', {
				operation: 'edit_event_subscriptions',
				agent_id: AGENT,
				event_subscriptions: { all_processing_completed: url, call_completed: url },
			})
			.reply(200, { message: 'ok' });
		expect(await node.hook('create')).toBe(true);
		expect(node.staticData.registration).toEqual({
			agentId: AGENT,
			url,
			types: ['all_processing_completed', 'call_completed'],
		});

		mockApi().get(`/agent/${AGENT}`).reply(200, subscriptions(url));
		expect(await node.hook('checkExists')).toBe(true);

		// Someone else took call_completed meanwhile: it stays theirs.
		mockApi()
			.get(`/agent/${AGENT}`)
			.reply(200, subscriptions(url, { call_completed: 'http://other.example/completed' }));
		mockApi()
			.patch('/agent/v1', {
				operation: 'edit_event_subscriptions',
				agent_id: AGENT,
				event_subscriptions: { all_processing_completed: null },
			})
			.reply(200, { message: 'ok' });
		expect(await node.hook('delete')).toBe(true);
		expect(node.staticData.registration).toBeUndefined();
	});

	test('activation refuses a short secret and registering without an assistant', async () => {
		await expect(trigger({ secret: 'short' }).hook('checkExists')).rejects.toThrow(
			'Secret: at least 16 characters are needed before the trigger can listen (it has 5)',
		);
		await expect(trigger({ registerOnAssistant: true }).hook('checkExists')).rejects.toThrow(
			'Assistant: pick the assistant to register on',
		);
	});
});

describe('safety net', () => {
	const row = (n: number, minutesAgo: number) => ({
		id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
		status: 'completed',
		agent: { id: AGENT },
		created_at: new Date(now - (minutesAgo + 2) * MIN).toISOString(),
		call_attempt_time: new Date(now - (minutesAgo + 2) * MIN).toISOString(),
		call_duration: 60,
		transcript: JSON.stringify(turns),
	});
	const history = (rows: object[]) =>
		mockApi()
			.get('/calling/history')
			.query((q) => q.status === 'completed' && q.agent_id === AGENT && q.offset === '0')
			.reply(200, { calls: rows, total: rows.length });
	const netted = () =>
		trigger({
			assistant: { __rl: true, mode: 'id', value: AGENT },
			safetyNet: true,
			safetyNetOptions: { sweepMinutes: 10, graceMinutes: 5 },
		});

	test('baseline at activation, then a call whose event never came is emitted once after the grace period', async () => {
		const node = netted();
		const old = row(1, 30);
		history([old]);
		expect(await node.hook('checkExists')).toBe(false);
		expect(await node.hook('create')).toBe(true);

		// A new call ends; its event is dropped. A sweep request first sees it...
		now += 2 * MIN;
		const missed = row(2, 1);
		history([missed, old]);
		const first = await node.request({ headers: auth, query: { sweep: '1' } });
		expect(first.result).toEqual({ webhookResponse: { received: true, swept: 0 } });

		// ...and emits it once the grace period has passed without its event.
		now += 6 * MIN;
		history([missed, old]);
		mockApi()
			.get('/calling/call-details')
			.query({ id: missed.id, send_analysis: 'true' })
			.reply(200, { status: 'success', data: { id: missed.id, ...analysis } });
		const second = await node.request({ headers: auth, query: { sweep: '1' } });
		expect([second.res.body, second.result.noWebhookResponse]).toEqual([
			{ received: true, swept: 1 },
			true,
		]);
		expect(emitted(second.result)).toEqual([
			expect.objectContaining({
				event_type: 'all_processing_completed',
				source: 'safety_net',
				call_id: missed.id,
				agent_id: AGENT,
				...analysis,
				transcript_text: 'Assistant: Hello Ada.\nCaller: Hi!',
			}),
		]);

		// Its event arrives late after all: already emitted.
		const late = await node.request({ body: allProcessing(missed.id), headers: auth });
		expect(late.result).toEqual({ webhookResponse: { received: true, duplicate: true } });
	});

	test('a call whose event arrived is never emitted by the sweep; deliveries run the sweep when due', async () => {
		const node = netted();
		history([]);
		await node.hook('create');
		now += 11 * MIN;
		const delivered = row(3, 1);
		// The delivery is due to sweep (11 min since the last): it emits the event and sweeps.
		history([delivered]);
		const { result } = await node.request({ body: allProcessing(delivered.id), headers: auth });
		expect(emitted(result).map((i) => [i.call_id, i.source])).toEqual([[delivered.id, 'event']]);
		now += 11 * MIN;
		history([delivered]);
		const sweep = await node.request({ headers: auth, query: { sweep: '1' } });
		expect(sweep.result).toEqual({ webhookResponse: { received: true, swept: 0 } });
	});
});

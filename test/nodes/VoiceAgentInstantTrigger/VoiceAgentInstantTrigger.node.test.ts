import nock from 'nock';

import { BASE_URL, expectAllMocksUsed, mockApi } from '../../helpers/harness';
import { mockNow } from '../../helpers/mockNow';
import { cappedHistory } from '../../helpers/history';
import { record } from '../../helpers/record';
import { EVENT_TYPES } from '../../helpers/events';
import { emitted, WebhookNode } from '../../helpers/webhook';
import { AGENT } from '../../helpers/fixtures';

const SECRET = 'a-long-shared-secret-0123456789';
const OTHER_AGENT = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const CALL = '11111111-2222-4333-8444-555555555555';
const T0 = Date.parse('2026-11-25T12:00:00Z');
const MIN = 60_000;
const callId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const auth = { 'x-voice-agent-secret': SECRET };

let now = T0;
beforeAll(() => nock.disableNetConnect());
beforeEach(() => (now = T0));
mockNow(() => now);
expectAllMocksUsed();

const trigger = (parameters: Record<string, unknown> = {}) =>
	new WebhookNode('voiceAgentInstantTrigger', { secret: SECRET, ...parameters });

const turns = [{ bot: 'Hello Ada.' }, { user: 'Hi!' }];
// The platform analysis as the vendor reference gives it.
const analysis = {
	platform_analysis: {
		key_points: ['Ada confirmed'],
		action_items: [],
		summary: 'Spoke with Ada',
		classification: 'confirmed',
		callback_requested: false,
		callback_requested_time: null,
		status: 'analyzed',
		call_disconnect_reason: 'user_hangup',
		timezone: 'Asia/Kolkata',
	},
	client_analysis: { confirmed: true },
};
/** What the record reads from it. */
const analysisFields = {
	outcome: 'answered',
	summary: 'Spoke with Ada',
	classification: 'confirmed',
	key_points: ['Ada confirmed'],
	action_items: [],
	callback_requested: false,
	disconnect_reason: 'user_hangup',
};

/** The fields every event payload carries (vendor reference, 2026-08): flat, no wrapper. */
function common(eventType: string, callId = CALL, agentId = AGENT) {
	return {
		event_type: eventType,
		call_id: callId,
		call_sid: 'CA0123',
		agent_id: agentId,
		workspace_id: 'w1',
		agent_name: 'Maya',
		version_id: 'v1',
		version_slug: 'v1',
		custom_args_values: { clinic: 'Sunrise' },
		bulk_list_id: null,
		call_cost: 1.5,
	};
}

function allProcessing(callId = CALL, agentId = AGENT) {
	return {
		...common('all_processing_completed', callId, agentId),
		status: 'completed',
		sub_status: 'ACCEPTED',
		call_duration: 42,
		to_number: '+14155550100',
		from_number: '+14155550199',
		transcript: turns,
		recording_url: 'https://rec.example/1.wav',
		platform_analysis: analysis.platform_analysis,
		platform_analysis_status: 'success',
		client_analysis: analysis.client_analysis,
		client_analysis_status: 'success',
	};
}

/** One call_completed per ended attempt; a retry attempt has status "retry". */
function completed(status: string, attempts: number, callId = CALL) {
	return {
		...common('call_completed', callId),
		status,
		sub_status: status === 'retry' ? 'RETRY_SCHEDULED' : 'ACCEPTED',
		call_duration: status === 'completed' ? 42 : 0,
		to_number: '+14155550100',
		from_number: '+14155550199',
		transcript: status === 'completed' ? turns : [],
		retry_count: attempts - 1,
		attempts,
		recording_url: null,
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
});

describe('deliveries', () => {
	test('all_processing_completed: one item, the call record of the flat payload', async () => {
		const { result, res } = await trigger().request({ body: allProcessing(), headers: auth });
		expect(res.statusCode).toBe(200);
		expect(emitted(result)).toEqual([
			{
				event_type: 'all_processing_completed',
				event_id: null,
				occurred_at: null,
				source: 'event',
				...record({
					call_id: CALL,
					status: 'completed',
					sub_status: 'ACCEPTED',
					assistant: { id: AGENT, name: 'Maya', version_id: 'v1', version_slug: 'v1' },
					from_number: '+14155550199',
					to_number: '+14155550100',
					duration_seconds: 42,
					cost: 1.5,
					recording_url: 'https://rec.example/1.wav',
					...analysisFields,
					platform_analysis: analysis.platform_analysis,
					client_analysis: analysis.client_analysis,
					custom_variables: { clinic: 'Sunrise' },
					transcript_turns: [
						{ speaker: 'bot', text: 'Hello Ada.' },
						{ speaker: 'user', text: 'Hi!' },
					],
					transcript_text: 'Assistant: Hello Ada.\nCaller: Hi!',
					raw: allProcessing(),
				}),
			},
		]);
	});

	test('the second call_started of a call that connected (status ongoing) is another event', async () => {
		const node = trigger({ events: ['call_started'] });
		// Without event_id (it is optional): the status tells the two apart, a copy stays a copy.
		const queued = { ...common('call_started'), status: 'registered', sub_status: 'QUEUED' };
		const ongoing = { ...common('call_started'), status: 'ongoing', sub_status: 'ACCEPTED' };
		const seen = [];
		for (const body of [queued, queued, ongoing, ongoing]) {
			const { result, res } = await node.request({ body, headers: auth });
			expect(res.statusCode).toBe(200);
			seen.push(...emitted(result).map((i) => i.status));
		}
		expect(seen).toEqual(['registered', 'ongoing']);
	});

	test('each of the six payloads is read as delivered, and answered exactly 200', async () => {
		const node = trigger({ events: EVENT_TYPES });
		const started = {
			...common('call_started'),
			event_id: 'evt-1',
			timestamp: '2026-11-25T12:00:00+00:00',
			status: 'registered',
			sub_status: 'QUEUED',
			call_type: 'outbound',
			to_number: '+14155550100',
			from_number: '+14155550199',
		};
		const { agent_id: _none, ...recordingCommon } = common('recording_completed');
		const recording = {
			...recordingCommon,
			recording_url: 'https://rec.example/1.wav',
			recording_duration: 42,
			sub_status: 'ACCEPTED',
		};
		const platform = {
			...common('platform_analysis_completed'),
			analysis_data: analysis.platform_analysis,
		};
		const client = {
			...common('client_analysis_completed'),
			analysis_data: analysis.client_analysis,
		};
		const items = [];
		for (const body of [
			started,
			completed('completed', 1),
			recording,
			platform,
			client,
			allProcessing(),
		]) {
			const { result, res } = await node.request({ body, headers: auth });
			expect(res.statusCode).toBe(200);
			items.push(...emitted(result));
		}
		const assistantOf = (i: Record<string, unknown>) => (i.assistant as { id: unknown }).id;
		expect(items.map((i) => [i.event_type, i.call_id, assistantOf(i), i.source])).toEqual([
			['call_started', CALL, AGENT, 'event'],
			['call_completed', CALL, AGENT, 'event'],
			// recording_completed carries no agent_id.
			['recording_completed', CALL, null, 'event'],
			['platform_analysis_completed', CALL, AGENT, 'event'],
			['client_analysis_completed', CALL, AGENT, 'event'],
			['all_processing_completed', CALL, AGENT, 'event'],
		]);
		expect(items[0]).toMatchObject({
			event_id: 'evt-1',
			status: 'registered',
			occurred_at: started.timestamp,
			created_at: started.timestamp,
			direction: 'outbound',
		});
		expect(items[1]).toMatchObject({
			status: 'completed',
			transcript_text: 'Assistant: Hello Ada.\nCaller: Hi!',
			raw: { attempts: 1 },
		});
		// recording_completed has no status: the record says so with null.
		expect(items[2]).toMatchObject({
			status: null,
			recording_url: 'https://rec.example/1.wav',
			raw: { recording_duration: 42 },
		});
		expect(items[3].platform_analysis).toEqual(analysis.platform_analysis);
		expect(items[4].client_analysis).toEqual(analysis.client_analysis);
		expect(items[5]).toMatchObject({
			raw: { platform_analysis_status: 'success', client_analysis_status: 'success' },
		});
	});

	test('an assistant filter keeps recording_completed (it names no assistant), drops other assistants', async () => {
		const node = trigger({
			assistant: { __rl: true, mode: 'id', value: AGENT },
			events: ['recording_completed', 'all_processing_completed'],
		});
		const { agent_id: _none, ...recording } = {
			...common('recording_completed'),
			recording_url: 'https://rec.example/1.wav',
		};
		expect(emitted((await node.request({ body: recording, headers: auth })).result)).toHaveLength(
			1,
		);
		expect(
			(await node.request({ body: allProcessing(CALL, OTHER_AGENT), headers: auth })).result,
		).toEqual({ webhookResponse: { received: true, ignored: 'another assistant' } });
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

	test('an emitted delivery stays claimed until its save is read back, however long the save takes', async () => {
		// Seen under load in a real n8n: the node answers, n8n's save of the memory lands
		// seconds later, and a copy read from the database before it must still be caught.
		jest.useFakeTimers({
			now: Date.now(),
			doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'],
		});
		try {
			const node = trigger();
			const before = JSON.parse(JSON.stringify(node.workflow.staticData));
			const first = await node.request({ body: allProcessing(), headers: auth });
			expect(emitted(first.result)).toHaveLength(1);
			const saved = JSON.parse(JSON.stringify(node.workflow.staticData));
			await jest.advanceTimersByTimeAsync(10 * 60_000);
			// Ten minutes on, the save has still not landed: the copy reads the old memory.
			node.workflow.staticData = JSON.parse(JSON.stringify(before));
			const copy = await node.request({ body: allProcessing(), headers: auth });
			expect(copy.result).toEqual({ webhookResponse: { received: true, duplicate: true } });
			// The save lands: the memory answers from now on, and the claim is given back.
			node.workflow.staticData = saved;
			const later = await node.request({ body: allProcessing(), headers: auth });
			expect(later.result).toEqual({ webhookResponse: { received: true, duplicate: true } });
		} finally {
			jest.useRealTimers();
		}
	});

	test('call_completed: a retry attempt and the final one are two events; each retried delivery emits once', async () => {
		const node = trigger({ events: ['call_completed'] });
		const results = [];
		for (const body of [
			completed('retry', 1),
			completed('retry', 1),
			completed('completed', 2),
			completed('completed', 2),
		]) {
			results.push((await node.request({ body, headers: auth })).result);
		}
		const attemptOf = (i: Record<string, unknown>) => (i.raw as { attempts: number }).attempts;
		expect(results.map((r) => emitted(r).map((i) => [i.status, attemptOf(i)]))).toEqual([
			[['retry', 1]],
			[],
			[['completed', 2]],
			[],
		]);
	});

	test('the retry attempt is not the end of the call: the final event after it is emitted once', async () => {
		// With the call's end remembered per call, a retry taken as final would hide the real end.
		const node = trigger({ events: ['call_completed'] });
		const retry = await node.request({ body: completed('retry', 1), headers: auth });
		const final = await node.request({ body: completed('failed', 2), headers: auth });
		expect(emitted(retry.result).map((i) => i.status)).toEqual(['retry']);
		expect(emitted(final.result).map((i) => i.status)).toEqual(['failed']);
	});

	test('event types not selected, other assistants and unknown bodies start nothing', async () => {
		const node = trigger({ assistant: { __rl: true, mode: 'id', value: AGENT } });
		const recording = {
			...common('recording_completed'),
			recording_url: 'https://rec.example/1.wav',
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
				occurred_at: null,
				source: 'callback',
				...record({
					call_id: CALL,
					status: 'completed',
					assistant: { id: AGENT },
					transcript_turns: [
						{ speaker: 'bot', text: 'Hello Ada.' },
						{ speaker: 'user', text: 'Hi!' },
					],
					transcript_text: 'Assistant: Hello Ada.\nCaller: Hi!',
					...analysisFields,
					platform_analysis: analysis.platform_analysis,
					client_analysis: analysis.client_analysis,
					raw: callback('completed'),
				}),
			},
		]);
		const off = trigger({ acceptCallbacks: false });
		expect((await off.request({ body: callback('failed'), headers: auth })).result).toEqual({
			webhookResponse: { received: true, ignored: 'status callbacks are not accepted' },
		});
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
				assistant: { id: AGENT, name: null, version_id: null, version_slug: null },
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

describe('Instant Trigger safety net on a page-capping service', () => {
	test('a sweep reads every page and emits all 130 missed calls, not only the first 50', async () => {
		let now = T0;
		jest.spyOn(Date, 'now').mockImplementation(() => now);
		const node = new WebhookNode('voiceAgentInstantTrigger', {
			secret: SECRET,
			assistant: { __rl: true, mode: 'id', value: AGENT },
			safetyNet: true,
			safetyNetOptions: { sweepMinutes: 10, graceMinutes: 5 },
		});
		let rows: object[] = [];
		const offsets: number[] = [];
		cappedHistory(
			() => rows,
			offsets,
			(q) => q.status === 'completed' && q.agent_id === AGENT,
		);
		expect(await node.hook('checkExists')).toBe(false);
		expect(await node.hook('create')).toBe(true);
		expect(offsets).toEqual([0]);

		// 130 calls end and none of their events arrives.
		now += 2 * MIN;
		rows = Array.from({ length: 130 }, (_, n) => ({
			id: callId(n),
			status: 'completed',
			agent: { id: AGENT },
			created_at: new Date(now - MIN).toISOString(),
			call_attempt_time: new Date(now - MIN).toISOString(),
			call_duration: 30 + n,
			transcript: '[]',
		}));
		offsets.length = 0;
		const first = await node.request({
			query: { sweep: '1' },
			headers: { 'x-voice-agent-secret': SECRET },
		});
		expect(first.result).toEqual({ webhookResponse: { received: true, swept: 0 } });
		// 50 + 50 + 30: the short last page is shorter than the echoed limit, which proves the end.
		expect(offsets).toEqual([0, 50, 100]);

		now += 6 * MIN;
		offsets.length = 0;
		const details: string[] = [];
		mockApi()
			.get('/calling/call-details')
			.query((q) => q.send_analysis === 'true')
			.times(130)
			.reply((uri) => {
				const id = String(new URL(uri, BASE_URL).searchParams.get('id'));
				details.push(id);
				return [200, { status: 'success', data: { id } }];
			});
		const second = await node.request({
			query: { sweep: '1' },
			headers: { 'x-voice-agent-secret': SECRET },
		});
		expect(second.res.body).toEqual({ received: true, swept: 130 });
		expect(offsets).toEqual([0, 50, 100]);
		const ids = emitted(second.result).map((item) => item.call_id);
		// In the order the calls completed (durations grow with n).
		expect(ids).toEqual(Array.from({ length: 130 }, (_, n) => callId(n)));
		expect(details.sort()).toEqual([...ids].sort());
	});
});

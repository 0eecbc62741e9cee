import http from 'node:http';

import { TIMING, talkSeconds, type Sandbox } from '../../sandbox';
import { listenOnPort } from '../../lib/ports';
import { AGENT_1, NUMBER_1, callBody, startSandbox, useRealNetwork, type Client } from './helpers';
import { waitFor } from '../helpers/wait';
import { EVENT_TYPES, MINIMAL_ANALYSIS } from '../helpers/events';

/** Recordings on their own origin, per-call callbacks, event subscriptions and their faults. */

useRealNetwork();

interface Received {
	path: string;
	headers: http.IncomingHttpHeaders;
	body: any;
}

/** A webhook receiver on 127.0.0.1 answering `status` (or never, with 'hang'). */
async function receiver() {
	const got: Received[] = [];
	let answer: number | 'hang' = 200;
	const server = http.createServer((req, res) => {
		let text = '';
		req.on('data', (c) => (text += c));
		req.on('end', () => {
			got.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(text) });
			if (answer !== 'hang') res.writeHead(answer).end();
		});
	});
	const { port, release } = await listenOnPort(server, { what: 'the webhook receiver' });
	const url = `http://127.0.0.1:${port}`;
	return {
		url,
		got,
		answer(status: number | 'hang') {
			answer = status;
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => (release(), resolve()));
			}),
	};
}

let sb: Sandbox;
let api: Client;
let hook: Awaited<ReturnType<typeof receiver>>;

beforeEach(async () => {
	({ sb, api } = await startSandbox({ deliveryTimeoutMs: 300 }));
	hook = await receiver();
});
afterEach(async () => {
	await sb.close();
	await hook.close();
});

const NUMBER = '+14155552000';
const CALL_MS = TIMING.ringMs + talkSeconds(NUMBER) * 1000;

async function place(over: Record<string, unknown> = {}) {
	const res = await api.post('/calling/outbound/individual', callBody(over));
	expect(res.status).toBe(200);
	return res.body.data.call_id as string;
}

/** What every event of call `id` (placed by place()) says of the call: its assistant and variables. */
const callFields = (id: string) => ({
	call_id: id,
	call_sid: `CA${id.replace(/-/g, '')}`,
	agent_id: AGENT_1,
	workspace_id: '09090909-0000-4000-8000-000000000001',
	agent_name: 'Appointment Reminder',
	version_id: sb.store.agents.get(AGENT_1).versions[0].version_id,
	version_slug: 'v1',
	custom_args_values: { clinic: 'Sunrise Dental', date: 'June 9', time: '9:30 AM' },
	bulk_list_id: null,
});

/** A call to a number that does not pick up at first, retried once; its first attempt ended. */
async function notPickedFirst() {
	await subscribe({ call_completed: hook.url });
	await place({
		mobile_number: '+14155552077',
		call_config: { call_retry_config: { retry_not_picked: 1 } },
	});
	sb.advance(30_000);
	await sb.flushDeliveries();
}

/** call_started answered `first`, then 200 at its retry 10 s later: its delivery. */
async function retriedAfter(first: number | 'hang') {
	await subscribe({ call_started: hook.url });
	hook.answer(first);
	await place();
	await sb.flushDeliveries();
	hook.answer(200);
	sb.advance(10_000);
	await sb.flushDeliveries();
	return sb.deliveries[0];
}

/** Writes the assistant's whole subscription list: one entry per event type given. */
const subscribe = (subs: Record<string, string>, agent = AGENT_1) =>
	subscribeList(
		Object.entries(subs).map(([event_type, callback_url]) => ({ event_type, callback_url })),
		agent,
	);

const subscribeList = (list: unknown, agent = AGENT_1) =>
	api.patch('/agent/v1', {
		operation: 'edit_event_subscriptions',
		agent_id: agent,
		event_subscriptions: list,
	});

/** The subscriptions as read back from the assistant's active version. */
async function readSubscriptions(agent = AGENT_1) {
	const a = (await api.get(`/agent/${agent}`)).body.agents;
	return a.version_details[a.active_agent_version_id].event_subscriptions;
}

describe('recordings', () => {
	test('served from another origin, as an attachment, never seeing the API key; expire 24 h after the call', async () => {
		const id = await place();
		sb.advance(CALL_MS);
		const url = (await api.get(`/calling/call-details?id=${id}`)).body.data.recording_url as string;
		expect(new URL(url).origin).toBe(sb.recordingOrigin);
		expect(sb.recordingOrigin).not.toBe(sb.origin);
		const res = await fetch(url);
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toBe('audio/wav');
		expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${id}.wav"`);
		const wav = Buffer.from(await res.arrayBuffer());
		expect(wav.subarray(0, 4).toString()).toBe('RIFF');
		expect(wav.subarray(8, 12).toString()).toBe('WAVE');
		expect(wav.length).toBeGreaterThan(8000);
		expect(wav.length).toBeLessThan(30000);
		expect(sb.recordingRequests).toHaveLength(1);
		expect(Object.keys(sb.recordingRequests[0].headers).map((h) => h.toLowerCase())).not.toContain(
			'x-api-key',
		);

		sb.advance(24 * 3600_000 - 1);
		expect((await fetch(url)).status).toBe(200);
		sb.advance(1);
		const expired = await fetch(url);
		expect(expired.status).toBe(403);
		expect(expired.headers.get('content-type')).toBe('application/xml');
		expect(await expired.text()).toContain('<Code>AccessDenied</Code>');
		// The control path still serves it, for inspection.
		expect((await fetch(`${sb.origin}/__sandbox/recordings/${id}.wav`)).status).toBe(200);
	});

	test('an altered or unknown URL is refused like a bucket does; calls without a recording have null', async () => {
		const id = await place({ mobile_number: '+14155552013' });
		sb.advance(60_000);
		expect((await api.get(`/calling/call-details?id=${id}`)).body.data).toMatchObject({
			call_status: 'failed',
			recording_url: null,
		});
		const done = await place();
		sb.advance(CALL_MS);
		const url = sb.call(done)!.audio_recording!;
		expect((await fetch(url.replace(/Signature=\w/, 'Signature=0'))).status).toBe(403);
		expect((await fetch(url.replace(/Expires=\d+/, 'Expires=9999999999'))).status).toBe(403);
		expect((await fetch(`${sb.recordingOrigin}/recordings/${id}.wav`)).status).toBe(404);
	});
});

describe('per-call callbacks', () => {
	test('POSTs every status change with callback_args headers and params, nothing else', async () => {
		const id = await place({
			callback_url: `${hook.url}/cb?fixed=1`,
			callback_args: {
				headers: { 'Content-Type': 'application/json', 'X-Token': 't1' },
				params: { ref: 'r-9' },
			},
		});
		await sb.flushDeliveries();
		sb.advance(CALL_MS);
		await sb.flushDeliveries();
		expect(hook.got.map((r) => r.body.data.status)).toEqual(['registered', 'ongoing', 'completed']);
		for (const r of hook.got) {
			expect(r.path).toBe('/cb?fixed=1&ref=r-9');
			expect(r.headers['x-token']).toBe('t1');
			expect(r.headers['content-type']).toBe('application/json');
			expect(r.headers['x-api-key']).toBeUndefined();
		}
		const last = hook.got[2].body;
		expect(last).toEqual({
			status: 'success',
			message: 'Call status: completed',
			data: expect.objectContaining({
				call_id: id,
				status: 'completed',
				call_direction: 'outbound',
				call_duration: talkSeconds(NUMBER),
				recording_url: expect.stringContaining(sb.recordingOrigin),
				transcript: expect.stringMatching(/^\[\{"bot":/),
				agent_id: AGENT_1,
				retry: 0,
				from_number: '+14155550100',
				to_number: NUMBER,
				custom_args_values: expect.objectContaining({ clinic: 'Sunrise Dental' }),
				analysis: { platform_analysis: expect.any(Object), client_analysis: expect.any(Object) },
			}),
		});
		expect(sb.deliveries.every((d) => d.kind === 'callback' && d.state === 'delivered')).toBe(true);
	});

	test('retry, failed and cancelled are announced too', async () => {
		await place({
			mobile_number: '+14155552013',
			callback_url: hook.url,
			call_config: { call_retry_config: { retry_not_picked: 1 } },
		});
		const later = await place({
			callback_url: hook.url,
			call_config: { call_time: { scheduled_at: '2025-06-03T09:00:00', timezone: 'UTC' } },
		});
		sb.advance(31_000);
		await sb.flushDeliveries();
		sb.advance(61_000);
		await sb.flushDeliveries();
		expect((await api.patch('/campaign/terminate', { call_ids: [later] })).status).toBe(200);
		await sb.flushDeliveries();
		const statuses = hook.got.map(
			(r) => `${r.body.data.call_id === later ? 'later' : 'busy'}:${r.body.data.status}`,
		);
		expect(statuses).toEqual([
			'busy:registered',
			'busy:ongoing',
			'later:registered',
			'busy:retry',
			'busy:ongoing',
			'busy:failed',
			'later:cancelled',
		]);
	});

	test.each([
		[
			'callback_url not a URL',
			{ callback_url: 'not a url' },
			/callback_url must be an http or https URL/,
		],
		['callback_url a number', { callback_url: 5 }, /callback_url must be/],
		['ftp URL', { callback_url: 'ftp://127.0.0.1/x' }, /callback_url must be/],
		['args without url', { callback_args: { headers: {} } }, /callback_args needs callback_url/],
		[
			'args a string',
			{ callback_url: 'http://127.0.0.1/x', callback_args: 'h' },
			/callback_args must be an object/,
		],
		[
			'header not a string',
			{ callback_url: 'http://127.0.0.1/x', callback_args: { headers: { a: 1 } } },
			/callback_args.headers must be an object of string values/,
		],
		[
			'params a list',
			{ callback_url: 'http://127.0.0.1/x', callback_args: { params: ['a'] } },
			/callback_args.params must be/,
		],
		[
			'other key',
			{ callback_url: 'http://127.0.0.1/x', callback_args: { body: {} } },
			/callback_args.body is not allowed/,
		],
		[
			'from_number and from_number_id',
			{ from_number_id: NUMBER_1 },
			/either from_number or from_number_id/,
		],
	])('%s is 400 invalid_parameter', async (_name, over, message) => {
		const res = await api.post('/calling/outbound/individual', callBody(over));
		expect(res.status).toBe(400);
		expect(res.body.error.code).toBe('invalid_parameter');
		expect(res.body.error.message).toMatch(message);
		expect(sb.ledger).toHaveLength(0);
	});

	test('only loopback http receivers are contacted', async () => {
		await place({ callback_url: 'https://hooks.example.com/cb' });
		await sb.flushDeliveries();
		expect(sb.deliveries.map((d) => [d.state, d.attempts.length])).toEqual([
			['refused', 0],
			['refused', 0],
		]);
	});
});

describe('event subscriptions', () => {
	test('edit_event_subscriptions: the list replaces the whole list; secret-looking headers read back masked', async () => {
		const foreign = {
			event_type: ['call_completed', 'all_processing_completed'],
			callback_url: `${hook.url}/crm`,
			headers: { Authorization: 'Bearer crm-token-123', 'X-Team': 'sales' },
			method_type: 'PUT',
		};
		expect((await subscribeList([foreign])).status).toBe(200);
		expect(await readSubscriptions()).toEqual([
			{ ...foreign, headers: { Authorization: 'Bear***', 'X-Team': 'sales' } },
		]);
		// A second write without the first entry deletes it: the list is replaced, not merged.
		expect((await subscribe({ call_started: `${hook.url}/c` })).status).toBe(200);
		expect(await readSubscriptions()).toEqual([
			{
				event_type: 'call_started',
				callback_url: `${hook.url}/c`,
				headers: {},
				method_type: 'POST',
			},
		]);
		// Writing a masked value back stores the mask: the secret is gone.
		await subscribeList([{ ...foreign, headers: { Authorization: 'Bear***' } }]);
		expect(sb.store.agents.get(AGENT_1).versions[0].event_subscriptions[0].headers).toEqual({
			Authorization: 'Bear***',
		});
		expect((await subscribeList([])).status).toBe(200);
		expect(await readSubscriptions()).toEqual([]);
		for (const [list, message] of [
			[[{ event_type: 'call_ended', callback_url: hook.url }], /event_type' must be one of/],
			[[{ event_type: 'call_started', callback_url: 'nope' }], /callback_url' must be an http/],
			[[{ event_type: 'call_started', callback_url: hook.url, method_type: 'GET' }], /method_type/],
			[[{ event_type: 'call_started', callback_url: hook.url, headers: { a: 1 } }], /headers/],
			[{ call_started: hook.url }, /must be a list/],
		] as const) {
			const res = await subscribeList(list);
			expect(res.status).toBe(400);
			expect(res.body.detail).toMatch(message);
		}
	});

	test('the flat (reference) shape reads the subscriptions at the root, masked the same way', async () => {
		sb.setShape('docs');
		await subscribeList([
			{ event_type: 'call_started', callback_url: hook.url, headers: { 'X-Api-Key': 'k-12345' } },
		]);
		const agent = (await api.get(`/agent/${AGENT_1}`)).body.agents;
		expect(agent.version_details).toBeUndefined();
		expect(agent.event_subscriptions).toEqual([
			{
				event_type: 'call_started',
				callback_url: hook.url,
				headers: { 'X-Api-Key': 'k-12***' },
				method_type: 'POST',
			},
		]);
	});

	test('a completed call delivers every event, in order, on the clock', async () => {
		const types = EVENT_TYPES;
		await subscribe(Object.fromEntries(types.map((t) => [t, `${hook.url}/${t}`])));
		const id = await place();
		await sb.flushDeliveries();
		expect(hook.got.map((r) => r.body.event_type)).toEqual(['call_started']);
		sb.advance(CALL_MS);
		await sb.flushDeliveries();
		expect(hook.got).toHaveLength(2);
		sb.advance(20_000);
		await sb.flushDeliveries();
		expect(hook.got.map((r) => r.path.slice(1))).toEqual(types);
		const common = callFields(id);
		for (const r of hook.got) {
			// Flat payloads: no data wrapper; recording_completed has no agent_id.
			const { agent_id, ...rest } = common;
			expect(r.body).toMatchObject({
				event_type: r.path.slice(1),
				...(r.path === '/recording_completed' ? rest : common),
			});
			expect(r.body.data).toBeUndefined();
			expect(r.headers['content-type']).toBe('application/json');
			expect(r.headers['x-api-key']).toBeUndefined();
			void agent_id;
		}
		const [started, completed, recording, platform, client, all] = hook.got.map((r) => r.body);
		expect(started).toMatchObject({
			event_id: expect.any(String),
			timestamp: '2025-06-02T08:00:00.000+00:00',
			status: 'registered',
			call_type: 'outbound',
			to_number: NUMBER,
			from_number: '+14155550100',
		});
		expect(completed).toMatchObject({
			status: 'completed',
			sub_status: 'ACCEPTED',
			attempts: 1,
			retry_count: 0,
			recording_url: null,
			call_duration: talkSeconds(NUMBER),
			transcript: expect.arrayContaining([expect.objectContaining({ bot: expect.any(String) })]),
			call_cost: expect.any(Number),
		});
		expect(recording).not.toHaveProperty('agent_id');
		expect(recording).not.toHaveProperty('status');
		expect(recording).toMatchObject({
			recording_url: expect.stringContaining(sb.recordingOrigin),
			recording_duration: talkSeconds(NUMBER),
			sub_status: 'ACCEPTED',
		});
		// The vendor reference's platform analysis_data, every key of it.
		expect(Object.keys(platform.analysis_data).sort()).toEqual(
			[
				'action_items',
				'call_disconnect_reason',
				'callback_requested',
				'callback_requested_time',
				'classification',
				'key_points',
				'status',
				'summary',
				'timezone',
			].sort(),
		);
		expect(platform.analysis_data).toMatchObject({
			summary: expect.any(String),
			status: 'analyzed',
			timezone: 'Asia/Kolkata',
			call_disconnect_reason: expect.stringMatching(/^(agent|user)_hangup$/),
		});
		// Classified into the assistant's labels, which follow the callee's three replies.
		const replies = ['Yes, that works for me.', 'Can you call me back tomorrow?', 'No, thank you.'];
		expect(platform.analysis_data.classification).toBe(
			['confirmed', 'reschedule', 'declined'][replies.indexOf(completed.transcript[3].user)],
		);
		for (const analysis of [platform, client])
			expect(analysis).toMatchObject({
				status: 'completed',
				sub_status: 'ACCEPTED',
				call_type: 'outbound',
				call_duration: talkSeconds(NUMBER),
				to_number: NUMBER,
				from_number: '+14155550100',
				transcript: completed.transcript,
				entity_type: 'call',
			});
		expect(client.analysis_data).toEqual(
			expect.objectContaining({ confirmed: expect.any(Boolean) }),
		);
		expect(all).toMatchObject({
			status: 'completed',
			transcript: completed.transcript,
			recording_url: recording.recording_url,
			platform_analysis: platform.analysis_data,
			platform_analysis_status: 'success',
			client_analysis: client.analysis_data,
			client_analysis_status: 'success',
		});
	});

	test('subscriptions go with their method and headers, to every entry that covers the type', async () => {
		await subscribeList([
			{
				event_type: ['call_started'],
				callback_url: `${hook.url}/a`,
				method_type: 'PUT',
				headers: { Authorization: 'Bearer s3cret' },
			},
			{ event_type: 'call_started', callback_url: `${hook.url}/b` },
		]);
		await place();
		await sb.flushDeliveries();
		expect(hook.got.map((r) => [r.path, r.headers.authorization ?? null])).toEqual([
			['/a', 'Bearer s3cret'],
			['/b', null],
		]);
		expect(sb.deliveries.map((d) => d.method)).toEqual(['PUT', 'POST']);
	});

	test("the calls of a version go to that version's subscriptions; version_id picks it", async () => {
		const AB = 'a1a1a1a1-0000-4000-8000-000000000005';
		const control = 'a7a7a7a7-0000-4000-8000-000000000001';
		const discount = 'a7a7a7a7-0000-4000-8000-000000000002';
		await api.patch('/agent/v1', {
			operation: 'edit_event_subscriptions',
			agent_id: AB,
			version_id: control,
			event_subscriptions: [{ event_type: 'call_started', callback_url: `${hook.url}/control` }],
		});
		const body = { agent_id: AB, custom_args_values: { policy_id: 'P1', price: '$9' } };
		const a = await place({ ...body, version_id: control });
		const b = await place({ ...body, version_id: discount, mobile_number: '+14155552001' });
		await sb.flushDeliveries();
		expect(hook.got.map((r) => [r.path, r.body.call_id, r.body.version_slug])).toEqual([
			['/control', a, 'control'],
		]);
		expect(sb.call(b)!.agent.version).toEqual({
			version_id: discount,
			version_slug: 'discount-first',
		});
		const unknown = await api.post(
			'/calling/outbound/individual',
			callBody({ ...body, version_id: 'a7a7a7a7-0000-4000-8000-000000000009' }),
		);
		expect(unknown.status).toBe(404);
	});

	test('call_completed for every attempt that ends, retry included', async () => {
		await notPickedFirst();
		sb.advance(30_000 + TIMING.ringMs + talkSeconds('+14155552077') * 1000);
		await sb.flushDeliveries();
		expect(hook.got.map((r) => [r.body.status, r.body.attempts, r.body.retry_count])).toEqual([
			['retry', 1, 0],
			['completed', 2, 1],
		]);
	});

	test('failed calls: events carry the carrier cause as lower-case text, history and details the enum', async () => {
		await subscribe({ call_started: `${hook.url}/started`, call_completed: hook.url });
		const busy = await place({ mobile_number: '+14155552014' });
		const silent = await place({ mobile_number: '+14155552013' });
		const broken = await place({ mobile_number: '+14155552066' });
		sb.advance(60_000);
		await sb.flushDeliveries();
		const completed = hook.got.filter((r) => r.path === '/').map((r) => r.body);
		const byCall = (id: string) => completed.find((b) => b.call_id === id);
		expect([busy, silent, broken].map((id) => [byCall(id).status, byCall(id).sub_status])).toEqual([
			['failed', 'busy line'],
			['failed', 'no answer'],
			['error', 'not_able_to_call'],
		]);
		// call_started: registered / QUEUED, before the call is placed.
		expect(hook.got.filter((r) => r.path === '/started').map((r) => r.body.sub_status)).toEqual([
			'QUEUED',
			'QUEUED',
			'QUEUED',
		]);
		for (const [id, enumValue] of [
			[busy, 'FAILED'],
			[silent, 'FAILED'],
			[broken, 'NOT_ABLE_TO_CALL'],
		]) {
			const details = await api.get(`/calling/call-details?id=${id}`);
			expect(details.body.data.call_sub_status).toBe(enumValue);
		}
	});

	// FACTS: the analysis events fire for failed calls too, with the call's status and sub_status;
	// analysis_data is "empty or minimal" then: both are served (option failedAnalysis).
	test.each([
		['empty', {}],
		['minimal', MINIMAL_ANALYSIS],
	] as const)(
		'failed calls deliver both analyses and all_processing_completed, no recording (%s analysis)',
		async (variant, analysis) => {
			await sb.close();
			({ sb, api } = await startSandbox({ deliveryTimeoutMs: 300, failedAnalysis: variant }));
			const types = EVENT_TYPES.slice(1);
			await subscribe(Object.fromEntries(types.map((t) => [t, `${hook.url}/${t}`])));
			const busy = await place({ mobile_number: '+14155552014' });
			const broken = await place({ mobile_number: '+14155552066' });
			sb.advance(60_000);
			await sb.flushDeliveries();
			sb.advance(20_000);
			await sb.flushDeliveries();
			const got = (id: string) => hook.got.filter((r) => r.body.call_id === id).map((r) => r.body);
			for (const [id, status, sub_status] of [
				[busy, 'failed', 'busy line'],
				[broken, 'error', 'not_able_to_call'],
			]) {
				const [completed, platform, client, all] = got(id);
				expect([completed, platform, client, all].map((b) => b.event_type)).toEqual([
					'call_completed',
					'platform_analysis_completed',
					'client_analysis_completed',
					'all_processing_completed',
				]);
				const call = sb.call(id)!;
				const result = {
					status,
					sub_status,
					call_type: 'outbound',
					call_duration: 0,
					to_number: call.to_number,
					from_number: '+14155550100',
					transcript: [],
				};
				for (const [event, data] of [
					[platform, analysis],
					[client, {}],
				] as const) {
					expect(event).toEqual({
						event_type: event.event_type,
						...callFields(id),
						call_cost: 0,
						overall_latency_seconds: null,
						first_utterance_seconds: null,
						tool_call_logs: [],
						calling_source: 'twilio',
						...result,
						entity_type: 'call',
						analysis_data: data,
					});
				}
				expect(all).toMatchObject({
					...result,
					recording_url: null,
					platform_analysis: analysis,
					platform_analysis_status: 'cancelled',
					client_analysis: {},
					client_analysis_status: 'cancelled',
				});
			}
		},
	);

	test('a retried attempt is announced with sub_status QUEUED', async () => {
		await notPickedFirst();
		expect(hook.got.map((r) => [r.body.status, r.body.sub_status])).toEqual([['retry', 'QUEUED']]);
	});

	test('a failing receiver gets 3 retries after 10 s, 1 min and 2 min, then the delivery is given up', async () => {
		await subscribe({ call_started: hook.url });
		hook.answer(500);
		await place();
		await sb.flushDeliveries();
		for (const wait of [10_000, 60_000, 120_000]) {
			sb.advance(wait - 1);
			await sb.flushDeliveries();
			sb.advance(1);
			await sb.flushDeliveries();
		}
		sb.advance(600_000);
		await sb.flushDeliveries();
		const [d] = sb.deliveries;
		expect(d.state).toBe('failed');
		expect(d.attempts.map((a) => [a.at, a.status])).toEqual([
			['2025-06-02T08:00:00.000+00:00', 500],
			['2025-06-02T08:00:10.000+00:00', 500],
			['2025-06-02T08:01:10.000+00:00', 500],
			['2025-06-02T08:03:10.000+00:00', 500],
		]);
		expect(hook.got).toHaveLength(4);
	});

	test('only exactly 200 delivers: a 204 is retried', async () => {
		const d = await retriedAfter(204);
		expect(d.attempts.map((a) => a.status)).toEqual([204, 200]);
		expect(d.state).toBe('delivered');
	});

	test('a receiver that does not answer in time counts as failed; a later 200 delivers', async () => {
		const d = await retriedAfter('hang');
		expect(d.attempts.map((a) => [a.status, a.error])).toEqual([
			[null, 'timeout after 300 ms'],
			[200, null],
		]);
		expect(d.state).toBe('delivered');
	});
});

describe('delivery faults', () => {
	test('duplicate: the same event arrives twice; drop: lost for one type only; the ledger tells', async () => {
		await subscribe({ call_started: hook.url, call_completed: hook.url });
		sb.setDeliveryFaults([
			{ event: 'call_started', action: 'duplicate', times: 1 },
			{ event: 'call_completed', action: 'drop' },
		]);
		const id = await place();
		sb.advance(CALL_MS);
		await sb.flushDeliveries();
		expect(hook.got.map((r) => r.body.event_type)).toEqual(['call_started', 'call_started']);
		expect(hook.got[0].body).toEqual(hook.got[1].body);
		const res = await fetch(
			`${sb.origin}/__sandbox/deliveries?call_id=${id}&event_type=call_completed`,
		);
		expect(((await res.json()) as any).deliveries).toEqual([
			expect.objectContaining({ state: 'dropped', fault: 'drop', attempts: [] }),
		]);
	});

	test('the next N are dropped, and delays hold a delivery back on the sandbox clock', async () => {
		await subscribe({ call_started: hook.url });
		const ctl = await fetch(`${sb.origin}/__sandbox/delivery-faults`, {
			method: 'POST',
			body: JSON.stringify([
				{ action: 'drop', times: 1 },
				{ action: { delayMs: 5000 }, times: 1 },
			]),
		});
		expect(ctl.status).toBe(200);
		await place();
		await place({ mobile_number: '+14155552001' });
		await place({ mobile_number: '+14155552002' });
		await sb.flushDeliveries();
		expect(hook.got).toHaveLength(1);
		sb.advance(5000);
		await sb.flushDeliveries();
		expect(hook.got).toHaveLength(2);
		expect(sb.deliveries.map((d) => [d.state, d.fault])).toEqual([
			['dropped', 'drop'],
			['delivered', 'delay:5000'],
			['delivered', null],
		]);
		expect(
			((await (await fetch(`${sb.origin}/__sandbox/faults`)).json()) as any).deliveries,
		).toHaveLength(2);
	});

	test('the control API flushes deliveries and lists recording requests', async () => {
		await subscribe({ call_started: hook.url });
		await place();
		const flush = await fetch(`${sb.origin}/__sandbox/deliveries/flush`, { method: 'POST' });
		const flushed = (await flush.json()) as any;
		expect(flushed.deliveries.map((d: any) => d.state)).toEqual(['delivered']);
		const reqs = await (await fetch(`${sb.origin}/__sandbox/recording-requests`)).json();
		expect(reqs).toEqual({ requests: [] });
	});
});

describe('with the real clock', () => {
	test('deliveries leave on their own', async () => {
		const real = await startSandbox({ clock: 'real', speed: 20 });
		try {
			await real.api.patch('/agent/v1', {
				operation: 'edit_event_subscriptions',
				agent_id: AGENT_1,
				event_subscriptions: [
					{ event_type: ['call_started', 'call_completed'], callback_url: hook.url },
				],
			});
			await real.api.post('/calling/outbound/individual', callBody({ callback_url: hook.url }));
			await waitFor(
				'the call_completed delivery',
				() => hook.got.some((r) => r.body.event_type === 'call_completed'),
				undefined,
				50,
			);
			await real.sb.flushDeliveries();
			const kinds = hook.got.map((r) => r.body.event_type ?? `callback:${r.body.data.status}`);
			expect(kinds).toEqual(
				expect.arrayContaining([
					'callback:registered',
					'call_started',
					'callback:completed',
					'call_completed',
				]),
			);
		} finally {
			await real.sb.close();
		}
	});
});

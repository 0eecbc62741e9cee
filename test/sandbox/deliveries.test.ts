import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { TIMING, talkSeconds, type Sandbox } from '../../sandbox';
import { AGENT_1, NUMBER_1, callBody, startSandbox, useRealNetwork, type Client } from './helpers';

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
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return {
		url,
		got,
		answer(status: number | 'hang') {
			answer = status;
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
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

const subscribe = (subs: Record<string, string | null>, agent = AGENT_1) =>
	api.patch('/agent/v1', {
		operation: 'edit_event_subscriptions',
		agent_id: agent,
		event_subscriptions: subs,
	});

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
	test('edit_event_subscriptions: one URL per type, a new one replaces the old, null removes, others untouched', async () => {
		expect(
			(await subscribe({ call_started: `${hook.url}/a`, call_completed: `${hook.url}/b` })).status,
		).toBe(200);
		expect((await subscribe({ call_started: `${hook.url}/c` })).status).toBe(200);
		expect((await subscribe({ call_completed: null })).status).toBe(200);
		const subs = (await api.get(`/agent/${AGENT_1}`)).body.agents.event_subscriptions;
		expect(subs).toEqual({
			call_started: `${hook.url}/c`,
			call_completed: null,
			recording_completed: null,
			platform_analysis_completed: null,
			client_analysis_completed: null,
			all_processing_completed: null,
		});
		for (const [body, message] of [
			[{ call_ended: hook.url }, /Unknown event type 'call_ended'/],
			[{ call_started: 'nope' }, /must be an http or https URL, or null/],
			[{}, /at least one event type/],
		] as const) {
			const res = await subscribe(body as any);
			expect(res.status).toBe(400);
			expect(res.body.detail).toMatch(message);
		}
		const list = await api.patch('/agent/v1', {
			operation: 'edit_event_subscriptions',
			agent_id: AGENT_1,
			event_subscriptions: [hook.url],
		});
		expect(list.body.detail).toBe("'event_subscriptions' must be an object");
	});

	test('a completed call delivers every event, in order, on the clock', async () => {
		const types = [
			'call_started',
			'call_completed',
			'recording_completed',
			'platform_analysis_completed',
			'client_analysis_completed',
			'all_processing_completed',
		];
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
		for (const r of hook.got) {
			expect(r.body).toMatchObject({ event_type: r.path.slice(1), call_id: id, agent_id: AGENT_1 });
			expect(r.headers['content-type']).toBe('application/json');
			expect(r.headers['x-api-key']).toBeUndefined();
		}
		const [, completed, recording, , , all] = hook.got.map((r) => r.body.data);
		expect(completed).toMatchObject({
			status: 'completed',
			attempt: 1,
			call_duration: talkSeconds(NUMBER),
		});
		expect(recording).toEqual({
			call_id: id,
			recording_url: expect.stringContaining(sb.recordingOrigin),
			recording_duration: talkSeconds(NUMBER),
		});
		expect(all).toMatchObject({
			call: { id, status: 'completed', audio_recording: recording.recording_url },
			transcript: expect.arrayContaining([expect.objectContaining({ bot: expect.any(String) })]),
			recording_url: recording.recording_url,
			platform_analysis: expect.objectContaining({ summary: expect.any(String) }),
			client_analysis: expect.objectContaining({ confirmed: expect.any(Boolean) }),
		});
	});

	test('call_completed for every attempt that ends, retry included', async () => {
		await subscribe({ call_completed: hook.url });
		await place({
			mobile_number: '+14155552077',
			call_config: { call_retry_config: { retry_not_picked: 1 } },
		});
		sb.advance(30_000);
		await sb.flushDeliveries();
		sb.advance(30_000 + TIMING.ringMs + talkSeconds('+14155552077') * 1000);
		await sb.flushDeliveries();
		expect(hook.got.map((r) => [r.body.data.status, r.body.data.attempt])).toEqual([
			['retry', 1],
			['completed', 2],
		]);
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

	test('a receiver that does not answer in time counts as failed; a later 200 delivers', async () => {
		await subscribe({ call_started: hook.url });
		hook.answer('hang');
		await place();
		await sb.flushDeliveries();
		hook.answer(200);
		sb.advance(10_000);
		await sb.flushDeliveries();
		const [d] = sb.deliveries;
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
				event_subscriptions: { call_started: hook.url, call_completed: hook.url },
			});
			await real.api.post('/calling/outbound/individual', callBody({ callback_url: hook.url }));
			const deadline = Date.now() + 10_000;
			while (
				hook.got.filter((r) => r.body.event_type === 'call_completed').length < 1 &&
				Date.now() < deadline
			)
				await new Promise((r) => setTimeout(r, 50));
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

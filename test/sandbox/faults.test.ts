import { createSandbox, type Sandbox } from '../../sandbox';
import { callBody, control as controlOf, type Client } from './helpers';
import { useSandbox } from '../helpers/sandbox';
import { waitFor } from '../helpers/wait';

let sb: Sandbox;
let api: Client;
// These read the history without dates: the reading where that means no bound.
useSandbox((started) => ({ sb, api } = started), { historyDates: 'current' });

const control = (method: string, path: string, body?: unknown) => controlOf(sb, method, path, body);

const START = '/calling/outbound/individual';

describe('injected faults', () => {
	test('a 500 once, in the shape of the endpoint, then normal answers', async () => {
		sb.setFaults([{ endpoint: 'GET /calling/history', action: 500, times: 1 }]);
		const first = await api.get('/calling/history');
		expect(first.status).toBe(500);
		expect(first.body).toEqual({
			error: { code: '500 Internal Server Error', message: 'Internal server error' },
		});
		expect((await api.get('/calling/history')).status).toBe(200);
		// Other endpoints were never affected.
		sb.setFaults([{ endpoint: '/campaign/all', action: 500 }]);
		expect((await api.get('/workspace/users')).status).toBe(200);
		const campaigns = await api.get('/campaign/all');
		expect(campaigns.body).toEqual({ detail: 'Internal server error' });
	});

	test('429 with Retry-After, before anything happens', async () => {
		sb.setFaults([{ endpoint: `POST ${START}`, action: { status: 429, retryAfter: 3 }, times: 1 }]);
		const res = await api.post(START, callBody());
		expect(res.status).toBe(429);
		expect(res.headers.get('retry-after')).toBe('3');
		expect(res.body).toEqual({
			error: { code: '429 Too Many Requests', message: 'Too many requests, retry later' },
		});
		expect(sb.ledger).toEqual([]);
		expect((await api.post(START, callBody())).status).toBe(200);
		expect(sb.ledger).toHaveLength(1);
	});

	test('a connection dropped before placing the call places nothing', async () => {
		sb.setFaults([{ endpoint: `POST ${START}`, action: 'drop', times: 1 }]);
		await expect(api.post(START, callBody())).rejects.toThrow();
		expect(sb.ledger).toEqual([]);
		expect((await api.get('/calling/history?start_date=2025-06-02T08:00:00Z')).body.total).toBe(0);
	});

	test('a connection dropped AFTER placing the call: the client sees an error, the call exists', async () => {
		sb.setFaults([{ endpoint: `POST ${START}`, action: 'drop-after', times: 1 }]);
		await expect(api.post(START, callBody())).rejects.toThrow();
		expect(sb.ledger).toHaveLength(1);
		const history = await api.get('/calling/history?start_date=2025-06-02T08:00:00Z');
		expect(history.body.calls.map((c: any) => c.id)).toEqual([sb.ledger[0].call_id]);
	});

	test('a 500 AFTER placing the call: an ambiguous failure that did dial', async () => {
		sb.setFaults([{ endpoint: `POST ${START}`, action: '500-after', times: 1 }]);
		const res = await api.post(START, callBody());
		expect(res.status).toBe(500);
		expect(sb.ledger).toHaveLength(1);
		sb.advance(120_000);
		expect(sb.call(sb.ledger[0].call_id)?.status).toBe('completed');
	});

	test('a sequence is consumed in order, then the endpoint is healthy', async () => {
		sb.setFaults([{ endpoint: '/workspace/numbers', sequence: [503, 'pass', 429, 'drop'] }]);
		expect((await api.get('/workspace/numbers')).status).toBe(503);
		expect((await api.get('/workspace/numbers')).status).toBe(200);
		expect((await api.get('/workspace/numbers')).status).toBe(429);
		await expect(api.get('/workspace/numbers')).rejects.toThrow();
		expect((await api.get('/workspace/numbers')).status).toBe(200);
	});

	test('a rate hits a repeatable fraction of requests (seeded)', async () => {
		const statuses = async (box: Sandbox) => {
			box.setFaults([{ endpoint: '*', action: 500, rate: 0.3 }]);
			const out: number[] = [];
			for (let i = 0; i < 100; i++) {
				const res = await fetch(`${box.url}/workspace/users`, {
					headers: { 'X-API-KEY': box.apiKey },
				});
				await res.arrayBuffer();
				out.push(res.status);
			}
			return out;
		};
		const first = await statuses(sb);
		const failures = first.filter((s) => s === 500).length;
		expect(failures).toBeGreaterThan(15);
		expect(failures).toBeLessThan(45);
		const twin = await createSandbox({ seed: 1 });
		try {
			expect(await statuses(twin)).toEqual(first);
		} finally {
			await twin.close();
		}
	});

	test('latency and slow answers delay the response', async () => {
		sb.setLatency({ 'GET /workspace/users': 150 });
		let t = Date.now();
		expect((await api.get('/workspace/users')).status).toBe(200);
		expect(Date.now() - t).toBeGreaterThanOrEqual(140);
		sb.setLatency(0);
		sb.setFaults([{ endpoint: 'GET /workspace/users', action: { delayMs: 150 }, times: 1 }]);
		t = Date.now();
		expect((await api.get('/workspace/users')).status).toBe(200);
		expect(Date.now() - t).toBeGreaterThanOrEqual(140);
	});

	test('bad fault specs are refused', () => {
		expect(() => sb.setFaults([{ endpoint: '*', action: 'explode' }])).toThrow(
			'unknown fault action "explode"',
		);
		expect(() => sb.setFaults([{ endpoint: '*', action: 200 }])).toThrow(
			'fault status must be 400..599, got 200',
		);
		expect(() => sb.setFaults([{ endpoint: '*', action: 500, rate: 2 }])).toThrow(
			'faults: rate must be between 0 and 1',
		);
	});
});

describe('refused connections', () => {
	test('pause refuses new connections (nothing sent, nothing placed) until resume', async () => {
		sb.pause();
		const error = await api.post(START, callBody()).then(
			() => undefined,
			(e: Error & { cause?: { code?: string } }) => e,
		);
		expect(error?.cause?.code).toBe('ECONNREFUSED');
		expect(sb.ledger).toEqual([]);
		await sb.resume();
		expect((await api.post(START, callBody())).status).toBe(200);
		expect(sb.ledger).toHaveLength(1);
	});

	test('POST /__sandbox/pause answers, then refuses for the given time', async () => {
		const answers = () =>
			api.get('/workspace/users').then(
				(res) => res.status === 200,
				() => false,
			);
		// A busy machine can let a short pause end before the next request is made: then the
		// request proves nothing, and the pause is tried again ten times as long.
		for (const ms of [200, 2000, 20000]) {
			const asked = Date.now();
			expect(await control('POST', 'pause', { ms })).toEqual({
				status: 200,
				body: { paused_ms: ms },
			});
			// It pauses once its answer is sent.
			await new Promise((r) => setTimeout(r, 20));
			if (await answers()) {
				// Answered: only right if the pause had already ended.
				expect(Date.now() - asked).toBeGreaterThanOrEqual(ms);
				continue;
			}
			await waitFor('the sandbox to answer again', answers, undefined, 20);
			expect(Date.now() - asked).toBeGreaterThanOrEqual(ms - 1);
			return;
		}
		throw new Error('the machine was too slow to see a pause of 20 s');
	});
});

describe('control endpoints under /__sandbox/', () => {
	test('faults, ledger, advance and reset over HTTP', async () => {
		const set = await control('POST', 'faults', {
			rules: [{ endpoint: `POST ${START}`, action: '500-after', times: 1 }],
		});
		expect(set.status).toBe(200);
		expect(set.body.rules).toEqual([
			{ endpoint: `POST ${START}`, action: '500-after', times: 1, fired: 0, spent: false },
		]);
		expect((await api.post(START, callBody())).status).toBe(500);
		expect((await control('GET', 'faults')).body.rules[0]).toMatchObject({ fired: 1, spent: true });

		const ledger = await control('GET', 'ledger');
		expect(ledger.body.ledger).toEqual([
			expect.objectContaining({ mobile_number: '+14155552000' }),
		]);

		const advanced = await control('POST', 'advance', { ms: 120_000 });
		expect(advanced.body).toEqual({ now: '2025-06-02T08:02:00.000+00:00' });
		const calls = await control('GET', 'calls');
		expect(calls.body.calls.find((c: any) => c.id === ledger.body.ledger[0].call_id).status).toBe(
			'completed',
		);

		await api.patch('/workspace/api-key');
		expect(sb.apiKey).not.toBe('sandbox-key-0000');
		const reset = await control('POST', 'reset');
		expect(reset.body).toMatchObject({
			apiKey: 'sandbox-key-0000',
			now: '2025-06-02T08:00:00.000+00:00',
			calls: 22,
			ledger: 0,
			faults: { rules: [], latency: {} },
		});
		expect((await api.get('/calling/history', { key: 'sandbox-key-0000' })).body.total).toBe(22);
	});

	test('latency, state, bad input', async () => {
		expect((await control('POST', 'latency', { ms: 5 })).body.latency).toEqual({ '*': 5 });
		const state = await control('GET', 'state');
		expect(state.body).toMatchObject({ url: sb.url, clock: 'manual', speed: 1, seed: 1 });
		expect((await control('POST', 'faults', { rules: [{ action: 'nope' }] })).status).toBe(400);
		expect((await control('POST', 'advance', { ms: -1 })).status).toBe(400);
		expect((await control('GET', 'nothing')).status).toBe(404);
	});
});

describe('the real clock', () => {
	test('calls complete on their own at the configured speed', async () => {
		const fast = await createSandbox({ clock: 'real', speed: 200 });
		try {
			const before = Date.now();
			const res = await fetch(`${fast.url}${START}`, {
				method: 'POST',
				headers: { 'X-API-KEY': fast.apiKey, 'Content-Type': 'application/json' },
				body: JSON.stringify(callBody()),
			});
			const { data } = (await res.json()) as any;
			expect(Date.parse(data.initiated_at)).toBeGreaterThanOrEqual(before);
			// Read the raw state: no request and no sync, so only the sandbox's own timer moves it.
			await waitFor(
				'the call to complete on its own',
				() => fast.store.callsById.get(data.call_id).status === 'completed',
				undefined,
				50,
			);
		} finally {
			await fast.close();
		}
	});
});

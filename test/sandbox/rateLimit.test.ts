/**
 * The sandbox's workspace request limit (sandbox/lib/server/rateLimit.js): a sliding window on
 * the sandbox's clock, answered 429 in the endpoint's error shape. FACTS publishes no
 * rate-limit header, so both readings are served and tested: with Retry-After and without.
 */
import type { Sandbox } from '../../sandbox';
import { callBody, type Client } from './helpers';
import { useSandbox } from '../helpers/sandbox';

let sb: Sandbox;
let api: Client;
useSandbox((started) => ({ sb, api } = started));

const control = async (method: string, body?: unknown) => {
	const res = await fetch(`${sb.origin}/__sandbox/rate-limit`, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return { status: res.status, body: (await res.json()) as any };
};

const START = '/calling/outbound/individual';
const REFUSED = {
	error: { code: '429 Too Many Requests', message: 'Too many requests, retry later' },
};

describe.each([
	['with Retry-After', true],
	['without Retry-After', false],
])('%s', (_reading, retryAfter) => {
	const header = (seconds: string) => (retryAfter ? seconds : null);

	test('at most N requests in any window; the rest refused before anything is done', async () => {
		expect((await control('POST', { requests: 3, perMs: 10000, retryAfter })).status).toBe(200);
		const t0 = sb.now();
		for (let k = 0; k < 2; k++)
			expect((await api.get('/workspace/users?limit=20')).status).toBe(200);
		sb.advance(2000);
		expect((await api.post(START, callBody())).status).toBe(200);
		expect(sb.ledger).toHaveLength(1);

		// The fourth: a 429 in the calling family's shape, no call placed.
		const refusedStart = await api.post(START, callBody());
		expect([refusedStart.status, refusedStart.body]).toEqual([429, REFUSED]);
		expect(refusedStart.headers.get('retry-after')).toBe(header('8'));
		expect(sb.ledger).toHaveLength(1);
		// An endpoint answering {detail} refuses in its own shape.
		const campaigns = await api.get('/campaign/all');
		expect([campaigns.status, campaigns.body]).toEqual([
			429,
			{ detail: 'Too many requests, retry later' },
		]);
		expect(campaigns.headers.get('retry-after')).toBe(header('8'));

		// The window slides: the two first leave it at t0 + 10 s, the third at t0 + 12 s.
		sb.advance(t0 + 9999 - sb.now());
		expect((await api.get('/workspace/users?limit=20')).status).toBe(429);
		sb.advance(1);
		expect((await api.get('/workspace/users?limit=20')).status).toBe(200);
		expect((await api.get('/workspace/users?limit=20')).status).toBe(200);
		const third = await api.get('/workspace/users?limit=20');
		expect(third.status).toBe(429);
		expect(third.headers.get('retry-after')).toBe(header('2'));

		expect((await control('GET')).body).toEqual({
			limit: { requests: 3, perMs: 10000, retryAfter },
			served: 5,
			limited: 4,
			first_served_ms: t0,
			last_served_ms: t0 + 10000,
		});
	});

	test('requests without the workspace key are not counted; set through the handle too', async () => {
		sb.setRateLimit({ requests: 1, perMs: 60000, retryAfter });
		expect((await api.get('/workspace/users?limit=20', { key: 'wrong' })).status).toBe(401);
		expect((await api.get('/workspace/users?limit=20')).status).toBe(200);
		const refused = await api.get('/workspace/users?limit=20');
		expect(refused.status).toBe(429);
		// Under a second left is still a whole second: Retry-After is written in seconds.
		expect(refused.headers.get('retry-after')).toBe(header('60'));
		sb.advance(59500);
		expect((await api.get('/workspace/users?limit=20')).headers.get('retry-after')).toBe(
			header('1'),
		);
		expect(sb.rateLimit).toMatchObject({ served: 1, limited: 2 });
	});
});

test('no limit by default; reset and DELETE remove it; a bad spec is refused', async () => {
	expect((await control('GET')).body).toEqual({
		limit: null,
		served: 0,
		limited: 0,
		first_served_ms: null,
		last_served_ms: null,
	});
	for (const bad of [
		{ requests: 0, perMs: 1000 },
		{ requests: 2 },
		{ requests: 2, perMs: 10, retryAfter: 'yes' },
	])
		expect((await control('POST', bad)).status).toBe(400);
	await control('POST', { requests: 1, perMs: 60000 });
	expect((await control('GET')).body.limit).toEqual({
		requests: 1,
		perMs: 60000,
		retryAfter: true,
	});
	await api.get('/workspace/users?limit=20');
	expect((await api.get('/workspace/users?limit=20')).status).toBe(429);
	sb.reset();
	expect((await api.get('/workspace/users?limit=20')).status).toBe(200);
	await control('POST', { requests: 1, perMs: 60000 });
	await api.get('/workspace/users?limit=20');
	expect((await control('DELETE')).body.limit).toBeNull();
	expect((await api.get('/workspace/users?limit=20')).status).toBe(200);
});

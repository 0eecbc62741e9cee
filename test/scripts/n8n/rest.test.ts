/**
 * scripts/n8n/rest.js, the one reader of n8n's REST API: a 503 ("Database is not ready!")
 * and a refused connection are waited through, not taken as n8n's answer; a dropped
 * connection is sent again only when the request cannot have done anything (GET).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import fc from 'fast-check';
import nock from 'nock';

import * as env from '../../../scripts/n8n/env';
import { n8nRequest, restRequest, transientError, untilServed } from '../../../scripts/n8n/rest';
import { releasePorts, reservePorts } from '../../../lib/ports';

beforeAll(() => nock.enableNetConnect(/127\.0\.0\.1/));

interface Seen {
	method: string;
	url: string;
	body: string;
	cookie?: string;
}

/** A local n8n stand-in: `answer` decides each request's fate from the requests seen so far. */
function stub(answer: (seen: Seen[], res: http.ServerResponse, req: http.IncomingMessage) => void) {
	const seen: Seen[] = [];
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c) => chunks.push(c));
		req.on('end', () => {
			seen.push({
				method: req.method ?? '',
				url: req.url ?? '',
				body: Buffer.concat(chunks).toString('utf8'),
				...(req.headers.cookie ? { cookie: req.headers.cookie } : {}),
			});
			answer(seen, res, req);
		});
	});
	return { server, seen };
}

const listen = (server: http.Server, port = 0) =>
	new Promise<number>((resolve) =>
		server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
	);
const close = (server: http.Server) => new Promise((resolve) => server.close(resolve));

const notReady = (res: http.ServerResponse) => {
	res.writeHead(503, { 'content-type': 'application/json' });
	res.end(JSON.stringify({ code: 503, message: 'Database is not ready!' }));
};

test('503 "Database is not ready!" three times, then served: the served answer, the same request each time', async () => {
	const { server, seen } = stub((seen, res) => {
		if (seen.length <= 3) return notReady(res);
		res.writeHead(200, { 'content-type': 'application/json' });
		res.end(JSON.stringify({ data: { results: [{ id: '7' }] } }));
	});
	const port = await listen(server);
	try {
		const retried: string[] = [];
		const answer = await restRequest(
			port,
			'GET',
			'/executions?filter=%7B%7D',
			undefined,
			{ 'browser-id': 'b' },
			{ everyMs: 1, onRetry: (why) => retried.push(why) },
		);
		expect(answer).toEqual({
			status: 200,
			json: { data: { results: [{ id: '7' }] } },
			text: '{"data":{"results":[{"id":"7"}]}}',
			setCookie: undefined,
		});
		expect(seen).toEqual(
			Array(4).fill({ method: 'GET', url: '/rest/executions?filter=%7B%7D', body: '' }),
		);
		expect(retried).toEqual(Array(3).fill('503 {"code":503,"message":"Database is not ready!"}'));
	} finally {
		await close(server);
	}
});

test('n8nRequest: a webhook delivery answered 503 is sent again, the same body, until served', async () => {
	const { server, seen } = stub((seen, res) => {
		if (seen.length <= 2) return notReady(res);
		res.writeHead(200, { 'content-type': 'application/json' });
		res.end('{"started":true}');
	});
	const port = await listen(server);
	try {
		const answer = await n8nRequest(
			`http://127.0.0.1:${port}/webhook/calls?x=1`,
			'POST',
			{ 'content-type': 'application/json' },
			'{"rows":[1]}',
			{ everyMs: 1 },
		);
		expect(answer).toEqual({
			status: 200,
			json: { started: true },
			text: '{"started":true}',
			setCookie: undefined,
		});
		expect(seen).toEqual(
			Array(3).fill({ method: 'POST', url: '/webhook/calls?x=1', body: '{"rows":[1]}' }),
		);
	} finally {
		await close(server);
	}
});

test('restClient: every request waits through a 503, POST included, and keeps its login cookie', async () => {
	const { server, seen } = stub((seen, res) => {
		if (seen.length % 2 === 1) return notReady(res);
		res.writeHead(200, {
			'content-type': 'application/json',
			...(seen.length === 2 ? { 'set-cookie': 'n8n-auth=abc; Path=/; HttpOnly' } : {}),
		});
		res.end(JSON.stringify({ data: { n: seen.length } }));
	});
	const port = await listen(server);
	try {
		const rest = env.restClient(port);
		expect(await rest.request('POST', '/login', { email: 'a@b.c' })).toEqual({
			status: 200,
			json: { data: { n: 2 } },
			text: '{"data":{"n":2}}',
		});
		expect((await rest.request('GET', '/workflows/w1')).json).toEqual({ data: { n: 4 } });
		expect(seen).toEqual([
			{ method: 'POST', url: '/rest/login', body: '{"email":"a@b.c"}' },
			{ method: 'POST', url: '/rest/login', body: '{"email":"a@b.c"}' },
			{ method: 'GET', url: '/rest/workflows/w1', body: '', cookie: 'n8n-auth=abc' },
			{ method: 'GET', url: '/rest/workflows/w1', body: '', cookie: 'n8n-auth=abc' },
		]);
	} finally {
		await close(server);
	}
});

test('a refused connection (n8n not listening yet) is tried again until n8n listens', async () => {
	const [port] = await reservePorts(1);
	const { server, seen } = stub((_seen, res) => {
		res.writeHead(200, { 'content-type': 'application/json' });
		res.end('{"data":"up"}');
	});
	try {
		const retried: string[] = [];
		const answer = await restRequest(
			port,
			'POST',
			'/owner/setup',
			{ a: 1 },
			{},
			{
				everyMs: 1,
				// n8n comes up after the first refusal: the event, not a time.
				onRetry: (why) => {
					retried.push(why);
					if (retried.length === 1) void listen(server, port);
				},
			},
		);
		expect(answer.json).toEqual({ data: 'up' });
		expect(retried[0]).toBe('connection refused (ECONNREFUSED)');
		expect(retried.every((why) => why === 'connection refused (ECONNREFUSED)')).toBe(true);
		expect(seen).toEqual([{ method: 'POST', url: '/rest/owner/setup', body: '{"a":1}' }]);
	} finally {
		if (server.listening) await close(server);
		releasePorts([port]);
	}
});

test('a dropped connection: a GET is sent again, a POST fails at once (it may have been served)', async () => {
	const { server, seen } = stub((seen, res, req) => {
		if (seen.length === 1 || seen.length === 3) {
			req.socket.destroy();
			return;
		}
		res.writeHead(200, { 'content-type': 'application/json' });
		res.end('{"ok":true}');
	});
	const port = await listen(server);
	try {
		expect((await restRequest(port, 'GET', '/a', undefined, {}, { everyMs: 1 })).json).toEqual({
			ok: true,
		});
		await expect(restRequest(port, 'POST', '/b', {}, {}, { everyMs: 1 })).rejects.toThrow(
			/socket hang up|ECONNRESET/,
		);
		expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
			'GET /rest/a',
			'GET /rest/a',
			'POST /rest/b',
		]);
	} finally {
		await close(server);
	}
});

test('an n8n that never serves fails at the bound, naming the request and its last answer', async () => {
	const { server, seen } = stub((_seen, res) => notReady(res));
	const port = await listen(server);
	try {
		await expect(
			restRequest(port, 'GET', '/executions', undefined, {}, { timeoutMs: 20, everyMs: 1 }),
		).rejects.toThrow(
			'GET /rest/executions: n8n did not serve it within 20 ms (last: 503 {"code":503,"message":"Database is not ready!"})',
		);
		expect(seen.length).toBeGreaterThanOrEqual(1);
	} finally {
		await close(server);
	}
});

/** A try's outcome: an answer n8n gave, or a connection error of a code. */
type Outcome = { status: number } | { error: string };

const served = fc.integer({ min: 200, max: 599 }).filter((s) => s !== 503);

test('property: any run of transient outcomes then an answer gives that answer, after exactly those tries', async () => {
	await fc.assert(
		fc.asyncProperty(
			fc.constantFrom('GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT'),
			fc.array(
				fc.oneof(
					fc.constant<Outcome>({ status: 503 }),
					fc.constant<Outcome>({ error: 'ECONNREFUSED' }),
					fc.constant<Outcome>({ error: 'ECONNRESET' }),
				),
				{ maxLength: 8 },
			),
			served,
			async (method, transient, status) => {
				const script: Outcome[] = [...transient, { status }];
				let tries = 0;
				const send = async () => {
					const outcome = script[tries++];
					if ('error' in outcome)
						throw Object.assign(new Error(`connect ${outcome.error}`), { code: outcome.error });
					return { status: outcome.status, text: '' };
				};
				// A reset ends a request that is not a GET or HEAD: it may have been served.
				const firstReset = transient.findIndex((o) => 'error' in o && o.error === 'ECONNRESET');
				const final = ['GET', 'HEAD'].includes(method) ? -1 : firstReset;
				const run = untilServed(method, `${method} /x`, send, { everyMs: 0 });
				if (final === -1) {
					expect(await run).toEqual({ status, text: '' });
					expect(tries).toBe(script.length);
				} else {
					await expect(run).rejects.toThrow('connect ECONNRESET');
					expect(tries).toBe(final + 1);
				}
			},
		),
		{ numRuns: 200 },
	);
});

test('transientError: refused for every method, dropped for GET and HEAD only, nothing else', () => {
	const code = (c: string) => Object.assign(new Error(c), { code: c });
	expect(transientError('POST', code('ECONNREFUSED'))).toBe('connection refused (ECONNREFUSED)');
	expect(transientError('get', code('ECONNRESET'))).toBe('connection dropped (ECONNRESET)');
	expect(transientError('GET', new Error('socket hang up'))).toBe(
		'connection dropped (socket hang up)',
	);
	expect(transientError('POST', code('ECONNRESET'))).toBeUndefined();
	expect(transientError('GET', code('ENOTFOUND'))).toBeUndefined();
	expect(transientError('GET', new TypeError('x is not a function'))).toBeUndefined();
	// fetch's errors carry the code on their cause.
	expect(
		transientError(
			'GET',
			Object.assign(new TypeError('fetch failed'), { cause: code('ECONNREFUSED') }),
		),
	).toBe('connection refused (ECONNREFUSED)');
});

/**
 * nockFlight.ts: what nock is answering (the virtual clock waits for it), and TEST_JITTER.
 */
import nock from 'nock';

import { requestsInFlight, settled } from './nockFlight';

const ORIGIN = 'http://flight.example';

afterEach(() => nock.cleanAll());

test('a request nock is answering counts until its answer has landed; settled() waits for it', async () => {
	let release: () => void = () => undefined;
	const gate = new Promise<void>((resolve) => (release = resolve));
	const order: string[] = [];
	nock(ORIGIN)
		.get('/slow')
		.reply(async () => {
			await gate;
			return [200, { ok: true }];
		});
	expect(requestsInFlight()).toBe(0);
	const answer = fetch(`${ORIGIN}/slow`).then(async (r) => {
		order.push(`answer ${JSON.stringify(await r.json())}`);
	});
	// The request is matched a few turns after it is sent: wait for that event, not a time.
	while (requestsInFlight() === 0) await new Promise((r) => setImmediate(r));
	const quiet = settled().then(() => order.push('settled'));
	for (let n = 0; n < 20; n++) await new Promise((r) => setImmediate(r));
	expect(order).toEqual([]);
	release();
	await Promise.all([answer, quiet]);
	expect(requestsInFlight()).toBe(0);
	expect(order).toEqual(['answer {"ok":true}', 'settled']);
});

test('an answer that is an error lands too', async () => {
	nock(ORIGIN).get('/broken').replyWithError('boom');
	await expect(fetch(`${ORIGIN}/broken`)).rejects.toThrow();
	await settled();
	expect(requestsInFlight()).toBe(0);
});

test('with nothing in flight, settled() resolves at once', async () => {
	await expect(settled()).resolves.toBeUndefined();
});

/**
 * 429s through the transport and the workspace's pace (nodes/shared/http/pacer.ts): a row does
 * not fail while the service keeps answering, a node run's requests pause together, and
 * a call is placed exactly once whatever the pattern of refusals. Exact requests (nock);
 * waiting is virtual (n8n's sleep moves the clock Date.now reads).
 */
import fc from 'fast-check';
import nock from 'nock';

import { apiRequest } from '../../../nodes/shared/http/transport';
import { CREDENTIALS, loadOptionsContext, mockApi, runNode } from '../../helpers/harness';
import { sheetStart } from '../../helpers/startParams';
import { virtualClock } from '../../helpers/virtualClock';

jest.mock('n8n-workflow', () =>
	require('../../helpers/virtualClock').n8nWorkflowWithVirtualSleep(),
);

afterEach(() => nock.cleanAll());

const callId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const phone = (n: number) => `+1415555${String(1000 + n)}`;
const rows = (count: number) =>
	Array.from({ length: count }, (_, n) => ({ json: { name: `Row ${n}`, phone: phone(n) } }));

/** The exact body Start sends for row n (the fixtures' assistant, From Number +14155550000). */
const startBody = (n: number) => ({
	name: `Row ${n}`,
	mobile_number: phone(n),
	agent_id: expect.any(String),
	from_number: '+14155550000',
});

type Refusal = { retryAfter?: string };

/**
 * The start endpoint: `refuse(n, body)` says whether the n-th start (1-based) is refused with
 * 429, and with which Retry-After; else the row's call starts. Logs every start.
 */
function startService(refuse: (n: number, body: { mobile_number: string }) => Refusal | undefined) {
	const log: Array<{ body: Record<string, unknown>; at: number; status: number }> = [];
	mockApi()
		.post('/calling/outbound/individual')
		.times(10000)
		.reply((_uri, requestBody) => {
			const body = requestBody as { mobile_number: string };
			const refusal = refuse(log.length + 1, body);
			log.push({ body, at: Date.now(), status: refusal ? 429 : 200 });
			if (refusal) {
				return [
					429,
					{ error: { code: '429 Too Many Requests', message: 'Too many requests, retry later' } },
					refusal.retryAfter === undefined ? {} : { 'Retry-After': refusal.retryAfter },
				];
			}
			const n = Number(body.mobile_number.slice(-4)) - 1000;
			return [200, { message: 'ok', data: { call_id: callId(n), call_status: 'registered' } }];
		});
	return log;
}

async function start(count: number, settings: Record<string, unknown> = {}) {
	return await runNode({
		type: 'voiceAgentCalling',
		parameters: sheetStart(settings),
		items: rows(count),
		continueOnFail: true,
	});
}

describe('a long run of 429s does not fail the row', () => {
	test('with Retry-After: 15 refusals of 30 s, each honoured, then the call is placed once', async () => {
		const log = startService((n) => (n <= 15 ? { retryAfter: '30' } : undefined));
		const t0 = Date.now();
		const { output } = await start(1);
		expect(output.map((o) => o.json.call_id ?? o.json.error)).toEqual([callId(0)]);
		expect(log.map((l) => l.body)).toEqual(Array(16).fill(startBody(0)));
		// Each retry left exactly when the service said it could.
		expect(log.map((l) => l.at - t0)).toEqual(Array.from({ length: 16 }, (_, k) => k * 30000));
	});

	test('without Retry-After: 20 refusals, a backoff doubling to 2 s, then the call is placed once', async () => {
		const log = startService((n) => (n <= 20 ? {} : undefined));
		const t0 = Date.now();
		const { output } = await start(1);
		expect(output.map((o) => o.json.call_id ?? o.json.error)).toEqual([callId(0)]);
		expect(log.map((l) => l.body)).toEqual(Array(21).fill(startBody(0)));
		const gaps = log.slice(1).map((l, k) => l.at - log[k].at);
		expect(gaps).toEqual([250, 500, 1000, ...Array(17).fill(2000)]);
		expect(log[20].at - t0).toBe(35750);
	});

	test('refused for ten minutes: the row fails, saying so, and nothing was placed', async () => {
		const log = startService(() => ({ retryAfter: '60' }));
		const { output } = await start(1);
		expect(log).toHaveLength(10);
		expect(output.map((o) => o.json.error)).toEqual(['Too many requests, retry later']);
		expect(output[0].json.description).toBe(
			'The service is rate limiting this workspace. Slow down (fewer concurrent requests or calls per minute) and try again later. It was refused 10 times over 540 s, each time after the pause the service asked for.',
		);
	});

	test('a Retry-After beyond a minute is the endpoint’s own limit: reported at once, pausing nothing else', async () => {
		startService((n) => (n === 1 ? { retryAfter: '3600' } : undefined));
		const t0 = Date.now();
		const { output } = await start(2, { maxConcurrent: 1 });
		expect(output.map((o) => o.json.call_id ?? o.json.error)).toEqual([
			'Too many requests, retry later',
			callId(1),
		]);
		expect(Date.now() - t0).toBe(0);
	});
});

describe('each node run paces itself', () => {
	test("a 429 answered to one request pauses the run's others until Retry-After has passed; another execution is not held", async () => {
		const log: Array<{ who: string; at: number }> = [];
		mockApi()
			.get('/workspace/numbers')
			.query({ limit: '1', offset: '0' })
			.times(4)
			.reply(function () {
				log.push({ who: String(this.req.headers['x-who']), at: Date.now() });
				if (log.length > 1) return [200, { numbers: [] }];
				return [429, { detail: 'Too many requests' }, { 'Retry-After': '5' }];
			});
		const runA = loadOptionsContext('voiceAgentWorkspace', 'numbers');
		const read = (who: string, onRateLimited?: () => void, run = runA) =>
			apiRequest.call(run, {
				method: 'GET',
				path: '/workspace/numbers',
				qs: { limit: 1, offset: 0 },
				headers: { 'x-who': who },
				credentials: CREDENTIALS,
				onRateLimited,
			});
		const t0 = Date.now();
		virtualClock.sleeps.length = 0;
		let second: Promise<unknown> | undefined;
		let other: Promise<unknown> | undefined;
		// A2 (the same run) and B (another execution) start the moment A's 429 is read.
		await read('A', () => {
			second ??= read('A2');
			other ??= read('B', undefined, loadOptionsContext('voiceAgentWorkspace', 'numbers'));
		});
		await Promise.all([second, other]);
		const at = (who: string) => log.filter((l) => l.who === who).map((l) => l.at - t0);
		expect(log.map((l) => l.who).sort()).toEqual(['A', 'A', 'A2', 'B']);
		// A and A2 waited the 5 s the service asked of A; B, on a pace of its own, waited for
		// nothing (a third sleep if it had). The virtual clock adds the sleeps up, so the times
		// only show that A's and A2's came after them.
		expect(virtualClock.sleeps).toEqual([5000, 5000]);
		for (const later of [...at('A').slice(1), ...at('A2')])
			expect(later).toBeGreaterThanOrEqual(5000);
	});

	test("the caller's own gate opens after the workspace's pause, so a batch never times the pause as an answer", async () => {
		let n = 0;
		mockApi()
			.get('/workspace/numbers')
			.query({ limit: '1', offset: '0' })
			.times(2)
			.reply(() =>
				++n === 1
					? [429, { detail: 'Too many requests' }, { 'Retry-After': '5' }]
					: [200, { numbers: [] }],
			);
		const gates: number[] = [];
		const t0 = Date.now();
		await apiRequest.call(loadOptionsContext('voiceAgentWorkspace', 'numbers'), {
			method: 'GET',
			path: '/workspace/numbers',
			qs: { limit: 1, offset: 0 },
			credentials: CREDENTIALS,
			beforeAttempt: async () => {
				gates.push(Date.now() - t0);
			},
		});
		expect(gates).toEqual([0, 5000]);
	});

	test('two Starts at once: both slow down, every row is placed once', async () => {
		const log = startService((n) => (n <= 6 ? { retryAfter: '2' } : undefined));
		const [a, b] = await Promise.all([
			start(3),
			runNode({
				type: 'voiceAgentCalling',
				parameters: sheetStart(),
				items: rows(6).slice(3),
				continueOnFail: true,
			}),
		]);
		expect([...a.output, ...b.output].map((o) => o.json.call_id)).toEqual(
			[0, 1, 2, 3, 4, 5].map(callId),
		);
		const placed = log.filter((l) => l.status === 200).map((l) => l.body.mobile_number);
		expect(placed.sort()).toEqual([0, 1, 2, 3, 4, 5].map(phone));
	});
});

test('property: whatever the pattern of 429s (with and without Retry-After), every row is placed exactly once', async () => {
	await fc.assert(
		fc.asyncProperty(
			fc.integer({ min: 1, max: 6 }),
			fc.integer({ min: 1, max: 4 }),
			fc.array(fc.option(fc.constantFrom('0', '1', '7', '30'), { nil: undefined }), {
				maxLength: 30,
			}),
			fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }),
			async (count, concurrency, retryAfters, refusePattern) => {
				nock.cleanAll();
				let refusals = 0;
				const log = startService((n) => {
					// The pattern says which starts are refused, until the refusals run out.
					if (refusals >= retryAfters.length || !refusePattern[(n - 1) % refusePattern.length])
						return undefined;
					return { retryAfter: retryAfters[refusals++] };
				});
				const { output } = await start(count, { maxConcurrent: concurrency });
				expect(output.map((o) => o.json.call_id ?? o.json.error)).toEqual(
					Array.from({ length: count }, (_, n) => callId(n)),
				);
				const placed = log.filter((l) => l.status === 200).map((l) => l.body.mobile_number);
				expect(placed.sort()).toEqual(Array.from({ length: count }, (_, n) => phone(n)));
				expect(log).toHaveLength(count + refusals);
			},
		),
		{ numRuns: 40 },
	);
});

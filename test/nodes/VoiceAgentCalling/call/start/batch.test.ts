import nock from 'nock';

import { dialsPerNumber } from '../../../../helpers/dials';
import { API_KEY, BASE_URL, runNode } from '../../../../helpers/harness';
import { sheetStart } from '../../../../helpers/startParams';
import { unordered } from '../../../../helpers/unordered';

afterEach(() => nock.cleanAll());

/*
 * The waits the Pacer asks n8n's sleep for, recorded (and still slept). Spacing is judged by
 * what was asked, not by arrival times: a loaded machine runs timers late and together, and
 * would squeeze well-spaced starts into what looks like a burst.
 */
const waits: Array<{ ms: number; at: number }> = [];
/** Set by a test on a virtual clock: a wait is recorded and ends at once, the clock stands. */
let virtualSleep = false;
jest.mock('n8n-workflow', () => {
	const actual = jest.requireActual('n8n-workflow');
	return {
		...actual,
		sleep: async (ms: number) => {
			waits.push({ ms, at: Date.now() });
			if (virtualSleep) await new Promise((resolve) => setImmediate(resolve));
			else await actual.sleep(ms);
		},
	};
});
beforeEach(() => (waits.length = 0));
afterEach(() => {
	virtualSleep = false;
	jest.restoreAllMocks();
});

const callId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const rows = (count: number) =>
	Array.from({ length: count }, (_, n) => ({
		json: { name: `Row ${n}`, phone: `+1415555${String(1000 + n)}`, plan: `p${n}` },
	}));

const params = sheetStart;

/**
 * A fake service that records every start and answers after `delayMs`. It counts requests
 * it holds at once, which is the client's concurrency.
 */
function service(
	delayMs = 20,
	answer?: (body: Record<string, unknown>, n: number) => [number, object] | Error | undefined,
) {
	const log: Array<{ body: Record<string, unknown>; at: number }> = [];
	let inFlight = 0;
	let peak = 0;
	nock(BASE_URL)
		.matchHeader('x-api-key', API_KEY)
		.matchHeader('content-type', 'application/json')
		.post('/calling/outbound/individual')
		.times(10000)
		.reply(function (_uri, requestBody, callback) {
			const body = requestBody as Record<string, unknown>;
			log.push({ body, at: Date.now() });
			inFlight++;
			peak = Math.max(peak, inFlight);
			const custom = answer?.(body, log.length);
			setTimeout(() => {
				inFlight--;
				if (custom instanceof Error) return callback(custom, [0, '']);
				const num = Number(String(body.mobile_number).slice(-4)) - 1000;
				callback(
					null,
					custom ?? [
						200,
						{
							status: 'success',
							message: 'ok',
							data: { call_id: callId(num), call_status: 'registered' },
						},
					],
				);
			}, delayMs);
		});
	return { log, peak: () => peak };
}

test('many rows: one output per row, in input order, paired, concurrency bounded', async () => {
	const svc = service(30);
	const { output, error } = await runNode({
		type: 'voiceAgentCalling',
		items: rows(40),
		parameters: params({ maxConcurrent: 4 }),
	});
	expect(error).toBeUndefined();
	expect(output.map((o) => [o.json.call_id, o.pairedItem])).toEqual(
		Array.from({ length: 40 }, (_, n) => [callId(n), { item: n }]),
	);
	expect(svc.log).toHaveLength(40);
	expect(new Set(svc.log.map((l) => l.body.mobile_number)).size).toBe(40);
	expect(svc.peak()).toBe(4);
});

test('pacing: starts are spaced by 60 s / Calls per Minute', async () => {
	// Time stands still (on the real clock a busy machine puts time between the workers'
	// claims, and their waits shrink by it); the waits are recorded and end at once.
	const clock = Date.now();
	jest.spyOn(Date, 'now').mockImplementation(() => clock);
	virtualSleep = true;
	const svc = service(1);
	await runNode({
		type: 'voiceAgentCalling',
		items: rows(5),
		parameters: params({ maxConcurrent: 5, callsPerMinute: 600 }),
	});
	expect(svc.log).toHaveLength(5);
	// 600 per minute = one start every 100 ms: the first worker starts at once, the others,
	// claiming together, are told to wait 100, 200, 300 and 400 ms.
	expect(waits).toEqual([100, 200, 300, 400].map((ms) => ({ ms, at: clock })));
});

test('spreading: answers that come back together do not make the next round a burst', async () => {
	// On the real clock a busy machine delivers ten answers released together some
	// milliseconds apart, and then there is no burst to spread. So time stands still here
	// (Date.now) except when the service answers: it holds each round's ten requests until all
	// are in, moves the clock 200 ms on and answers them at once. The Pacer's waits are
	// recorded and end at once.
	let clock = Date.now();
	jest.spyOn(Date, 'now').mockImplementation(() => clock);
	virtualSleep = true;
	const log: Array<{ number: unknown; at: number }> = [];
	let held: Array<() => void> = [];
	nock(BASE_URL)
		.matchHeader('x-api-key', API_KEY)
		.post('/calling/outbound/individual')
		.times(20)
		.reply(function (_uri, requestBody, callback) {
			const body = requestBody as Record<string, unknown>;
			log.push({ number: body.mobile_number, at: clock });
			const num = Number(String(body.mobile_number).slice(-4)) - 1000;
			held.push(() =>
				callback(null, [200, { status: 'success', message: 'ok', data: { call_id: callId(num) } }]),
			);
			if (held.length < 10) return;
			const round = held;
			held = [];
			clock += 200;
			for (const answer of round) answer();
		});
	const { output, error } = await runNode({
		type: 'voiceAgentCalling',
		items: rows(20),
		parameters: params({ maxConcurrent: 10 }),
	});
	expect(error).toBeUndefined();
	expect(output.map((o) => o.json.call_id)).toEqual(
		Array.from({ length: 20 }, (_, n) => callId(n)),
	);
	expect(log).toHaveLength(20);
	const start = log[0].at;
	// The first round leaves at once (no answer time known yet).
	expect(log.slice(0, 10).map((l) => l.at)).toEqual(Array(10).fill(start));
	// Its answers came back together, 200 ms on: the next round is spread 0.5 x 200 / 10 = 10 ms
	// apart (the first at once, the others told to wait 10, 20, … 90 ms); as a burst none would
	// wait. The spacing's rule itself is in batch.pacer.test.ts.
	expect(waits).toEqual(
		Array.from({ length: 9 }, (_, k) => ({ ms: 10 * (k + 1), at: start + 200 })),
	);
});

test('a 429 pauses the whole batch for Retry-After, and the rejected row is retried', async () => {
	let pausedAt = 0;
	const svc = service(1, (_body, n) => {
		if (n === 2) {
			pausedAt = Date.now();
			return [429, { error: { code: 'rate_limited', message: 'Slow down' } }];
		}
		return undefined;
	});
	nock.cleanAll();
	const log: number[] = [];
	let n = 0;
	nock(BASE_URL)
		.post('/calling/outbound/individual')
		.times(100)
		.reply(function (_uri, body) {
			n++;
			log.push(Date.now());
			if (n === 2) {
				pausedAt = Date.now();
				return [
					429,
					{ error: { code: 'rate_limited', message: 'Slow down' } },
					{ 'Retry-After': '1' },
				];
			}
			const num =
				Number(String((body as { mobile_number: string }).mobile_number).slice(-4)) - 1000;
			return [200, { status: 'success', message: 'ok', data: { call_id: callId(num) } }];
		});
	const { output, error } = await runNode({
		type: 'voiceAgentCalling',
		items: rows(6),
		parameters: params({ maxConcurrent: 1 }),
	});
	expect(svc.log).toHaveLength(0);
	expect(error).toBeUndefined();
	expect(output.map((o) => o.json.call_id)).toEqual([0, 1, 2, 3, 4, 5].map(callId));
	expect(log).toHaveLength(7); // six rows + the one retry
	// Nothing was sent while the batch was paused.
	expect(log.filter((t) => t > pausedAt && t < pausedAt + 950)).toEqual([]);
});

test('ambiguous failures (500, connection lost) are reported on their row and never retried', async () => {
	const svc = service(1, (body) => {
		if (body.mobile_number === '+14155551002')
			return [500, { error: { code: '500 Internal Server Error', message: 'Internal error' } }];
		if (body.mobile_number === '+14155551004')
			return Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
		return undefined;
	});
	const { output, error } = await runNode({
		type: 'voiceAgentCalling',
		continueOnFail: true,
		items: rows(6),
		parameters: params({ maxConcurrent: 3 }),
	});
	expect(error).toBeUndefined();
	expect(output.map((o) => o.json.call_id ?? o.json.error)).toEqual([
		callId(0),
		callId(1),
		'Internal error',
		callId(3),
		'The connection to the service was closed before it answered',
		callId(5),
	]);
	expect(output.map((o) => o.pairedItem)).toEqual([0, 1, 2, 3, 4, 5].map((item) => ({ item })));
	const perNumber = dialsPerNumber(svc.log.map((l) => l.body.mobile_number));
	expect([...perNumber.values()]).toEqual([1, 1, 1, 1, 1, 1]);
});

test('without Continue On Fail, one bad row stops the batch before anyone is dialled', async () => {
	const svc = service(1);
	const items = rows(5);
	items[3].json.phone = 'n/a';
	const { error, output } = await runNode({
		type: 'voiceAgentCalling',
		items,
		parameters: params(),
	});
	expect(error?.message).toBe(
		'Phone Number: "n/a" is not a phone number in international format with country code, e.g. +14155550100 [item 3]',
	);
	expect(output).toEqual([]);
	expect(svc.log).toHaveLength(0);
});

test('without Continue On Fail, an API failure stops new starts and says how many were started', async () => {
	const svc = service(5, (body) =>
		body.mobile_number === '+14155551001'
			? [
					400,
					{ error: { code: 'invalid_parameter', message: 'from_number is not in the workspace' } },
				]
			: undefined,
	);
	const { error } = await runNode({
		type: 'voiceAgentCalling',
		items: rows(50),
		parameters: params({ maxConcurrent: 2 }),
	});
	expect(error?.message).toBe('from_number is not in the workspace');
	expect(String(error?.description)).toMatch(
		/^The service rejected a field or parameter\. Check the values named in the message\. \d+ other item\(s\) had already been carried out \(for example, calls started\)/,
	);
	expect(svc.log.length).toBeLessThan(5);
});

test('spreadsheet numbers are normalised with the default country code; all columns become variables', async () => {
	const svc = service(1);
	const { output, error } = await runNode({
		type: 'voiceAgentCalling',
		continueOnFail: true,
		items: [
			{ json: { name: 'A', phone: '98765 43210', city: 'Pune', visits: 3 } },
			{ json: { name: 'B', phone: '(0) 98765-43211', city: 'Goa', visits: 1 } },
			{ json: { name: 'C', phone: '0044 20 7946 0000', city: 'London', visits: 0 } },
			{ json: { name: 'D', phone: '12', city: 'Nowhere', visits: 0 } },
		],
		parameters: params(
			{ defaultCountryCode: '+91' },
			{ variablesMode: 'row', variablesExclude: 'phone, name' },
		),
	});
	expect(error).toBeUndefined();
	expect(unordered(svc.log.map((l) => [l.body.mobile_number, l.body.custom_args_values]))).toEqual(
		unordered([
			['+919876543210', { city: 'Pune', visits: '3' }],
			['+919876543211', { city: 'Goa', visits: '1' }],
			['+442079460000', { city: 'London', visits: '0' }],
		]),
	);
	expect(output[3].json.error).toBe(
		'Phone Number: "12" is not a phone number in international format with country code, e.g. +14155550100 [item 3]',
	);
});

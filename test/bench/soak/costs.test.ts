/**
 * The soak's costs and final line on a hand-made run: each figure is the ratio of what the run
 * logged, per day and in all, and the line names every count the judge gave.
 */
export {}; // a module: its names are its own (the judge and costs are plain JS, required)
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { costsOf, endpointOf, whereReadsGo } = require('../../../bench/soak/costs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { historyWindow } = require('../../../bench/soak/proxy');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { report } = require('../../../bench/soak/report');

const DAY = 86_400_000;
const dayOf = (at: number) => Math.floor(at / DAY) + 1;
const req = (at: number, op: string, method: string, path: string) => ({ at, op, method, path });

const verdict = {
	days: [
		{ day: 1, calls: 2, wrong_hour: 0, listed: 0, double: 0, missed: 0 },
		{ day: 2, calls: 4, wrong_hour: 1, listed: 0, double: 0, missed: 2 },
	],
	totals: { calls: 6, wrong_hour: 1, listed: 0, double: 0, missed: 2 },
	findings: [],
};
const result = {
	options: { days: 2 },
	requests: [
		req(10, 'start', 'POST', '/calling/outbound/individual'),
		req(11, 'start', 'POST', '/calling/outbound/individual'),
		req(12, 'trigger', 'GET', '/calling/history'),
		req(13, 'callBack', 'GET', '/calling/history'),
		req(DAY + 1, 'trigger', 'GET', '/calling/history'),
		req(DAY + 2, 'trigger', 'GET', '/calling/history'),
		req(DAY + 3, 'callBack', 'GET', '/calling/history'),
		req(DAY + 4, 'callBack', 'GET', '/calling/history'),
		req(DAY + 5, 'callBack', 'GET', '/agent/a1a1a1a1-0000-4000-8000-000000000001'),
		req(DAY + 6, 'checkCalls', 'GET', '/calling/history'),
		req(DAY + 7, 'start', 'POST', '/calling/outbound/individual'),
		req(DAY + 8, 'start', 'POST', '/calling/outbound/individual'),
	],
	costs: {
		polls: [12, DAY + 1],
		callBackItems: [
			{ at: 13, items: 1 },
			{ at: DAY + 3, items: 4 },
		],
		checks: [DAY + 6, DAY + 7],
		staticBytes: 321,
		restarts: 1,
	},
	truth: { doNotCall: [], requested: [] },
	failures: [],
	failureCount: 0,
};

test('an endpoint names ids as {id}', () => {
	expect(endpointOf(req(0, 'x', 'GET', '/agent/a1a1a1a1-0000-4000-8000-000000000001'))).toBe(
		'GET /agent/{id}',
	);
});

test('the figures per day and in all, and the final line', () => {
	const costs = costsOf({ result, verdict, dayOf });
	expect(
		costs.perDay.map((d: Record<string, number>) => [
			d.day,
			d.requests,
			d.requests_per_call,
			d.trigger_per_poll,
			d.callback_pages,
			d.checkcalls_per_check,
		]),
	).toEqual([
		[1, 4, 2, 1, 1, 0],
		[2, 8, 2, 2, 0.5, 0.5],
	]);
	expect(costs.totals).toMatchObject({
		requests: 12,
		calls: 6,
		requests_per_call: 2,
		growth: 1,
		trigger_per_poll: 1.5,
		callback_pages: 0.6,
		checkcalls_per_check: 0.5,
		static_bytes: 321,
		by_op: { start: 4, trigger: 3, callBack: 4, checkCalls: 1 },
	});
	const { final, failed } = report({ verdict, costs, result });
	expect(final).toBe(
		'soak: days 2, calls 6, wrong_hour 1, listed 0, double 0, missed 2, requests_per_call 2.0, growth 1.00, trigger_per_poll 1.5, callback_pages 0.6',
	);
	expect(failed).toBe(true);
});

test('a run with nothing wrong passes, and one that placed no call fails', () => {
	const clean = {
		...verdict,
		days: verdict.days.map((d) => ({ ...d, wrong_hour: 0, missed: 0 })),
		totals: { ...verdict.totals, wrong_hour: 0, missed: 0 },
	};
	const costs = costsOf({ result, verdict: clean, dayOf });
	expect(report({ verdict: clean, costs, result }).failed).toBe(false);
	const none = { ...clean, totals: { ...clean.totals, calls: 0 } };
	expect(report({ verdict: none, costs, result }).failed).toBe(true);
});

test("a history read's window and offset, as the proxy logs them", () => {
	const query = (q: string) => historyWindow(new URLSearchParams(q));
	expect(
		query('start_date=2026-06-01T10:00:00Z&end_date=2026-06-01T12:30:00%2B00:00&offset=200'),
	).toEqual({ window_min: 150, offset: 200 });
	expect(query('start_date=2026-06-01T10:00:00Z&end_date=2026-06-01T10:04:31Z')).toEqual({
		window_min: 5,
		offset: 0,
	});
	// Without both dates: no window (the read is left out of the grouping).
	expect(query('start_date=2026-06-01T10:00:00Z')).toEqual({ offset: 0 });
});

test('where the reads go: history reads by window and further pages, answers other than 200', () => {
	const read = (op: string, window_min: number | undefined, offset: number, status?: number) => ({
		at: 0,
		op,
		method: 'GET',
		path: '/calling/history',
		status,
		...(window_min === undefined ? {} : { window_min }),
		offset,
	});
	const where = whereReadsGo([
		read('callBack', 3, 0, 200),
		read('callBack', 5, 100, 200),
		read('callBack', 6, 0, 429),
		read('callBack', 121, 0, 200),
		read('callBack', 1441, 300, 200),
		read('trigger', 30, 0, 0),
		read('trigger', undefined, 0, 503),
		{ at: 0, op: 'start', method: 'POST', path: '/calling/outbound/individual' },
	]);
	expect(where).toEqual({
		bounds: [5, 30, 120, 600, 1440],
		history: {
			callBack: { windows: [2, 1, 0, 1, 0], longer: 1, further: 2 },
			trigger: { windows: [0, 1, 0, 0, 0], longer: 0, further: 0 },
		},
		notOk: { callBack: { 429: 1 }, trigger: { 0: 1, 503: 1 }, start: { none: 1 } },
	});
	const few = { ...result, requests: [read('callBack', 3, 0, 200), read('trigger', 30, 0, 0)] };
	const costs = costsOf({ result: few, verdict, dayOf });
	expect(costs.totals.reads).toEqual(whereReadsGo(few.requests));
	const { lines } = report({ verdict, costs, result: few });
	expect(lines).toContain(
		'callBack: history reads by window asked, <=5 min 1, <=30 min 0, <=2 h 0, <=10 h 0, <=24 h 0, longer 0; further pages 0',
	);
	expect(lines).toContain('answers other than 200: trigger no answer 1');
});

// @ts-check
'use strict';

/**
 * The soak's costs, from the counting proxy's log (every request, by the operation whose base
 * URL it came through) and the driver's own counts (polls, Call Back items, checks, static
 * data saved). All per day of the run and in all; nothing here is a constant.
 */

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** `GET /agent/{id}` for `GET /agent/a1a1...`. @param {{method: string, path: string}} r */
const endpointOf = (r) => `${r.method} ${r.path.replace(UUID, '{id}')}`;

const ratio = (/** @type {number} */ a, /** @type {number} */ b) => (b > 0 ? a / b : 0);

/**
 * @param {{ result: any, verdict: {days: any[], totals: any}, dayOf: (ms: number) => number }} input
 */
function costsOf({ result, verdict, dayOf }) {
	/** @type {Map<number, any>} */
	const days = new Map();
	const dayRow = (/** @type {number} */ day) => {
		let d = days.get(day);
		if (!d) {
			d = {
				day,
				requests: 0,
				trigger: 0,
				polls: 0,
				callback_history: 0,
				callback_items: 0,
				checkcalls: 0,
				checks: 0,
				/** @type {Record<string, number>} */ by_op: {},
				/** @type {Record<string, number>} */ by_endpoint: {},
			};
			days.set(day, d);
		}
		return d;
	};
	for (const v of verdict.days) dayRow(v.day);
	for (const r of result.requests) {
		const d = dayRow(dayOf(r.at));
		d.requests++;
		d.by_op[r.op] = (d.by_op[r.op] ?? 0) + 1;
		const endpoint = endpointOf(r);
		d.by_endpoint[endpoint] = (d.by_endpoint[endpoint] ?? 0) + 1;
		if (r.op === 'trigger') d.trigger++;
		if (r.op === 'callBack' && endpoint === 'GET /calling/history') d.callback_history++;
		if (r.op === 'checkCalls') d.checkcalls++;
	}
	for (const at of result.costs.polls) dayRow(dayOf(at)).polls++;
	for (const c of result.costs.callBackItems) dayRow(dayOf(c.at)).callback_items += c.items;
	for (const at of result.costs.checks) dayRow(dayOf(at)).checks++;
	const calls = new Map(verdict.days.map((v) => [v.day, v.calls]));
	const perDay = [...days.values()]
		.sort((a, b) => a.day - b.day)
		.map((d) => ({
			...d,
			calls: calls.get(d.day) ?? 0,
			requests_per_call: ratio(d.requests, calls.get(d.day) ?? 0),
			trigger_per_poll: ratio(d.trigger, d.polls),
			callback_pages: ratio(d.callback_history, d.callback_items),
			checkcalls_per_check: ratio(d.checkcalls, d.checks),
		}));
	const sum = (/** @type {string} */ k) => perDay.reduce((s, d) => s + d[k], 0);
	/** @type {Record<string, number>} */
	const byEndpoint = {};
	/** @type {Record<string, number>} */
	const byOp = {};
	for (const d of perDay) {
		for (const [k, v] of Object.entries(d.by_endpoint)) byEndpoint[k] = (byEndpoint[k] ?? 0) + v;
		for (const [k, v] of Object.entries(d.by_op)) byOp[k] = (byOp[k] ?? 0) + v;
	}
	// Growth: the last day's requests per call over the first day's (days that placed calls).
	const placing = perDay.filter((d) => d.calls > 0);
	const first = placing[0];
	const last = placing[placing.length - 1];
	return {
		perDay,
		totals: {
			requests: sum('requests'),
			calls: verdict.totals.calls,
			requests_per_call: ratio(sum('requests'), verdict.totals.calls),
			growth: first && last ? ratio(last.requests_per_call, first.requests_per_call) : 0,
			trigger_per_poll: ratio(sum('trigger'), sum('polls')),
			callback_pages: ratio(sum('callback_history'), sum('callback_items')),
			checkcalls_per_check: ratio(sum('checkcalls'), sum('checks')),
			static_bytes: result.costs.staticBytes,
			by_endpoint: byEndpoint,
			by_op: byOp,
			reads: whereReadsGo(result.requests),
		},
	};
}

/** Upper bounds (minutes) of the window lengths the report groups history reads by. */
const WINDOW_BOUNDS = [5, 30, 120, 600, 1440];

/**
 * Each operation's history reads by the length of the window they asked for, and how many
 * were a further page of one (offset > 0); requests the proxy logged without dates are left
 * out. Answers other than 200 by operation beside it: what the bad week's 429s, outage and
 * refusals added.
 * @param {Array<{op: string, path: string, status?: number, window_min?: number, offset?: number}>} requests
 */
function whereReadsGo(requests) {
	/** @type {Record<string, {windows: number[], longer: number, further: number}>} */
	const history = {};
	/** @type {Record<string, Record<string, number>>} */
	const notOk = {};
	for (const r of requests) {
		if (r.status !== 200) {
			const by = (notOk[r.op] ??= {});
			const key = String(r.status ?? 'none');
			by[key] = (by[key] ?? 0) + 1;
		}
		if (r.path !== '/calling/history' || r.window_min === undefined) continue;
		const h = (history[r.op] ??= { windows: WINDOW_BOUNDS.map(() => 0), longer: 0, further: 0 });
		const at = WINDOW_BOUNDS.findIndex((bound) => (r.window_min ?? 0) <= bound);
		if (at === -1) h.longer++;
		else h.windows[at]++;
		if ((r.offset ?? 0) > 0) h.further++;
	}
	return { bounds: WINDOW_BOUNDS, history, notOk };
}

module.exports = { costsOf, endpointOf, whereReadsGo };

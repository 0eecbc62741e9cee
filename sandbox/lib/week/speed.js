#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * How fast the sandbox alone runs a bad week on its manual clock (README "A bad week"):
 *   node sandbox/lib/week/speed.js [--days 7] [--calls 10000] [--seed 1]
 * Each simulated day: `--calls` calls placed between 06:00 and 18:00 UTC (windows 09:00-17:00
 * in zones across North America and beyond, two retries, some scheduled), the clock advanced
 * minute by minute over the day, a history read of 100 rows of the assistant every five
 * minutes and a call's details every minute. The requests go to the route handlers in-process
 * (the sandbox's own work, no HTTP). Prints a line per day: wall ms, ms per history read
 * (mean, max), calls held (the last day holds days x calls); then the whole ring ledger's cost.
 */

const { Store } = require('../store');
const { ROUTES } = require('../api');

const DAY = 86400000;
const ZONES = [
	'America/New_York',
	'America/Chicago',
	'America/Denver',
	'America/Los_Angeles',
	'America/Phoenix',
	'America/Anchorage',
	'Pacific/Honolulu',
	'America/Halifax',
	'America/St_Johns',
	'Asia/Kolkata',
	'Europe/London',
];
const AGENT = 'a1a1a1a1-0000-4000-8000-000000000001';

/** @param {string} method @param {string} pattern */
const handler = (method, pattern) => {
	const r = ROUTES.find((x) => x.method === method && x.pattern === pattern);
	if (!r) throw new Error(`no route ${method} ${pattern}`);
	return r.handler;
};
const startCall = handler('POST', '/calling/outbound/individual');
const history = handler('GET', '/calling/history');
const details = handler('GET', '/calling/call-details');

/** @param {Store} store @param {any} body @param {string} [query] */
function request(store, run, body, query = '') {
	return run({
		method: 'GET',
		path: '',
		params: {},
		query: new URLSearchParams(query),
		body,
		headers: {},
		store,
		origin: 'http://127.0.0.1',
		recordings: { origin: 'http://127.0.0.1:1', secret: 's' },
	});
}

/** The n-th call of day `day`: its number, window zone, maybe a scheduled time. @param {number} day @param {number} n */
function callBody(day, n) {
	const zone = ZONES[n % ZONES.length];
	const time = { call_start_time: '09:00', call_end_time: '17:00', timezone: zone };
	if (n % 10 === 0) {
		const d = new Date(Date.parse('2025-06-02T00:00:00Z') + (day + 1) * DAY);
		Object.assign(time, { scheduled_at: `${d.toISOString().slice(0, 10)}T10:00:00` });
	}
	return {
		name: `Contact ${n}`,
		mobile_number: `+1${String(2000000000 + day * 100000 + n)}`,
		agent_id: AGENT,
		from_number: '+14155550100',
		custom_args_values: { clinic: 'Sunrise Dental', date: 'June 9', time: '9:30 AM' },
		call_config: { call_retry_config: { retry_count: 2 }, call_time: time },
	};
}

/** @param {Store} store @param {number} day @param {number} calls */
function runDay(store, day, calls) {
	const dayStart = store.now();
	const began = process.hrtime.bigint();
	const reads = [];
	let placed = 0;
	for (let minute = 0; minute < 1440; minute++) {
		// Calls go out from 06:00 to 18:00 UTC, evenly.
		const due = minute < 360 ? 0 : Math.min(calls, Math.round(((minute - 360) / 720) * calls));
		for (; placed < due; placed++) request(store, startCall, callBody(day, placed));
		if (minute % 5 === 0) {
			const t = process.hrtime.bigint();
			const q = `agent_id=${AGENT}&limit=100&start_date=${new Date(dayStart).toISOString()}&end_date=${new Date(dayStart + DAY).toISOString()}`;
			const got = request(store, history, undefined, q);
			reads.push(Number(process.hrtime.bigint() - t) / 1e6);
			const first = got.body.calls[0];
			if (first) request(store, details, undefined, `id=${first.id}&send_analysis=true`);
		}
		store.advance(60000);
	}
	for (; placed < calls; placed++) request(store, startCall, callBody(day, placed));
	const wall = Number(process.hrtime.bigint() - began) / 1e6;
	const mean = reads.reduce((a, b) => a + b, 0) / reads.length;
	return {
		day: day + 1,
		wall_ms: Math.round(wall),
		read_mean_ms: +mean.toFixed(2),
		read_max_ms: +Math.max(...reads).toFixed(2),
		calls_held: store.calls.length,
	};
}

function main() {
	const args = process.argv.slice(2);
	const arg = (/** @type {string} */ name, /** @type {number} */ def) => {
		const i = args.indexOf(`--${name}`);
		return i >= 0 ? Number(args[i + 1]) : def;
	};
	const days = arg('days', 7);
	const calls = arg('calls', 10000);
	const seed = arg('seed', 1);
	const store = new Store({
		clock: 'manual',
		seed,
		startTime: '2025-06-02T00:00:00Z',
		week: {
			mix: 'answered=40,no_answer=25,busy=10,voicemail=10,failed=5,callback=5,opt_out=3,never_ends=2',
			lateRowsMs: 2 * 3600000,
		},
	});
	const began = Date.now();
	for (let day = 0; day < days; day++) console.log(JSON.stringify(runDay(store, day, calls)));
	const wall = ((Date.now() - began) / 1000).toFixed(1);
	// The judge's read at the end: the whole ring ledger, as GET /__sandbox/rings builds it.
	const t = Date.now();
	const rings = store.rings.list();
	const mb = (JSON.stringify({ rings }).length / 1e6).toFixed(1);
	console.log(
		`week-speed: days ${days}, calls ${days * calls}, wall_s ${wall}, rings ${rings.length} in ${Date.now() - t} ms (${mb} MB of JSON)`,
	);
}

if (require.main === module) main();

module.exports = { runDay, callBody };

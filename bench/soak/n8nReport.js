// @ts-check
'use strict';

/**
 * What the n8n day prints (bench/soak/n8n.js): the judge's totals and findings, executions by
 * status, the kills, requests by credential and endpoint, memory per process and life, n8n's
 * database bytes per placed call, and the soak's one line, last; the exit code.
 */
const setup = require('./n8nSetup');
const { memorySummary } = require('./n8nMeasure');

const MIN = 60_000;

/** Prints the figures and the one line; the exit code. @param {any} r */
function report(r) {
	const { verdict, input, proxies, plan, o } = r;
	const t = verdict.totals;
	const placed = input.ledger.placed;
	const calls = placed.length;
	const req = {
		trigger: setup.requestSummary(proxies.trigger.log),
		callBack: setup.requestSummary(proxies.callBack.log),
		other: setup.requestSummary(proxies.other.log),
	};
	const requests = req.trigger.total + req.callBack.total + req.other.total;
	// growth: requests per placed call in the day's second half over its first (wall time, the
	// sandbox's ahead by the clock's shift; the drain after the day left out).
	const mid = r.t0 + (o.minutes * MIN) / 2;
	const end = r.t0 + o.minutes * MIN;
	const logs = [...proxies.trigger.log, ...proxies.callBack.log, ...proxies.other.log];
	const half = (/** @type {boolean} */ first) => {
		const inHalf = (/** @type {number} */ at) => at < end && at < mid === first;
		const c = placed.filter((/** @type {any} */ p) => inHalf(p.at - r.shiftMs)).length;
		const q = logs.filter((l) => inHalf(l.at)).length;
		return c ? q / c : NaN;
	};
	const growth = half(false) / half(true);
	const callBackItems = r.followUps.reduce(
		(/** @type {number} */ s, /** @type {any} */ e) => s + e.countedItems,
		0,
	);
	const callBackPages = req.callBack.byEndpoint['GET /calling/history'] ?? 0;
	const dialledRows = new Set(placed.map((/** @type {any} */ p) => p.mobile_number));
	const notDialled = plan.contacts.filter((/** @type {any} */ c) => !dialledRows.has(c.phone));
	console.log('\n=== n8n day: the judge');
	console.log(JSON.stringify(verdict.totals));
	// How late, from each call's end: its emission, and a not-reached call's call-back.
	if (verdict.late) console.log(`  late (minutes): ${JSON.stringify(verdict.late)}`);
	for (const f of (verdict.findings ?? []).slice(0, 30)) console.log(`  ${JSON.stringify(f)}`);
	// n8n's limit, not the package's: stated, not in missed (docs/soak.md).
	if (t.lost_in_crash > 0)
		console.log(
			`  lost_in_crash ${t.lost_in_crash}: call-backs of calls the workflow received only in an execution n8n marked crashed (its worker killed; n8n does not run it again): ${input.truth.crashed.length} calls in ${new Set(input.truth.crashed.map((/** @type {any} */ c) => c.execution)).size} execution(s)`,
		);
	console.log('=== executions by workflow and status');
	for (const [wf, status, n] of r.statuses)
		console.log(`  ${wf.padEnd(18)} ${status.padEnd(9)} ${n}`);
	for (const [id, d] of Object.entries(r.digests)) console.log(`  ${id}: ${JSON.stringify(d)}`);
	console.log('=== kills');
	for (const k of r.killLog) console.log(`  ${k}`);
	console.log('=== requests');
	console.log(
		`  placed calls ${calls} (contacts ${plan.total}; not dialled at all: ${notDialled.length})`,
	);
	for (const [name, s] of Object.entries(req))
		console.log(
			`  ${name}: ${s.total} requests${name === 'trigger' ? `, ${s.bursts} polls` : ''} ${JSON.stringify(s.byEndpoint)}`,
		);
	console.log(`  Call Back: ${callBackItems} items, ${callBackPages} history pages`);
	console.log('=== memory (RSS of each process and its task runners, MB)');
	for (const m of memorySummary(r.memory)) console.log(`  ${JSON.stringify(m)}`);
	if (o.minutes < 60) {
		console.log('  samples (min: process MB ...):');
		/** @type {Map<number, string[]>} */
		const rows = new Map();
		for (const s of r.memory) {
			const k = Math.round(s.at / 1000);
			rows.set(k, [
				...(rows.get(k) ?? []),
				`${s.name}#${s.life} ${(s.group / 2 ** 20).toFixed(0)}`,
			]);
		}
		for (const [k, list] of rows) console.log(`  ${(k / 60).toFixed(1)}: ${list.join(', ')}`);
	}
	console.log('=== n8n database (Postgres)');
	const dbDelta = r.dbAfter.database - r.dbBefore.database;
	const exDelta = r.dbAfter.executions - r.dbBefore.executions;
	console.log(`  before ${JSON.stringify(r.dbBefore)}`);
	console.log(`  after  ${JSON.stringify(r.dbAfter)}`);
	console.log(
		`  per placed call: database ${calls ? Math.round(dbDelta / calls) : 'n/a'} bytes, execution tables ${calls ? Math.round(exDelta / calls) : 'n/a'} bytes`,
	);
	// A day that never settled with call-backs still owed has missed them, whatever the horizon.
	const wrong =
		t.wrong_hour + t.listed + t.double + t.missed + (r.drain.capped ? r.drain.owed.length : 0);
	const fmt = (/** @type {number} */ n, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
	console.log(
		`soak: days ${fmt(o.minutes / 1440, 3)}, calls ${calls}, wrong_hour ${t.wrong_hour}, listed ${t.listed}, double ${t.double}, missed ${t.missed}, requests_per_call ${fmt(requests / calls)}, growth ${fmt(growth)}, trigger_per_poll ${fmt(req.trigger.total / req.trigger.bursts, 1)}, callback_pages ${fmt(callBackPages / callBackItems, 1)}`,
	);
	return wrong === 0 ? 0 : 1;
}

module.exports = { report };

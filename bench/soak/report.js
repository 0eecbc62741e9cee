// @ts-check
'use strict';

/** The soak's output: a table per day, the costs by operation and endpoint, the final line. */

const f1 = (/** @type {number} */ n) => (Math.round(n * 100) / 100).toString();
const pad = (/** @type {unknown} */ v, /** @type {number} */ n) => String(v).padStart(n);

/** ` (start 2, callBackAsked 1)`: the failures kept, by operation. @param {any[]} list */
const byOp = (list) => {
	/** @type {Record<string, number>} */
	const n = {};
	for (const f of list) n[f.op] = (n[f.op] ?? 0) + 1;
	const parts = Object.entries(n).map(([k, v]) => `${k} ${v}`);
	return parts.length ? ` (of the first ${list.length}: ${parts.join(', ')})` : '';
};

/**
 * @param {{ verdict: {days: any[], totals: any}, costs: {perDay: any[], totals: any}, result: any }} input
 */
function report({ verdict, costs, result }) {
	const lines = [`options: ${JSON.stringify(result.options)}`];
	const head = [
		'day',
		'calls',
		'wrong_hour',
		'listed',
		'double',
		'missed',
		'(never_emitted',
		'emitted_twice',
		'due_not_placed',
		'asked_missed)',
		'requests',
		'req/call',
		'trigger/poll',
		'callback_pages',
		'checkcalls/check',
	];
	lines.push(head.join('  '));
	const cost = new Map(costs.perDay.map((d) => [d.day, d]));
	for (const d of verdict.days) {
		const c = cost.get(d.day) ?? {};
		const cells = [
			d.day,
			d.calls,
			d.wrong_hour,
			d.listed,
			d.double,
			d.missed,
			d.never_emitted,
			d.emitted_twice,
			d.due_not_placed,
			d.asked_missed,
			c.requests ?? 0,
			f1(c.requests_per_call ?? 0),
			f1(c.trigger_per_poll ?? 0),
			f1(c.callback_pages ?? 0),
			f1(c.checkcalls_per_check ?? 0),
		];
		lines.push(cells.map((v, i) => pad(v, head[i].length)).join('  '));
	}
	const t = costs.totals;
	lines.push('');
	lines.push(
		`requests by operation: ${Object.entries(t.by_op)
			.sort((a, b) => b[1] - a[1])
			.map(([k, v]) => `${k} ${v}`)
			.join(', ')}`,
	);
	lines.push('requests by endpoint:');
	for (const [k, v] of Object.entries(t.by_endpoint).sort((a, b) => b[1] - a[1]))
		lines.push(`  ${pad(v, 8)}  ${k}`);
	lines.push(
		`static data saved: at most ${t.static_bytes} bytes; restarts ${result.costs.restarts}; Call Back items sent round again after failing ${result.costs.retried ?? 0}; Check Calls requests per check ${f1(t.checkcalls_per_check)}`,
	);
	const reads = t.reads;
	const within = (/** @type {number} */ m) => (m < 60 ? `${m} min` : `${m / 60} h`);
	for (const [op, h] of Object.entries(reads.history))
		lines.push(
			`${op}: history reads by window asked, ${reads.bounds.map((b, i) => `<=${within(b)} ${h.windows[i]}`).join(', ')}, longer ${h.longer}; further pages ${h.further}`,
		);
	const refused = Object.entries(reads.notOk).map(
		([op, by]) =>
			`${op} ${Object.entries(by)
				.map(([status, n]) => `${status === '0' ? 'no answer' : status} ${n}`)
				.join(' ')}`,
	);
	if (refused.length) lines.push(`answers other than 200: ${refused.join('; ')}`);
	if (verdict.late) {
		const span = (/** @type {any} */ x) =>
			x.n ? `p50 ${x.p50}, p95 ${x.p95}, max ${x.max} min (${x.n})` : 'none';
		lines.push(
			`after a call's end showed: emitted ${span(verdict.late.emitted)}; a call not reached called back ${span(verdict.late.called_back)}`,
		);
	}
	lines.push(
		`Do Not Call entries at the end: ${result.truth.doNotCall.length}; call-backs asked for: ${result.truth.requested.length}; items failed (output with an error, or the run failed): ${result.failureCount}${byOp(result.failures ?? [])}`,
	);
	for (const f of (result.failures ?? []).slice(0, 10))
		lines.push(`  ${new Date(f.at).toISOString()} ${f.op}: ${f.error}`);
	const findings = verdict.findings ?? [];
	const told = findings.filter((f) => f.told).length;
	if (told > 0)
		lines.push(
			`of the missed call-backs, ${told} ended with a Call Back item that failed with an error the workflow received (told, not silent)`,
		);
	if (findings.length > 0) lines.push(`findings (${findings.length}; the first 30):`);
	for (const f of findings.slice(0, 30)) lines.push(`  ${JSON.stringify(f)}`);
	const v = verdict.totals;
	const days = verdict.days.length;
	const final = `soak: days ${days}, calls ${v.calls}, wrong_hour ${v.wrong_hour}, listed ${v.listed}, double ${v.double}, missed ${v.missed}, requests_per_call ${t.requests_per_call.toFixed(1)}, growth ${t.growth.toFixed(2)}, trigger_per_poll ${t.trigger_per_poll.toFixed(1)}, callback_pages ${t.callback_pages.toFixed(1)}`;
	// A run that placed no call proves nothing: it fails too.
	const failed = v.wrong_hour + v.listed + v.double + v.missed > 0 || v.calls === 0;
	return { lines, final, failed };
}

module.exports = { report };

// @ts-check
'use strict';

/**
 * What the n8n day measures besides the judge's counts: each n8n process's memory over the run
 * (RSS of the process and of its group: 2.x starts task runners in it), n8n's database bytes
 * (Postgres' own sizes), and what the polling trigger emitted (read back from n8n's saved
 * executions, so that a lost or doubled emission shows).
 */
const fs = require('node:fs');

/** Resident memory of one process in bytes (0 when it is gone). @param {number} pid */
function rssOf(pid) {
	try {
		const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
		return m ? Number(m[1]) * 1024 : 0;
	} catch {
		return 0;
	}
}

/** Resident memory of every process in group `pgid` (n8n and its task runners). @param {number} pgid */
function groupRss(pgid) {
	let total = 0;
	for (const entry of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			// Fields after the command's closing parenthesis: state, ppid, pgrp, ...
			const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
			const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
			if (Number(fields[2]) === pgid) total += rssOf(Number(entry));
		} catch {}
	}
	return total;
}

/**
 * Samples every live n8n process of `cluster` each `everyMs` until stopped: `{ at, name, rss,
 * group }` (ms since `t0`), a restarted process keeping its name with `life` counting starts.
 * @param {any} cluster @param {number} t0 @param {number} everyMs
 */
function memorySampler(cluster, t0, everyMs) {
	/** @type {Array<{ at: number, name: string, life: number, rss: number, group: number }>} */
	const samples = [];
	/** @type {Map<number, number>} */
	const lives = new Map();
	/** @type {Map<string, number>} */
	const starts = new Map();
	const take = () => {
		const procs = [cluster.main, ...cluster.workers, ...cluster.webhooks].filter(Boolean);
		for (const p of procs) {
			if (p.exited()) continue;
			const pid = p.child.pid;
			if (!lives.has(pid)) {
				const life = (starts.get(p.name) ?? 0) + 1;
				starts.set(p.name, life);
				lives.set(pid, life);
			}
			samples.push({
				at: Date.now() - t0,
				name: p.name,
				life: /** @type {number} */ (lives.get(pid)),
				rss: rssOf(pid),
				group: groupRss(pid),
			});
		}
	};
	take();
	const timer = setInterval(take, everyMs);
	return {
		samples,
		take,
		stop: () => clearInterval(timer),
	};
}

/**
 * Per process and life: the first and the last stretch's mean RSS (each a sixth of that life's
 * samples from its second minute on, at least one) and their ratio; `flat` when within 10 %.
 * @param {Array<{ at: number, name: string, life: number, rss: number, group: number }>} samples
 */
function memorySummary(samples) {
	/** @type {Map<string, typeof samples>} */
	const byLife = new Map();
	for (const s of samples) {
		const key = `${s.name}#${s.life}`;
		byLife.set(key, [...(byLife.get(key) ?? []), s]);
	}
	const mean = (/** @type {number[]} */ xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
	return [...byLife].map(([key, all]) => {
		// A start's own peak (loading nodes, migrations) is not the process's steady memory.
		const settled = all.filter((s) => s.at >= all[0].at + 60_000);
		const list = settled.length >= 2 ? settled : all;
		const n = Math.max(1, Math.floor(list.length / 6));
		const first = mean(list.slice(0, n).map((s) => s.group));
		const last = mean(list.slice(-n).map((s) => s.group));
		return {
			process: key,
			samples: list.length,
			fromMin: +(list[0].at / 60000).toFixed(1),
			toMin: +(list[list.length - 1].at / 60000).toFixed(1),
			firstMB: +(first / 2 ** 20).toFixed(1),
			lastMB: +(last / 2 ** 20).toFixed(1),
			ratio: +(last / first).toFixed(3),
			flat: Math.abs(last / first - 1) <= 0.1,
			peakMB: +(Math.max(...list.map((s) => s.group)) / 2 ** 20).toFixed(1),
		};
	});
}

/** n8n's database sizes: the whole database and each execution table (bytes). @param {any} cluster */
async function databaseBytes(cluster) {
	const [[db]] = await cluster.sql('select pg_database_size(current_database())');
	const rows = await cluster.sql(
		"select c.relname, pg_total_relation_size(c.oid) from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r' and c.relname like 'execution%' order by 1",
	);
	/** @type {Record<string, number>} */
	const tables = {};
	for (const [name, bytes] of rows) tables[name] = Number(bytes);
	return {
		database: Number(db),
		executions: Object.values(tables).reduce((a, b) => a + b, 0),
		tables,
	};
}

/**
 * Every item the polling trigger of workflow `workflowId` handed on, from n8n's saved
 * executions: the trigger's output in the run data, or (an execution whose worker died before
 * it ran) the trigger's data still waiting in the execution stack; and how many items the
 * `counted` nodes took (their outputs, error output included: one output item per input item).
 * `{ executionId, status, at, callIds, countedItems }` per execution.
 * @param {any} cluster @param {(text: string) => any} parse @param {string} workflowId
 * @param {string} trigger @param {string[]} counted
 */
async function emissions(cluster, parse, workflowId, trigger, counted) {
	const rows = await cluster.sql(
		`select e.id, e.status, extract(epoch from e."createdAt") * 1000, d.data from execution_entity e join execution_data d on d."executionId" = e.id where e."workflowId" = '${workflowId}' order by e.id`,
	);
	return rows.map(([id, status, createdAt, text]) => {
		const data = parse(text);
		const ran = data?.resultData?.runData?.[trigger];
		const stacked = (data?.executionData?.nodeExecutionStack ?? []).find(
			(/** @type {any} */ s) => s.node?.name === trigger,
		);
		const items = ran
			? ran.flatMap((/** @type {any} */ r) => r.data?.main?.[0] ?? [])
			: (stacked?.data?.main?.[0] ?? []);
		let countedItems = 0;
		for (const name of counted)
			for (const run of data?.resultData?.runData?.[name] ?? [])
				for (const output of run.data?.main ?? []) countedItems += output?.length ?? 0;
		return {
			executionId: String(id),
			status: String(status),
			at: Math.round(Number(createdAt)),
			callIds: items.map((/** @type {any} */ i) => String(i.json?.call_id)),
			countedItems,
		};
	});
}

/**
 * The calls the workflow received only in executions n8n marked crashed (their worker died, and
 * n8n runs such an execution nowhere again), from `emissions`.
 * @param {Array<{ executionId: string, status: string, callIds: string[] }>} runs
 */
function crashedOnly(runs) {
	const elsewhere = new Set(runs.filter((e) => e.status !== 'crashed').flatMap((e) => e.callIds));
	return runs
		.filter((e) => e.status === 'crashed')
		.flatMap((e) =>
			e.callIds
				.filter((id) => !elsewhere.has(id))
				.map((call_id) => ({ call_id, execution: e.executionId })),
		);
}

/**
 * What each node of one saved execution did: items per output, or its error (what to look at
 * when a run went wrong). `{ node: "2/0" | "error: ..." }`, plus the run's own error.
 * @param {any} cluster @param {(text: string) => any} parse @param {string} executionId
 */
async function executionDigest(cluster, parse, executionId) {
	const [[text]] = await cluster.sql(
		`select data from execution_data where "executionId" = ${Number(executionId)}`,
	);
	const data = parse(text);
	/** @type {Record<string, string>} */
	const out = {};
	for (const [node, runs] of Object.entries(data?.resultData?.runData ?? {}))
		out[node] = /** @type {any[]} */ (runs)
			.map((r) =>
				r.error
					? `error: ${String(r.error.message).slice(0, 300)}`
					: (r.data?.main ?? []).map((/** @type {any} */ o) => o?.length ?? 0).join('/'),
			)
			.join(' | ');
	if (data?.resultData?.error) out['(run)'] = String(data.resultData.error.message).slice(0, 300);
	return out;
}

module.exports = {
	crashedOnly,
	executionDigest,
	memorySampler,
	memorySummary,
	databaseBytes,
	emissions,
	rssOf,
	groupRss,
};

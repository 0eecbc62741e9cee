#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * Check Calls' reads per check, this build against a baseline, side by side: the requests one
 * check sends (history pages and call details) for the open calls of a loop, in-process, on a
 * history that lists every call of the assistant (the sheet's and the others'), newest first,
 * 100 a page, `total` as a count (or as --total says). No HTTP and no n8n: the reads go through
 * the package's transport into a stand-in of n8n's request helper, so only requests are
 * counted, never time.
 *
 *   npm run build && node bench/checkCallsReads.js                  baseline 856fb17 (before)
 *   node bench/checkCallsReads.js --baseline=<git ref> --total=many  (count | many | absent)
 *
 * The baseline is that ref's nodes/shared/calls/callStates.ts and windows.ts, transpiled on
 * the fly beside this build's other modules. Both read the same open calls at the same
 * moments (a call leaves after the first check that reads it ended, or at Max Wait, 240
 * minutes), as Check Calls does: concurrency 4, no `known` calls, no analysis. Cases:
 *   (a) 2 open calls 3 hours apart, 30,000 other calls between them: one check;
 *   (b) a sheet of 3,000 calls dialled in one hour among 0, 1,000 and 10,000 other calls
 *       that hour, checked every 5 minutes from the last dial until none is open;
 *   (c) 1 open call among 10,000 calls a day, checked every 5 minutes until it ends.
 * Prints per case the checks, the first check's requests, the mean and the largest per check,
 * for both, and the ratio of the means (this build / baseline).
 */

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const REPO = path.resolve(__dirname, '..');
const CALLS_DIST = path.join(REPO, 'dist/nodes/shared/calls');
const { readCallStates } = require(path.join(CALLS_DIST, 'callStates.js'));

const argText = (/** @type {string} */ name, /** @type {string} */ fallback) => {
	const given = process.argv.find((a) => a.startsWith(`--${name}=`));
	return given ? given.slice(name.length + 3) : fallback;
};
const BASELINE = argText('baseline', '856fb17');
const TOTAL = argText('total', 'count');
const SEED = Number(argText('seed', '1'));

const AGENT = 'a1a1a1a1-0000-4000-8000-000000000001';
const BASE_URL = 'https://api.bench.invalid/ca/api/v0';
const MIN = 60_000;
const HOUR = 60 * MIN;
const T0 = Date.parse('2026-11-25T06:00:00.000Z');

/** mulberry32: the same placements every run of a seed. */
function random(/** @type {number} */ seed) {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = Math.imul(a ^ (a >>> 15), a | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** The baseline's readCallStates: the ref's two files, their other imports from this build. */
function baselineReader(/** @type {string} */ ref) {
	const ts = require('typescript');
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkcalls-baseline-'));
	for (const name of ['callStates', 'windows']) {
		const source = execFileSync('git', ['show', `${ref}:nodes/shared/calls/${name}.ts`], {
			cwd: REPO,
			encoding: 'utf8',
		});
		const js = ts.transpileModule(source, {
			compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 },
		}).outputText;
		// Its own two files side by side; every other import from this build's dist.
		const wired = js.replace(/require\("(\.\.?\/[^"]+)"\)/g, (whole, spec) =>
			spec === './windows' ? whole : `require(${JSON.stringify(path.join(CALLS_DIST, spec))})`,
		);
		fs.writeFileSync(path.join(dir, `${name}.js`), wired);
	}
	return require(path.join(dir, 'callStates.js')).readCallStates;
}

/**
 * The assistant's whole history: calls sorted by creation, each with when it ends (Infinity:
 * never). `now` is the service's clock, set by the loop.
 * @param {Array<{id: string, createdMs: number, endMs: number}>} calls
 */
function service(calls) {
	const sorted = [...calls].sort((a, b) => a.createdMs - b.createdMs);
	const times = sorted.map((c) => c.createdMs);
	const byId = new Map(sorted.map((c) => [c.id, c]));
	const state = { now: 0, requests: 0 };
	const first = (/** @type {number} */ ms, /** @type {boolean} */ after) => {
		let lo = 0;
		let hi = times.length;
		while (lo < hi) {
			const mid = (lo + hi) >> 1;
			if (times[mid] < ms || (after && times[mid] === ms)) lo = mid + 1;
			else hi = mid;
		}
		return lo;
	};
	const status = (/** @type {{endMs: number}} */ c) =>
		state.now >= c.endMs ? 'completed' : 'ongoing';
	const history = (/** @type {Record<string, any>} */ qs) => {
		const from = first(Date.parse(qs.start_date), false);
		const to = first(Date.parse(qs.end_date), true);
		const offset = Number(qs.offset);
		const limit = Math.min(100, Number(qs.limit));
		const page = [];
		for (let i = to - 1 - offset; i >= from && page.length < limit; i--) {
			const c = sorted[i];
			const row = { id: c.id, status: status(c), created_at: new Date(c.createdMs).toISOString() };
			page.push({ ...row, agent: { id: AGENT }, call_type: 'outbound', call_duration: 30 });
		}
		const total = { count: { total: to - from }, many: { total: 'many' }, absent: {} }[TOTAL];
		return { calls: page, limit, offset, count: page.length, ...total };
	};
	/** n8n's request helper, answering from the history above. */
	const helpers = {
		httpRequestWithAuthentication: async (
			/** @type {string} */ _name,
			/** @type {{url: string, qs: Record<string, any>}} */ options,
		) => {
			state.requests++;
			if (options.url.endsWith('/calling/history'))
				return { statusCode: 200, headers: {}, body: history(options.qs) };
			const call = byId.get(String(options.qs.id));
			if (!call) return { statusCode: 404, headers: {}, body: { detail: 'Call not found' } };
			return {
				statusCode: 200,
				headers: {},
				body: { status: 'success', data: { id: call.id, call_status: status(call) } },
			};
		},
	};
	const node = { id: 'bench', name: 'Check Calls', type: 'bench', typeVersion: 1, parameters: {} };
	return { state, ctx: { getNode: () => node, helpers } };
}

const callId = (/** @type {number} */ n) =>
	`00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * Every check of a loop, for one reader: the requests of each. A call leaves after the first
 * check that reads it ended, or at Max Wait.
 * @param {any} read @param {any} calls @param {any[]} sheet
 * @param {{firstCheck: number, every: number, maxWait: number}} loop
 */
async function runLoop(read, calls, sheet, loop) {
	const { state, ctx } = service(calls);
	let open = sheet;
	const perCheck = [];
	for (let at = loop.firstCheck; open.length > 0; at += loop.every) {
		state.now = at;
		const before = state.requests;
		const { seen } = await read(
			ctx,
			open.map((c) => ({
				callId: c.id,
				agentId: AGENT,
				createdMs: c.createdMs,
				includeAnalysis: false,
			})),
			{
				settings: () => ({
					credentials: { apiKey: 'bench', baseUrl: BASE_URL },
					retry: { maxAttempts: 1 },
				}),
				concurrency: 4,
				wantsDetails: () => false,
			},
		);
		perCheck.push(state.requests - before);
		const late = at >= loop.firstCheck + loop.maxWait;
		open = open.filter((c) => !late && seen.get(c.id)?.status !== 'completed');
	}
	return perCheck;
}

/** Calls of the assistant not on the sheet: `count` at random in [fromMs, toMs]. */
function others(
	/** @type {number} */ count,
	/** @type {number} */ fromMs,
	/** @type {number} */ toMs,
	/** @type {() => number} */ rnd,
) {
	return Array.from({ length: count }, (_, k) => ({
		id: callId(1_000_000 + k),
		createdMs: Math.round(fromMs + rnd() * (toMs - fromMs)),
		endMs: 0,
	}));
}

/** The cases: each its sheet, the whole history and its loop of checks. */
function cases() {
	const rnd = random(SEED);
	const list = [];
	const sheetA = [
		{ id: callId(1), createdMs: T0, endMs: Infinity },
		{ id: callId(2), createdMs: T0 + 3 * HOUR, endMs: Infinity },
	];
	list.push({
		name: '(a) 2 open calls 3 h apart, 30,000 others between',
		sheet: sheetA,
		calls: [...sheetA, ...others(30_000, T0 + 1, T0 + 3 * HOUR - 1, rnd)],
		loop: { firstCheck: T0 + 3 * HOUR + 5 * MIN, every: 5 * MIN, maxWait: 0 },
	});
	for (const count of [0, 1000, 10000]) {
		// Dialled 1.2 s apart; 70 % end within 8 minutes, 20 % after a retry (30-120 minutes),
		// 5 % after 2-4 hours, 5 % never (they leave at Max Wait).
		const sheet = Array.from({ length: 3000 }, (_, n) => {
			const createdMs = T0 + n * 1200;
			const r = rnd();
			const after =
				r < 0.7
					? 1 + rnd() * 7
					: r < 0.9
						? 30 + rnd() * 90
						: r < 0.95
							? 120 + rnd() * 120
							: Infinity;
			return { id: callId(n), createdMs, endMs: createdMs + after * MIN };
		});
		list.push({
			name: `(b) 3,000 dialled in 1 h, ${count.toLocaleString('en-US')} others`,
			sheet,
			calls: [...sheet, ...others(count, T0, T0 + HOUR, rnd)],
			loop: { firstCheck: T0 + HOUR, every: 5 * MIN, maxWait: 240 * MIN },
		});
	}
	const sheetC = [{ id: callId(1), createdMs: T0 + 6 * HOUR, endMs: T0 + 6 * HOUR + 30 * MIN }];
	list.push({
		name: '(c) 1 open call among 10,000 a day',
		sheet: sheetC,
		calls: [...sheetC, ...others(10_000, T0, T0 + 24 * HOUR, rnd)],
		loop: { firstCheck: T0 + 6 * HOUR + 5 * MIN, every: 5 * MIN, maxWait: 240 * MIN },
	});
	return list;
}

async function main() {
	const baseline = baselineReader(BASELINE);
	const log = (/** @type {string} */ line) => process.stdout.write(`${line}\n`);
	const mean = (/** @type {number[]} */ xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
	const cell = (/** @type {number[]} */ xs) =>
		`${String(xs[0]).padStart(5)} ${mean(xs).toFixed(1).padStart(7)} ${String(Math.max(...xs)).padStart(5)}`;
	log(`Check Calls, requests per check (history + details), total as ${TOTAL}, seed ${SEED}`);
	log(`baseline: ${BASELINE} (priced on the sheet's calls); this build: priced on all calls`);
	log('');
	log(
		`${'case'.padEnd(48)} checks | baseline first mean   max | this build first mean   max | ratio`,
	);
	for (const c of cases()) {
		const before = await runLoop(baseline, c.calls, c.sheet, c.loop);
		const after = await runLoop(readCallStates, c.calls, c.sheet, c.loop);
		const ratio = (mean(after) / mean(before)).toFixed(3);
		log(
			`${c.name.padEnd(48)} ${String(after.length).padStart(6)} |      ${cell(before)} |        ${cell(after)} | ${ratio}`,
		);
	}
}

main().catch((error) => {
	process.stderr.write(`${error.stack ?? error}\n`);
	process.exit(1);
});

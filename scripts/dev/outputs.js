#!/usr/bin/env node
/**
 * Outputs: proves a refactoring leaves every operation's behaviour as it was. `record` runs the
 * jest suites (both projects: everyday and fuzz) with OUTPUTS_RECORD set, so that every run of a
 * node by the test helpers is written down (test/helpers/outputs.ts): the node, its parameters,
 * its outputs or error, and the requests it sent. `diff` compares two records run by run.
 *
 *   node scripts/dev/outputs.js record <dir> [jest options, e.g. --maxWorkers=1]
 *   node scripts/dev/outputs.js diff <dirA> <dirB> [--limit N] [--subset] [--rename old=new ...]
 *
 * `diff` joins the runs by (test file, test name, ordinal of the run within the test), prints
 * the first N differences in full (20 unless --limit), a count by test file and the runs found
 * on one side only, and exits 1 on any difference. With --subset, only the test files the
 * second record holds are compared (a record of a few test files: `record <dir> <paths>`).
 * `--rename old=new` reads the first record's test files under `old` (a file or a folder) as if
 * at `new`: a test file the change moved. `--by-input` joins the runs by what the node was
 * given instead (tests moved or rewritten around the same inputs), and fails only on a run whose
 * input is found after with another outcome.
 * docs/behaviour-diff.md has the procedure.
 */
const { spawnSync, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..');

/*
 * What differs between two records of the same code, and why (measured: two records of one
 * commit; docs/behaviour-diff.md lists the same). Nothing else is left out of the comparison.
 */

/** Rewritten on both sides before comparing. */
const NORMALISE = [
	{
		// Its URL is in the credentials given, the requests' origin and URLs the sandbox answers.
		pattern: /\b(127\.0\.0\.1|localhost):\d{2,5}\b/g,
		replacement: (_, host) => `${host}:<port>`,
		why: 'a sandbox listens on a port the system picks',
	},
	{
		pattern: /([?&]Signature=)[0-9a-f]{16,}/g,
		replacement: (_, key) => `${key}<signature>`,
		why: "a sandbox recording URL's signature signs its expiry, a real-clock time",
	},
];

/**
 * Fields not compared (a path, array positions as [n]), or compared within `within` when a
 * number.
 */
const IGNORED_FIELDS = [
	{
		field: /\.stack$/,
		why: "an error's stack: its line numbers move in any refactoring, its async frames between runs",
	},
	{
		field: /\.waited_seconds$/,
		within: 1,
		why: 'the seconds a wait took, measured with the real clock from a real-clock start: rounding moves it by one',
	},
];

/** Runs not compared: the test's own outcome depends on timing. */
const IGNORED_RUNS = [
	{
		// By name: the file may move.
		file: /\/bulkSandbox\.test\.ts$/,
		test: /exactly one output per row/,
		why: "1,000 rows dialled 10 at a time against the sandbox's fault board: which row meets which fault and gets which call id depends on arrival order",
	},
];

/**
 * How far a value read from the real clock may move between two records beyond the records'
 * own shift (the runs' `at`): the time between a test's fixture and its run on a loaded
 * machine, and a value the node rounds to the minute.
 */
const CLOCK_TOLERANCE_MS = 120_000;
const DAY_MS = 86_400_000;

/**
 * Times in a string, each with how to read it (ms; `wraps`: a time of day, read modulo a day):
 * ISO, the service's "DD/MM/YYYY, HH:MM", epoch seconds or ms, and HH:MM.
 */
const CLOCK_TOKENS = [
	{
		re: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/,
		ms: Date.parse,
	},
	{
		re: /\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/,
		ms: (t) => {
			const [d, m, y, h, min] = t.match(/\d+/g).map(Number);
			return Date.UTC(y, m - 1, d, h, min);
		},
	},
	{ re: /\b1\d{9}(?:\d{3})?\b/, ms: (t) => (t.length === 10 ? Number(t) * 1000 : Number(t)) },
	{
		re: /\b\d{2}:\d{2}\b/,
		ms: (t) => Number(t.slice(0, 2)) * 3_600_000 + Number(t.slice(3)) * 60_000,
		wraps: true,
	},
];
const CLOCK = new RegExp(CLOCK_TOKENS.map((k) => `(${k.re.source})`).join('|'), 'g');

/** The times of a string, as [kind, ms], and the string with each time replaced by a mark. */
function clockTimes(s) {
	const times = [];
	const rest = s.replace(CLOCK, (...m) => {
		const kind = CLOCK_TOKENS.findIndex((_, n) => m[n + 1] !== undefined);
		times.push([kind, CLOCK_TOKENS[kind].ms(m[0])]);
		return `\u0000${kind}`;
	});
	return { times, rest };
}

/**
 * Whether x and y are the same value read from the real clock `shift` ms apart (the two runs'
 * start times): times in a string (the rest of the string equal), a number of epoch seconds or
 * ms, or a number of seconds of at least a day (a duration since a fixed time). Tests build
 * answers from the real clock (a call that ended a minute ago); the nodes carry those times
 * into their outputs, requests and memory.
 */
function clockShifted(x, y, shift) {
	const near = (ms, wraps) => {
		const off = wraps ? (((ms - shift) % DAY_MS) + DAY_MS) % DAY_MS : Math.abs(ms - shift);
		return Math.min(off, wraps ? DAY_MS - off : off) <= CLOCK_TOLERANCE_MS;
	};
	if (typeof x === 'number' && typeof y === 'number') {
		if (x >= 1e12 && x < 1e13) return near(y - x);
		if (x >= 1e9 && x < 1e10) return near((y - x) * 1000);
		return Number.isInteger(x) && Math.abs(x) >= 86_400 && near((y - x) * 1000);
	}
	if (typeof x !== 'string' || typeof y !== 'string') return false;
	const [a, b] = [clockTimes(x), clockTimes(y)];
	if (a.times.length === 0 || a.rest !== b.rest) return false;
	return a.times.every(
		([kind, ms], n) => ms === b.times[n][1] || near(b.times[n][1] - ms, CLOCK_TOKENS[kind].wraps),
	);
}

function normalise(value) {
	if (typeof value === 'string') {
		return NORMALISE.reduce((s, rule) => s.replace(rule.pattern, rule.replacement), value);
	}
	if (Array.isArray(value)) return value.map(normalise);
	if (value && typeof value === 'object') {
		return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalise(v)]));
	}
	return value;
}

function record(dir, jestArgs) {
	const out = path.resolve(dir);
	fs.rmSync(out, { recursive: true, force: true });
	fs.mkdirSync(out, { recursive: true });
	const env = { ...process.env, OUTPUTS_RECORD: out };
	// Recorded runs must be reproducible: no perturbation of answer timing.
	delete env.TEST_JITTER;
	const jest = require.resolve('jest/bin/jest', { paths: [ROOT] });
	const started = Date.now();
	const run = spawnSync(process.execPath, [jest, ...jestArgs], {
		cwd: ROOT,
		env,
		stdio: 'inherit',
	});
	const meta = {
		commit: execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim(),
		dirty: execFileSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' }) !== '',
		jestArgs,
		jestExit: run.status,
		seconds: Math.round((Date.now() - started) / 1000),
		seed: Number(process.env.OUTPUTS_SEED ?? 20260101),
	};
	fs.writeFileSync(path.join(out, 'meta.json'), JSON.stringify(meta, null, '\t') + '\n');
	const runs = load(out).size;
	console.log(`\n${runs} runs recorded in ${out} (${meta.seconds} s, jest exit ${run.status})`);
	if (run.status !== 0) {
		console.log('Some tests failed: a record of failing suites is no baseline.');
		process.exit(run.status ?? 1);
	}
}

/** Every run of a record, by its key; test files renamed by `renames` ([old, new] paths). */
function load(dir, renames = []) {
	const files = fs.readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
	if (files.length === 0) throw new Error(`${dir} holds no record (*.jsonl)`);
	const runs = new Map();
	for (const file of files.sort()) {
		for (const line of fs.readFileSync(path.join(dir, file), 'utf8').split('\n')) {
			if (!line) continue;
			const entry = JSON.parse(line);
			for (const [from, to] of renames) {
				if (entry.file === from || entry.file.startsWith(`${from}/`))
					entry.file = to + entry.file.slice(from.length);
			}
			let key = `${entry.file} › ${entry.test} › #${entry.ordinal}`;
			// The same test name twice in one file: told apart by their order.
			for (let n = 2; runs.has(key); n++)
				key = `${entry.file} › ${entry.test} › #${entry.ordinal} (${n})`;
			runs.set(key, entry);
		}
	}
	return runs;
}

/** Every leaf where a and b differ (beyond the clock's `shift`), as [path, a, b]. */
function differences(a, b, shift, ignore = () => false, at = '', out = []) {
	if (a === b || ignore(at, a, b)) return out;
	const bothObjects = a && b && typeof a === 'object' && typeof b === 'object';
	if (!bothObjects || Array.isArray(a) !== Array.isArray(b)) {
		if (JSON.stringify(a) !== JSON.stringify(b) && !clockShifted(a, b, shift)) {
			out.push([at || '.', a, b]);
		}
		return out;
	}
	const keys = Array.isArray(a)
		? [...Array(Math.max(a.length, b.length)).keys()]
		: [...new Set([...Object.keys(a), ...Object.keys(b)])];
	for (const key of keys) {
		const step = Array.isArray(a) ? `[${key}]` : `.${key}`;
		if (!Array.isArray(a) && !(key in a)) out.push([at + step, '(absent)', b[key]]);
		else if (!Array.isArray(a) && !(key in b)) out.push([at + step, a[key], '(absent)']);
		else differences(a[key], b[key], shift, ignore, at + step, out);
	}
	return out;
}

/**
 * How two runs of one key differ. Requests compare in order, else as a multiset: requests
 * sent at once (a batch's concurrent starts) leave in any order.
 */
function compareRuns(before, after) {
	const ignore = (at) =>
		IGNORED_FIELDS.some(
			(rule) => rule.field.test(at) && (!rule.file || rule.file.test(before.file)),
		);
	const { at: atA, requests: reqA = [], ...x } = normalise(before);
	const { at: atB, requests: reqB = [], ...y } = normalise(after);
	const shift = (atB ?? 0) - (atA ?? 0);
	const found = differences(x, y, shift, ignore);
	const inOrder = differences(reqA, reqB, shift, ignore, '.requests');
	if (inOrder.length === 0 || reqA.length !== reqB.length) return [...found, ...inOrder];
	const left = [...reqB];
	const matched = reqA.every((r) => {
		const n = left.findIndex((q) => differences(r, q, shift, ignore).length === 0);
		return n >= 0 && left.splice(n, 1);
	});
	return matched ? found : [...found, ...inOrder];
}

const ignoredRun = (entry) =>
	IGNORED_RUNS.some((rule) => rule.file.test(entry.file) && rule.test.test(entry.test));

const show = (v) => {
	const s = JSON.stringify(v);
	return s === undefined ? 'undefined' : s.length > 600 ? `${s.slice(0, 600)}…` : s;
};

function diff(dirA, dirB, { limit, subset, renames }) {
	const [a, b] = [load(dirA, renames), load(dirB)];
	if (subset) {
		const files = new Set([...b.values()].map((entry) => entry.file));
		for (const [key, entry] of a) if (!files.has(entry.file)) a.delete(key);
		console.log(`Comparing the ${files.size} test files of ${dirB} only (--subset).`);
	}
	const byFile = new Map();
	const count = (entry, what) => {
		const row = byFile.get(entry.file) ?? { differ: 0, onlyA: 0, onlyB: 0 };
		row[what]++;
		byFile.set(entry.file, row);
	};
	let shown = 0;
	let changed = 0;
	let ignored = 0;
	/** Each field that differs (array positions as [*]), with how many times. */
	const fields = new Map();
	const onlyA = [];
	const onlyB = [];
	for (const [key, before] of a) {
		const after = b.get(key);
		if (!after) {
			onlyA.push(key);
			count(before, 'onlyA');
			continue;
		}
		if (ignoredRun(before)) {
			ignored++;
			continue;
		}
		const found = compareRuns(before, after);
		if (found.length === 0) continue;
		changed++;
		count(before, 'differ');
		for (const [at] of found) {
			const field = at.replace(/\[\d+\]/g, '[*]');
			fields.set(field, (fields.get(field) ?? 0) + 1);
		}
		if (shown++ < limit) {
			console.log(`\n${key}  (${before.kind} ${before.type})`);
			for (const [at, x, y] of found.slice(0, 20)) {
				console.log(`  ${at}\n    - ${show(x)}\n    + ${show(y)}`);
			}
			if (found.length > 20) console.log(`  … and ${found.length - 20} more in this run`);
		}
	}
	for (const [key, after] of b) {
		if (!a.has(key)) {
			onlyB.push(key);
			count(after, 'onlyB');
		}
	}
	const list = (title, keys) => {
		if (keys.length === 0) return;
		console.log(`\n${title} (${keys.length}):`);
		keys.slice(0, limit).forEach((k) => console.log(`  ${k}`));
		if (keys.length > limit) console.log(`  … and ${keys.length - limit} more`);
	};
	list(`Only in ${dirA}`, onlyA);
	list(`Only in ${dirB}`, onlyB);
	if (fields.size > 0) {
		console.log('\nFields that differ (times):');
		for (const [field, n] of [...fields].sort((p, q) => q[1] - p[1]).slice(0, 50)) {
			console.log(`  ${field}: ${n}`);
		}
		if (fields.size > 50) console.log(`  … and ${fields.size - 50} more fields`);
	}
	if (byFile.size > 0) {
		console.log('\nBy test file (runs that differ / only before / only after):');
		for (const [file, row] of [...byFile].sort()) {
			console.log(`  ${file}: ${row.differ} / ${row.onlyA} / ${row.onlyB}`);
		}
	}
	console.log(
		`\n${a.size} runs before, ${b.size} after: ${changed} differ, ${onlyA.length} only before, ${onlyB.length} only after` +
			` (${ignored} not compared: IGNORED_RUNS).`,
	);
	return changed + onlyA.length + onlyB.length === 0 ? 0 : 1;
}

/** Keys in one order at every depth, so that the same input written in another order is one. */
const canonical = (v) =>
	Array.isArray(v)
		? v.map(canonical)
		: v && typeof v === 'object'
			? Object.fromEntries(
					Object.keys(v)
						.sort()
						.map((k) => [k, canonical(v[k])]),
				)
			: v;

/** A run without where it ran (file, test, ordinal): what the node was given and did. */
const bare = ({ file, test, ordinal, ...run }) => run;

/** What a node was given, as one key: its kind, type, parameters and input. */
const inputKey = (entry) => {
	const { at, outcome, requests, ...input } = normalise(bare(entry));
	return JSON.stringify(canonical(input));
};

/** The runs of a record grouped by their input. */
function byInputOf(runs) {
	const groups = new Map();
	for (const entry of runs.values()) {
		if (ignoredRun(entry)) continue;
		const key = inputKey(entry);
		if (!groups.has(key)) groups.set(key, []);
		groups.get(key).push(entry);
	}
	return groups;
}

/**
 * `diff --by-input`: runs joined by what the node was given, not by the test that ran them, so
 * that tests moved, renamed or rewritten around the same inputs still meet. A run before must
 * find a run after of the same input with the same outcome and requests (each used once).
 * Inputs only after are new tests; inputs only before are listed: a test no longer makes them.
 */
function diffByInput(dirA, dirB, { limit }) {
	const [a, b] = [byInputOf(load(dirA)), byInputOf(load(dirB))];
	let runsA = 0;
	let matched = 0;
	const changed = [];
	const onlyA = [];
	for (const [key, befores] of a) {
		runsA += befores.length;
		const pool = [...(b.get(key) ?? [])];
		if (pool.length === 0) {
			onlyA.push(...befores);
			continue;
		}
		for (const before of befores) {
			const n = pool.findIndex((after) => compareRuns(bare(before), bare(after)).length === 0);
			if (n >= 0) {
				pool.splice(n, 1);
				matched++;
			} else changed.push([before, b.get(key)[0]]);
		}
	}
	let onlyB = [...b].filter(([key]) => !a.has(key)).flatMap(([, runs]) => runs);
	// An input that holds the real clock (an item's time) is not the same key twice: those
	// runs meet by their test instead, compared as `diff` does, with the clock's shift.
	const testKey = (r) => `${r.file} › ${r.test} › #${r.ordinal}`;
	const afterByTest = new Map(onlyB.map((r) => [testKey(r), r]));
	const unmatched = [];
	for (const before of onlyA) {
		const after = afterByTest.get(testKey(before));
		if (!after) unmatched.push(before);
		else if (compareRuns(before, after).length === 0) {
			afterByTest.delete(testKey(before));
			matched++;
		} else changed.push([before, after]);
	}
	onlyA.splice(0, onlyA.length, ...unmatched);
	onlyB = [...afterByTest.values()];
	for (const [before, after] of changed.slice(0, limit)) {
		console.log(
			`\n${before.file} › ${before.test} › #${before.ordinal}  (${before.kind} ${before.type})`,
		);
		console.log(`  nearest after: ${after.file} › ${after.test} › #${after.ordinal}`);
		for (const [at, x, y] of compareRuns(bare(before), bare(after)).slice(0, 20))
			console.log(`  ${at}\n    - ${show(x)}\n    + ${show(y)}`);
	}
	const where = (runs) => [...new Set(runs.map((r) => r.file))].sort();
	console.log(`\nInputs only before, by test file (${onlyA.length} runs):`);
	where(onlyA)
		.slice(0, limit)
		.forEach((f) => console.log(`  ${f}`));
	console.log(
		`\n${runsA} runs before, in ${a.size} inputs: ${matched} found after with the same outcome, ${changed.length} with another outcome, ${onlyA.length} whose input no run after has; ${onlyB.length} runs after of new inputs.`,
	);
	return changed.length === 0 ? 0 : 1;
}

function main() {
	const [command, ...args] = process.argv.slice(2);
	if (command === 'record' && args[0]) return record(args[0], args.slice(1));
	if (command === 'diff' && args.length >= 2) {
		const at = args.indexOf('--limit');
		const renames = args
			.filter((arg, n) => args[n - 1] === '--rename')
			.map((arg) =>
				arg
					.replace(/\/+$/, '')
					.split('=')
					.map((p) => p.replace(/\/+$/, '')),
			);
		if (args.includes('--by-input'))
			process.exit(diffByInput(args[0], args[1], { limit: at >= 0 ? Number(args[at + 1]) : 20 }));
		process.exit(
			diff(args[0], args[1], {
				limit: at >= 0 ? Number(args[at + 1]) : 20,
				subset: args.includes('--subset'),
				renames,
			}),
		);
	}
	console.error(
		'usage: node scripts/dev/outputs.js record <dir> [jest options]\n' +
			'       node scripts/dev/outputs.js diff <dirA> <dirB> [--limit N] [--subset] [--rename old=new ...]\n' +
			'       node scripts/dev/outputs.js diff <dirA> <dirB> --by-input [--limit N]',
	);
	process.exit(2);
}

main();

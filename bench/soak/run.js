#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * npm run soak: the week (bench/soak/week.soak.ts, under jest with bench/soak/jest.config.js),
 * then the judge (bench/soak/judge.js) and the costs (bench/soak/costs.js) on what it left,
 * a table per day and one final line. Exit 1 when wrong_hour, listed, double or missed is
 * not 0 (or the week did not run).
 *
 *   npm run soak -- [--days 7] [--calls-per-day 10000] [--seed 1] [--mix answered=40,...]
 *   npm run soak -- --short                      CI form: 2 days x 500 calls
 *   npm run soak -- --parent shown               the service shows parent_call_id (default hidden)
 *   npm run soak -- --rate-limit 10/1000         the workspace's request limit (a sandbox that has one)
 *   npm run soak -- --bad                        the sandbox's bad week: rows up to 2 h late, an
 *                                                outage hour a day (week.soak.ts BAD_WEEK)
 *   npm run soak -- --result file.json           judge a week already run (its result file)
 *   npm run soak -- --n8n [--minutes 60] [...]   the day on n8n's engine (bench/soak/n8n.js)
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { judge } = require('./judge');
const { costsOf } = require('./costs');
const { report } = require('./report');
const { DAY, T0 } = require('./plan');

const ROOT = path.resolve(__dirname, '../..');

/** `--name value` or `--name=value`. @param {string[]} argv */
function parseArgs(argv) {
	/** @type {Record<string, string | true>} */
	const given = {};
	for (let i = 0; i < argv.length; i++) {
		const m = /^--([a-z0-9-]+)(?:=(.*))?$/.exec(argv[i]);
		if (!m) throw new Error(`soak: unknown argument ${argv[i]}`);
		if (m[2] !== undefined) given[m[1]] = m[2];
		else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--')) given[m[1]] = argv[++i];
		else given[m[1]] = true;
	}
	const known = [
		'days',
		'calls-per-day',
		'seed',
		'mix',
		'short',
		'result',
		'keep',
		'n8n',
		'minutes',
		'parent',
		'rate-limit',
		'bad',
	];
	for (const k of Object.keys(given))
		if (!known.includes(k)) throw new Error(`soak: unknown option --${k}`);
	const short = given.short === true;
	const number = (/** @type {string} */ k, /** @type {number} */ fallback) => {
		if (given[k] === undefined) return fallback;
		const n = Number(given[k]);
		if (!Number.isInteger(n) || n < 1) throw new Error(`soak: --${k} needs a whole number >= 1`);
		return n;
	};
	const choice = (/** @type {string} */ k, /** @type {string[]} */ values) => {
		if (given[k] === undefined) return values[0];
		if (!values.includes(String(given[k])))
			throw new Error(`soak: --${k} is ${values.join(' or ')}`);
		return String(given[k]);
	};
	/** `--rate-limit 10/1000`: at most 10 requests a second, answered 429 with Retry-After. */
	let rateLimit;
	if (given['rate-limit'] !== undefined) {
		const m = /^(\d+)\/(\d+)$/.exec(String(given['rate-limit']));
		if (!m) throw new Error('soak: --rate-limit is REQUESTS/MS, e.g. 10/1000');
		rateLimit = { requests: Number(m[1]), perMs: Number(m[2]), retryAfter: true };
	}
	return {
		rateLimit,
		days: number('days', short ? 2 : 7),
		callsPerDay: number('calls-per-day', short ? 500 : 10_000),
		seed: number('seed', 1),
		mix: typeof given.mix === 'string' ? given.mix : undefined,
		result: typeof given.result === 'string' ? given.result : undefined,
		parent: choice('parent', ['hidden', 'shown']),
		keep: given.keep === true,
		n8n: given.n8n === true,
		bad: given.bad === true,
	};
}

/** Runs the week under jest; returns the result file's path. @param {ReturnType<typeof parseArgs>} o */
function runWeek(o) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'soak-'));
	const file = path.join(dir, 'result.json');
	// n8n-core's settings folder, inside the run's own (removed with it unless kept).
	const userFolder = path.join(dir, 'n8n');
	fs.mkdirSync(userFolder);
	const jest = require.resolve('jest/bin/jest', { paths: [ROOT] });
	const started = Date.now();
	const run = spawnSync(
		process.execPath,
		[
			'--max-old-space-size=6144',
			jest,
			'--config',
			path.join(__dirname, 'jest.config.js'),
			'--forceExit',
			...(process.env.SOAK_DEBUG ? [] : ['--silent']),
		],
		{
			cwd: ROOT,
			stdio: ['ignore', 'inherit', 'inherit'],
			env: {
				...process.env,
				SOAK_OPTIONS: JSON.stringify({
					days: o.days,
					callsPerDay: o.callsPerDay,
					seed: o.seed,
					mix: o.mix,
					parent: o.parent,
					rateLimit: o.rateLimit,
					bad: o.bad,
				}),
				SOAK_RESULT: file,
				N8N_USER_FOLDER: userFolder,
			},
		},
	);
	if (run.status !== 0 || !fs.existsSync(file)) {
		throw new Error(`soak: the week did not run to its end (jest exit ${run.status})`);
	}
	console.log(
		`soak: the week ran in ${((Date.now() - started) / 60000).toFixed(1)} min of wall time (${file})`,
	);
	return file;
}

function main() {
	// The day on n8n's engine has options of its own (bench/soak/n8n.js).
	if (process.argv.includes('--n8n')) {
		require('./n8n')
			.main(process.argv.slice(2).filter((a) => a !== '--n8n'))
			.then(
				(/** @type {number} */ code) => process.exit(code),
				(/** @type {Error} */ error) => {
					console.error(`soak: ${error.stack ?? error}`);
					process.exit(1);
				},
			);
		return;
	}
	const o = parseArgs(process.argv.slice(2));
	const file = o.result ?? runWeek(o);
	const result = JSON.parse(fs.readFileSync(file, 'utf8'));
	const dayOf = (/** @type {number} */ ms) => Math.floor((ms - T0) / DAY) + 1;
	const verdict = judge({ ledger: result.ledger, truth: result.truth, dayOf });
	const costs = costsOf({ result, verdict, dayOf });
	const { lines, final, failed } = report({ verdict, costs, result });
	for (const line of lines) console.log(line);
	console.log(final);
	if (!o.result && !o.keep) fs.rmSync(path.dirname(file), { recursive: true, force: true });
	process.exit(failed ? 1 : 0);
}

main();

// @ts-check
'use strict';

/**
 * What the suite runners (`test:e2e`, `test:queue`) share: build the package (unless
 * E2E_BUILT=1, when the caller built it, as .ci/run does once for every suite), install the
 * pinned n8n on first use (outside jest, so its minutes count against no test timeout), then
 * run one jest config in band against that n8n.
 */

const { spawn } = require('node:child_process');
const path = require('node:path');

const { ensureN8n, selectedMajor } = require('../n8n/install');
const { REPO, mustExec, npmEnv } = require('../n8n/env');

/**
 * @param {string} tag the runner's log prefix, e.g. 'e2e'
 * @param {string[]} argv the runner's arguments: --n8n1/--n8n2, the rest goes to jest
 */
async function prepareSuite(tag, argv) {
	const major = selectedMajor(argv);
	const jestArgs = argv.filter((a) => a !== '--n8n2' && a !== '--n8n1');
	const started = Date.now();
	const seconds = () => Math.round((Date.now() - started) / 1000);
	if (process.env.E2E_BUILT === '1') {
		console.log(`[${tag}] using the package built before (E2E_BUILT=1)`);
	} else {
		console.log(`[${tag}] building the package (npm run build)...`);
		await mustExec(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], {
			env: npmEnv(),
		});
	}
	const n8n = await ensureN8n({ major });
	console.log(`[${tag}] n8n ${n8n.version} ready after ${seconds()} s; running the suite...`);
	return { major, n8n, jestArgs, seconds };
}

/**
 * Jest with the suite's config (test/<suite>/jest.config.js), told which n8n to use: in band,
 * or E2E_WORKERS files at a time (each file has its own n8n, folder, ports and sandbox; the
 * files mostly wait for n8n's polls, so CI runs two at once).
 * @param {string} suite @param {1 | 2} major @param {string[]} jestArgs
 * @param {{ env?: NodeJS.ProcessEnv, stdio?: import('node:child_process').StdioOptions }} [options]
 */
function spawnSuite(suite, major, jestArgs, { env = {}, stdio = 'inherit' } = {}) {
	return spawn(
		process.execPath,
		[
			path.join(REPO, 'node_modules', 'jest', 'bin', 'jest.js'),
			'--config',
			path.join(REPO, 'test', suite, 'jest.config.js'),
			...workers(),
			...jestArgs,
		],
		{
			cwd: REPO,
			stdio,
			env: { ...process.env, N8N_MAJOR: String(major), E2E_BUILT: '1', ...env },
		},
	);
}

/** Jest's worker flag from E2E_WORKERS (a whole number; unset or 1: in band). */
function workers() {
	const n = Number(process.env.E2E_WORKERS || '1');
	if (!Number.isInteger(n) || n < 1) throw new Error(`E2E_WORKERS must be a whole number, not ${process.env.E2E_WORKERS}`);
	return n === 1 ? ['--runInBand'] : [`--maxWorkers=${n}`];
}

module.exports = { prepareSuite, spawnSuite };

#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * `npm run test:e2e [-- --n8n2] [-- <jest args>]`: builds the package (unless E2E_BUILT=1),
 * installs the pinned n8n on first use (outside jest, so its minutes count against no test
 * timeout), then runs the end-to-end suite in test/e2e against it.
 */

const { spawn } = require('node:child_process');
const path = require('node:path');

const { ensureN8n, selectedMajor } = require('./n8n-install');
const { REPO, mustExec, npmEnv } = require('./n8n-env');

async function main() {
	const argv = process.argv.slice(2);
	const major = selectedMajor(argv);
	const jestArgs = argv.filter((a) => a !== '--n8n2' && a !== '--n8n1');
	const started = Date.now();
	const seconds = () => Math.round((Date.now() - started) / 1000);

	if (process.env.E2E_BUILT === '1') {
		// The caller built dist/ (e.g. .ci/run, which runs both suites at once from one build).
		console.log('[e2e] using the package built before (E2E_BUILT=1)');
	} else {
		console.log('[e2e] building the package (npm run build)...');
		await mustExec(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], {
			env: npmEnv(),
		});
	}
	const n8n = await ensureN8n({ major });
	console.log(`[e2e] n8n ${n8n.version} ready after ${seconds()} s; running the suite...`);

	const child = spawn(
		process.execPath,
		[
			path.join(REPO, 'node_modules', 'jest', 'bin', 'jest.js'),
			'--config',
			path.join(REPO, 'test', 'e2e', 'jest.config.js'),
			'--runInBand',
			...jestArgs,
		],
		{
			cwd: REPO,
			stdio: 'inherit',
			env: { ...process.env, N8N_MAJOR: String(major), E2E_BUILT: '1' },
		},
	);
	child.on('exit', (code, signal) => {
		console.log(`[e2e] n8n ${major}.x suite finished in ${seconds()} s (exit ${code ?? signal})`);
		process.exit(code ?? 1);
	});
}

main().catch((error) => {
	console.error(`[e2e] ${error.message}`);
	process.exit(1);
});

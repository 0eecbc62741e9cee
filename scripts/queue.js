#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * `npm run test:queue [-- --n8n2] [-- <jest args>]`: the package in n8n's queue mode (main,
 * worker and webhook processes on their own Redis and Postgres). Builds the package (unless
 * E2E_BUILT=1), installs the pinned n8n on first use, runs test/queue, and ends with one
 * plain line `queue-n8n<major>: N passed, N failed`.
 *
 * Whatever happens to the suite, no process it started outlives this script: the suite
 * writes the process ids it starts to a file, and anything of them still alive at the end
 * is killed here (a Postgres or Redis left behind would hold its port).
 */

const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { ensureN8n, selectedMajor } = require('./n8n-install');
const { REPO, mustExec, npmEnv } = require('./n8n-env');

/** Needs Debian's redis-server and postgresql (the CI installs them when missing). */
function checkTools() {
	const missing = [];
	if (spawnSync('redis-server', ['--version']).status !== 0) missing.push('redis-server');
	const pg = '/usr/lib/postgresql';
	if (
		!fs.existsSync(pg) ||
		!fs.readdirSync(pg).some((v) => fs.existsSync(path.join(pg, v, 'bin', 'initdb')))
	)
		missing.push('postgresql');
	if (missing.length) {
		console.error(
			`[queue] missing: ${missing.join(', ')} (Debian: apt-get install -y redis-server postgresql)`,
		);
		process.exit(1);
	}
}

/** Kills what the suite recorded and is still running (a process group for n8n). */
function killLeftovers(pidFile) {
	let lines = [];
	try {
		lines = fs.readFileSync(pidFile, 'utf8').split('\n').filter(Boolean);
	} catch {
		return 0;
	}
	let killed = 0;
	for (const line of lines) {
		const [pidText, group, name] = line.split(' ');
		const pid = Number(pidText);
		if (!(pid > 0)) continue;
		try {
			// Only a process that is still the one started (its command line names it).
			const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
			if (name && !cmdline.includes(name)) continue;
			process.kill(group === 'group' ? -pid : pid, 'SIGKILL');
			killed++;
		} catch {}
	}
	return killed;
}

async function main() {
	const argv = process.argv.slice(2);
	const major = selectedMajor(argv);
	const jestArgs = argv.filter((a) => a !== '--n8n2' && a !== '--n8n1');
	const started = Date.now();
	const seconds = () => Math.round((Date.now() - started) / 1000);
	checkTools();
	if (process.env.E2E_BUILT === '1') {
		console.log('[queue] using the package built before (E2E_BUILT=1)');
	} else {
		console.log('[queue] building the package (npm run build)...');
		await mustExec(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], {
			env: npmEnv(),
		});
	}
	const n8n = await ensureN8n({ major });
	console.log(`[queue] n8n ${n8n.version} ready after ${seconds()} s; running the suite...`);
	const pidDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voice-agent-queue-pids-'));
	const pidFile = path.join(pidDir, 'pids');
	let output = '';
	const child = spawn(
		process.execPath,
		[
			path.join(REPO, 'node_modules', 'jest', 'bin', 'jest.js'),
			'--config',
			path.join(REPO, 'test', 'queue', 'jest.config.js'),
			'--runInBand',
			...jestArgs,
		],
		{
			cwd: REPO,
			stdio: ['ignore', 'pipe', 'pipe'],
			env: { ...process.env, N8N_MAJOR: String(major), E2E_BUILT: '1', QUEUE_PIDS_FILE: pidFile },
		},
	);
	child.stdout.on('data', (c) => {
		process.stdout.write(c);
		output += c;
	});
	child.stderr.on('data', (c) => {
		process.stderr.write(c);
		output += c;
	});
	const stop = () => child.kill('SIGTERM');
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
	child.on('exit', (code, signal) => {
		const killed = killLeftovers(pidFile);
		fs.rmSync(pidDir, { recursive: true, force: true });
		if (killed) console.log(`[queue] killed ${killed} process(es) the suite left behind`);
		const line = [...output.matchAll(/^Tests: +(.*)$/gm)].at(-1)?.[1] ?? '';
		const passed = Number(/(\d+) passed/.exec(line)?.[1] ?? 0);
		const failed = Number(/(\d+) failed/.exec(line)?.[1] ?? 0);
		console.log(`[queue] n8n ${major}.x suite finished in ${seconds()} s (exit ${code ?? signal})`);
		const ok = code === 0 && killed === 0;
		console.log(`queue-n8n${major}: ${passed} passed, ${failed + (ok || failed ? 0 : 1)} failed`);
		process.exit(ok ? 0 : 1);
	});
}

main().catch((error) => {
	console.error(`[queue] ${error.message}`);
	process.exit(1);
});

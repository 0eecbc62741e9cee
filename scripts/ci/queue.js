#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * `npm run test:queue [-- --n8n1] [-- <jest args>]` (2.x unless --n8n1): the package in n8n's queue mode (main,
 * worker and webhook processes on their own Redis and Postgres), built and installed first
 * (see suite.js); ends with one plain line `queue-n8n<major>: N passed, N failed`.
 *
 * Whatever happens to the suite, no process it started outlives this script: the suite
 * writes the process ids it starts to a file, and anything of them still alive at the end
 * is killed here (a Postgres or Redis left behind would hold its port).
 */

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { prepareSuite, spawnSuite } = require('./suite');

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
	checkTools();
	const { major, jestArgs, seconds } = await prepareSuite('queue', process.argv.slice(2));
	const pidDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voice-agent-queue-pids-'));
	const pidFile = path.join(pidDir, 'pids');
	let output = '';
	const child = spawnSuite('queue', major, jestArgs, {
		stdio: ['ignore', 'pipe', 'pipe'],
		env: { QUEUE_PIDS_FILE: pidFile },
	});
	if (!child.stdout || !child.stderr) throw new Error('jest was started without pipes');
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

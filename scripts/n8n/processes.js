// @ts-check
'use strict';

/**
 * The processes a script starts: commands run to their end, children tracked and stopped
 * (their whole process group), npm's environment without the calling npm's settings.
 */

const { spawn } = require('node:child_process');
const path = require('node:path');
const { bound } = require('../../lib/bounds');

const { REPO } = require('./settings');

/**
 * @param {string} cmd @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, timeoutMs?: number }} [options]
 * @returns {Promise<{ code: number | null, stdout: string, stderr: string }>}
 */
function exec(cmd, args, { cwd = REPO, env = process.env, timeoutMs = bound('exec') } = {}) {
	return new Promise((resolve, reject) => {
		const child = track(spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] }));
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (c) => (stdout += c));
		child.stderr.on('data', (c) => (stderr += c));
		const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
		child.on('error', (error) => {
			clearTimeout(timer);
			reject(error);
		});
		child.on('close', (code) => {
			clearTimeout(timer);
			resolve({ code, stdout, stderr });
		});
	});
}

/**
 * Child processes started here that are still running (builds, npm, n8n CLI and server), so
 * that a parent that is told to stop can stop them too (see stopChildren).
 * @type {Set<import('node:child_process').ChildProcess>}
 */
const running = new Set();

/** @template {import('node:child_process').ChildProcess} T @param {T} child @returns {T} */
function track(child) {
	running.add(child);
	child.once('exit', () => running.delete(child));
	child.once('error', () => running.delete(child));
	return child;
}

/**
 * Sends a signal to a child, or to its whole process group when it was started detached
 * (n8n 2.x starts task runners as children of its own).
 * @param {import('node:child_process').ChildProcess} child @param {NodeJS.Signals} signal
 */
function signalChild(child, signal) {
	if (!child.pid) return;
	const group = Boolean(/** @type {any} */ (child).voiceAgentGroup);
	// A group outlives its leader while a member runs: signal it even after the leader exited.
	if (!group && (child.exitCode !== null || child.signalCode !== null)) return;
	try {
		if (group) process.kill(-child.pid, signal);
		else child.kill(signal);
	} catch {}
}

/**
 * Stops every tracked child (and the extra ones given): SIGTERM, then SIGKILL after graceMs.
 * @param {{ extra?: Iterable<import('node:child_process').ChildProcess>, graceMs?: number }} [options]
 */
async function stopChildren({ extra = [], graceMs = bound('stopGrace') } = {}) {
	const children = [...new Set([...running, ...extra])];
	const exited = children.map(
		(c) =>
			new Promise((resolve) => {
				if (c.exitCode !== null || c.signalCode !== null) resolve(undefined);
				else c.once('exit', () => resolve(undefined));
			}),
	);
	for (const c of children) signalChild(c, 'SIGTERM');
	const timer = setTimeout(() => {
		for (const c of children) signalChild(c, 'SIGKILL');
	}, graceMs);
	await Promise.all(exited);
	clearTimeout(timer);
	// A group's other members (task runners) must not outlive its leader.
	for (const c of children) if (/** @type {any} */ (c).voiceAgentGroup) signalChild(c, 'SIGKILL');
}

/** @param {string} cmd @param {string[]} args @param {Parameters<typeof exec>[2]} [options] */
async function mustExec(cmd, args, options) {
	const result = await exec(cmd, args, options);
	if (result.code !== 0) {
		throw new Error(
			`${path.basename(cmd)} ${args.join(' ')} exited ${result.code}\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`,
		);
	}
	return result;
}

/** Environment for npm children: the repo's npm settings and a parent `npm run` stay out. */
function npmEnv() {
	/** @type {NodeJS.ProcessEnv} */
	const env = { ...process.env };
	for (const key of Object.keys(env)) if (key.toLowerCase().startsWith('npm_')) delete env[key];
	return env;
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

module.exports = { exec, track, running, npm, stopChildren, signalChild, mustExec, npmEnv };

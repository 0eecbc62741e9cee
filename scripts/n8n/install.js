#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * Installs a pinned n8n into a cache folder outside the repo's node_modules, once.
 *
 *   node scripts/n8n/install.js            n8n 2.x on Node 24 (from the npm `node` package)
 *   node scripts/n8n/install.js --n8n1     n8n 1.x on the current Node
 *   N8N_MAJOR=2 node scripts/n8n/install.js
 *
 * Environment: N8N_MAJOR (1 or 2), N8N_VERSION (overrides the pinned version),
 * N8N_CACHE_DIR (parent folder of the n8n-<version> folders; default <repo>/.cache).
 *
 * n8n is installed with lifecycle scripts off (optional native builds fail or reach the
 * network) and an override for xlsx (n8n-nodes-base points it at a tarball URL); only
 * sqlite3's addon, which n8n needs, is built beside it in a folder of its own (the build's CPU
 * overlaps the install's download: prebuildSqlite3) and copied in (or copied from a build for
 * another install, see sqlite3Addon). The install goes to <folder>.partial and is
 * renamed into place after success, so an interrupted run leaves nothing half-made.
 *
 * The tree is resolved with legacy peer dependencies: a plain resolution adds older duplicates
 * (langchain 0.1, Sentry 8) for peer ranges n8n's own versions miss. That leaves out every
 * peer, and n8n as users get it has the required ones (npm and n8n's image install them), so
 * they are added afterwards (installMissingPeers): without date-fns, n8n-nodes-base's
 * Extract From File does not load. The marker records the recipe; an install made by an older recipe gets the steps it
 * lacks on next use, not a full reinstall.
 */

const fs = require('node:fs');
const path = require('node:path');

const { acquireLock, installEnv, nodePaths, npmCommand, run, version } = require('./installTools');
const { OWN_NODE_PACKAGES, loadOwnNodes } = require('./ownNodes');
const { installMissingPeers, missingPeers } = require('./peers');
const { prebuildSqlite3, sqlite3Addon } = require('./sqlite3');

const REPO = path.resolve(__dirname, '../..');

/**
 * Pinned versions: the newest ones that install and run here (see the README). sqlite3: the
 * version both n8n trees resolve, built beside the install (prebuildSqlite3).
 */
const PINS = {
	1: { n8n: '1.123.81', node: null, sqlite3: '5.1.7' },
	2: { n8n: '2.41.1', node: '24', sqlite3: '5.1.7' },
};

const MARKER = '.n8n-install.json';

/**
 * What the marker's `recipe` means (bump it when an existing install needs a new step):
 * 1 (or none): npm install + sqlite3 rebuild; 2: + the missing required peer dependencies.
 */
const RECIPE = 2;

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

/**
 * The n8n line a script runs: 2.x (the current line) unless 1.x is asked for.
 * @param {string[]} [argv] @returns {1 | 2}
 */
function selectedMajor(argv = process.argv.slice(2)) {
	if (argv.includes('--n8n1')) return 1;
	if (argv.includes('--n8n2')) return 2;
	return process.env.N8N_MAJOR === '1' ? 1 : 2;
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

/**
 * Paths of an installed n8n, or null when it is not (completely) installed.
 * @param {1 | 2} major
 */
function installed(major) {
	const where = layout(major);
	const marker = path.join(where.dir, MARKER);
	if (!fs.existsSync(marker)) return null;
	const nodeBin = where.nodeMajor ? nodePaths(where.dir).nodeBin : process.execPath;
	const info = JSON.parse(fs.readFileSync(marker, 'utf8'));
	return {
		...where,
		nodeBin,
		n8nBin: path.join(where.dir, 'node_modules', 'n8n', 'bin', 'n8n'),
		info,
		/** False for an install made by an older recipe: ensureN8n brings it up to date. */
		current: (info.recipe ?? 1) >= RECIPE,
	};
}

/**
 * A Node of its own (n8n 2.x's), from the npm `node` package, before the n8n tree and sqlite3
 * are built against it; `env` is changed to put it first on PATH.
 * @param {string} work @param {string} nodeMajor
 * @param {{ env: NodeJS.ProcessEnv, npm: string, log: (s: string) => void }} options
 */
async function installOwnNode(work, nodeMajor, { env, npm, log }) {
	// Node itself first: the n8n tree and sqlite3 are then built against it.
	log(`installing Node ${nodeMajor} from the npm 'node' package (step 1/3)...`);
	const node = nodePaths(work);
	fs.mkdirSync(node.runtime, { recursive: true });
	fs.writeFileSync(
		path.join(node.runtime, 'package.json'),
		JSON.stringify({ name: 'node-runtime', private: true }) + '\n',
	);
	await run(
		npm,
		['install', '--ignore-scripts=false', '--no-audit', '--no-fund', `node@${nodeMajor}`],
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
}

/**
 * Installs n8n if it is not there yet and returns its paths.
 * @param {{major?: 1 | 2, log?: (s: string) => void}} [options]
 */
async function ensureN8n(options = {}) {
	const major = options.major || selectedMajor([]);
	const log = options.log || ((s) => console.log(`[n8n-install] ${s}`));
	const ready = installed(major);
	if (ready?.current) return ready;

	const where = layout(major);
	fs.mkdirSync(where.cacheRoot, { recursive: true });
	const release = await acquireLock(`${where.dir}.lock`, log);
	try {
		const again = installed(major);
		if (again?.current) return again;
		if (again) return await upgrade(again, log);
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

		const env = installEnv(work, null);
		const npm = npmCommand();

		if (where.nodeMajor) {
			await installOwnNode(work, where.nodeMajor, { env, npm, log });
			log(`Node ${await version(nodePaths(work).nodeBin)} ready (${elapsed()})`);
		}

		const nodeBin = where.nodeMajor ? nodePaths(work).nodeBin : process.execPath;
		// sqlite3's addon builds (CPU) while n8n's tree installs (download, disk), not after it.
		const sideBuild = prebuildSqlite3(PINS[major].sqlite3, where, {
			nodeBin,
			env: { ...env },
			log,
		});
		log(
			`installing n8n ${where.version} into ${where.dir} (step ${where.nodeMajor ? 2 : 1}/${
				where.nodeMajor ? 3 : 2
			}, about 3-5 minutes, 2-3 GB)...`,
		);
		const ticker = setInterval(() => log(`  still installing... ${elapsed()}`), 30000);
		/** @type {Awaited<ReturnType<typeof installMissingPeers>>} */
		let peers;
		/** @type {string} */
		let sqlite3;
		try {
			// --prefer-offline: package data already in npm's cache is used as it is, not asked
			// for again (2,000 packages; 96 s against 121 s idle for 2.x).
			await run(
				npm,
				['install', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'],
				{
					cwd: work,
					env,
					log,
				},
			);
			log(`n8n installed (${elapsed()}); adding the missing peer dependencies...`);
			peers = await installMissingPeers(work, { env, log });
			log(`peers done (${elapsed()}); sqlite3's addon...`);
			log(`sqlite3 beside the install: ${await sideBuild} (${elapsed()})`);
			sqlite3 = await sqlite3Addon(work, where, { nodeBin, env, log });
			log(`sqlite3 ${sqlite3} (${elapsed()})`);
		} finally {
			clearInterval(ticker);
		}

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
					recipe: RECIPE,
					peers: peers.installed,
					peersSeconds: peers.seconds,
					sqlite3,
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

/**
 * Brings an install made by an older recipe up to date in place (under the caller's lock).
 * The marker is rewritten last: an interrupted upgrade runs again next time.
 * @param {NonNullable<ReturnType<typeof installed>>} install @param {(s: string) => void} log
 */
async function upgrade(install, log) {
	const from = install.info.recipe ?? 1;
	log(
		`n8n ${install.version} was installed by recipe ${from}; upgrading it to recipe ${RECIPE}...`,
	);
	const env = installEnv(install.dir, install.nodeMajor);
	const peers = await installMissingPeers(install.dir, { env, log });
	// The n8n CLI must still start after the added packages.
	log(`n8n --version: ${await version(install.nodeBin, [install.n8nBin, '--version'])}`);
	const marker = path.join(install.dir, MARKER);
	fs.writeFileSync(
		marker,
		JSON.stringify(
			{
				...install.info,
				recipe: RECIPE,
				peers: peers.installed,
				peersSeconds: peers.seconds,
				upgradedAt: new Date().toISOString(),
			},
			null,
			'\t',
		) + '\n',
	);
	const result = installed(install.major);
	if (!result?.current) throw new Error('upgrade finished but its marker is not current');
	return result;
}

module.exports = {
	ensureN8n,
	installed,
	layout,
	selectedMajor,
	missingPeers,
	loadOwnNodes,
	OWN_NODE_PACKAGES,
	PINS,
	RECIPE,
};

if (require.main === module) {
	const major = selectedMajor();
	const already = installed(major);
	if (already?.current) {
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

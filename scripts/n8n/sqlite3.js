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

module.exports = { sqlite3Addon };

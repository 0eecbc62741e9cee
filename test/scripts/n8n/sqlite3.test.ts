/**
 * scripts/n8n/sqlite3.js: the builds of sqlite3's addon kept per Node-API version, and the
 * build beside n8n's install, which never fails the install (a failed one means the build in
 * place, after it). The build itself (a minute of CPU) is proven by every n8n install the
 * suites make.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { prebuildSqlite3, usableBuilds } from '../../../scripts/n8n/sqlite3';

let root: string;
beforeEach(() => {
	root = mkdtempSync(path.join(tmpdir(), 'sqlite3-builds-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** The side build of `version` under `root`: what it resolved, and what it logged. */
async function prebuild(version: string) {
	const log: string[] = [];
	const result = await prebuildSqlite3(
		version,
		{ cacheRoot: root },
		{ nodeBin: process.execPath, env: process.env, log: (s: string) => log.push(s) },
	);
	return { result, log };
}

test('a Node offering Node-API N loads the builds for N or less, newest first; nothing else counts', () => {
	const builds = path.join(root, 'sqlite3-5.1.7-linux-x64');
	expect(usableBuilds(builds, 10)).toEqual([]);
	mkdirSync(builds);
	for (const name of ['napi3.node', 'napi9.node', 'napi12.node', 'napi9.node.partial', 'x.node'])
		writeFileSync(path.join(builds, name), '');
	expect(usableBuilds(builds, 10)).toEqual([9, 3]);
	expect(usableBuilds(builds, 12)).toEqual([12, 9, 3]);
	expect(usableBuilds(builds, 2)).toEqual([]);
});

test('a kept build that fits: nothing is installed or built', async () => {
	const builds = path.join(root, `sqlite3-5.1.7-${process.platform}-${process.arch}`);
	mkdirSync(builds);
	writeFileSync(path.join(builds, 'napi1.node'), '');
	expect(await prebuild('5.1.7')).toEqual({ result: 'a build was there', log: [] });
	expect(readdirSync(root).sort()).toEqual([path.basename(builds)]);
});

test('a side build that fails says why and leaves nothing behind, without failing', async () => {
	// A folder an interrupted side build left goes too.
	const left = path.join(
		root,
		`sqlite3-0.0.0-no-such-version-${process.platform}-${process.arch}.work-1`,
	);
	mkdirSync(path.join(left, 'node_modules'), { recursive: true });
	const { result, log } = await prebuild('0.0.0-no-such-version');
	expect(result).toBe('failed');
	expect(log).toEqual([
		expect.stringMatching(
			/^sqlite3's build beside the install failed \(it is built after it\): Error: npm install .* exited 1\n/,
		),
	]);
	// No side folder and no build; the lock is released (no lock file left).
	expect(readdirSync(root)).toEqual([]);
});

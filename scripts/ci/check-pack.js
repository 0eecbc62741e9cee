#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * Packs the package from a clean build and checks the tarball holds exactly what n8n loads.
 *
 *   node scripts/ci/check-pack.js                  clean build, pack into a temp folder, check
 *   node scripts/ci/check-pack.js --out <dir>      the same, and keep the tarball in <dir>
 *   node scripts/ci/check-pack.js --tarball <tgz>  check a tarball packed elsewhere (no build)
 *
 * `npm run pack` is the second form with <dir> = the repo: the way to make a tarball by hand.
 * (`npm pack` alone cannot build first: the repo's .npmrc turns lifecycle scripts off so that
 * installs never run dependencies' install scripts, and that also skips `prepack`.)
 *
 * What the check demands, derived from package.json so new nodes need no edit here:
 * - every file package.json's `n8n.nodes` / `n8n.credentials` names is inside;
 * - every relative require() of a shipped file resolves to a shipped file, and the only
 *   other modules required are Node built-ins and n8n-workflow (a peer dependency);
 * - the codex `<Node>.node.json` next to every node, and every icon a node or credential
 *   names (`file:…svg|png`), are inside;
 * - nothing else: outside dist/ only package.json, README.md, LICENSE (the CHANGELOG stays in
 *   the repository: the tarball's budget goes to the nodes); inside
 *   dist/ only .js, .json and .svg/.png files, each one reachable from the entries above (no
 *   source maps, declarations, build info, tests or sources);
 * - the tarball is at most MAX_PACKED_BYTES.
 */

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const { builtinModules } = require('node:module');
const os = require('node:os');
const path = require('node:path');

const REPO = path.resolve(__dirname, '../..');
// 150 KB until 2026-11-28; the callee's zone by exchange (+2.0 KB), the possible lengths of
// every country's numbers (+2.0 KB) and later calls' windows took it past that: the data is
// stored compactly, and the README alone is 9 KB of it. 160 KB until the callee verdict, the
// Webhook Trigger's memory across processes and Not Reached (+2.8 KB) passed it. 165 KB until
// Check Calls, the durable wait, and its shared readers took it to 166.1 KB. 170 KB until each
// country's national prefix rule, number pattern and number shapes (Google libphonenumber's,
// for reading numbers written nationally: about 10 KB packed) took it to 178.1 KB; with the
// zone names a rule cannot spell (+1.2 KB), the one reader of the service's times, Call Back's
// source check and Check Calls' per-call state, 182.2 KB. 184 KB until the dialling room's
// typed rows, the code lists, the operation kinds and the run value took it to 184.4 KB. 186 KB
// until the costs of the unattended week (the trigger's re-read schedule, a run's pace under
// 429s, Call Back's one history read per run, Check Calls' windows priced on all calls) took
// it to 189.0 KB.
const MAX_PACKED_BYTES = 192 * 1024;
const TOP_LEVEL = new Set(['package.json', 'README.md', 'LICENSE']);
const PEERS = new Set(['n8n-workflow']);

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** @param {string} cmd @param {string[]} args @param {import('node:child_process').SpawnSyncOptions} [options] */
function run(cmd, args, options = {}) {
	const result = spawnSync(cmd, args, { cwd: REPO, encoding: 'utf8', ...options });
	if (result.status !== 0) {
		process.stderr.write(String(result.stdout ?? '') + String(result.stderr ?? ''));
		throw new Error(`${cmd} ${args.join(' ')} exited ${result.status}`);
	}
	return String(result.stdout ?? '');
}

/** Clean build, then `npm pack` (scripts off: the build just ran) into `dest`. */
function buildAndPack(/** @type {string} */ dest) {
	console.log('[pack] clean build (npm run build)...');
	run(npm, ['run', 'build'], { stdio: ['ignore', 'inherit', 'inherit'] });
	const out = run(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', dest]);
	const info = JSON.parse(out.slice(out.indexOf('[')))[0];
	return path.join(dest, info.filename);
}

/** @param {string} tgz @returns {Map<string, Buffer>} path inside the package -> contents */
function readTarball(tgz) {
	const tar = require('node:zlib').gunzipSync(fs.readFileSync(tgz));
	const files = new Map();
	for (let p = 0; p + 512 <= tar.length; ) {
		const header = tar.subarray(p, p + 512);
		if (header.every((b) => b === 0)) break;
		const field = (/** @type {number} */ at, /** @type {number} */ len) =>
			header
				.subarray(at, at + len)
				.toString('utf8')
				.replace(/\0.*$/s, '');
		const name = (field(345, 155) ? field(345, 155) + '/' : '') + field(0, 100);
		const size = parseInt(field(124, 12).trim() || '0', 8);
		const type = field(156, 1);
		if (type === '0' || type === '') {
			files.set(name.replace(/^package\//, ''), Buffer.from(tar.subarray(p + 512, p + 512 + size)));
		}
		p += 512 + Math.ceil(size / 512) * 512;
	}
	return files;
}

/**
 * @param {string} tgz
 * @returns {string[]} problems; empty when the tarball is right
 */
function checkTarball(tgz) {
	const problems = [];
	const files = readTarball(tgz);
	const packed = fs.statSync(tgz).size;
	const manifest = JSON.parse(String(files.get('package.json') ?? '{}'));
	const entries = [...(manifest.n8n?.nodes ?? []), ...(manifest.n8n?.credentials ?? [])];
	if (!entries.length) problems.push('package.json names no n8n nodes or credentials');
	if (manifest.main && !files.has(path.posix.normalize(manifest.main)))
		problems.push(`package.json main "${manifest.main}" is not in the tarball`);
	if (Object.keys(manifest.dependencies ?? {}).length)
		problems.push('community nodes may have no runtime dependencies');

	// Walk what n8n loads: entries, their codex files and icons, and everything they require.
	const needed = new Set();
	const queue = [];
	const need = (/** @type {string} */ file, /** @type {string} */ why) => {
		if (needed.has(file)) return;
		needed.add(file);
		if (!files.has(file)) problems.push(`missing ${file} (${why})`);
		else if (file.endsWith('.js')) queue.push(file);
	};
	for (const entry of entries) need(path.posix.normalize(entry), 'named in package.json n8n');
	for (const entry of manifest.n8n?.nodes ?? []) {
		need(path.posix.normalize(entry) + 'on', 'the codex file n8n reads next to a node');
	}
	while (queue.length) {
		const file = /** @type {string} */ (queue.shift());
		const dir = path.posix.dirname(file);
		const code = String(files.get(file));
		for (const [, spec] of code.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)) {
			if (spec.startsWith('.')) {
				const base = path.posix.join(dir, spec);
				const hit = [base, `${base}.js`, `${base}.json`, `${base}/index.js`].find((f) =>
					files.has(f),
				);
				need(hit ?? `${base}.js`, `required by ${file}`);
			} else {
				const name = spec.startsWith('@')
					? spec.split('/').slice(0, 2).join('/')
					: spec.split('/')[0];
				if (!PEERS.has(name) && !builtinModules.includes(spec.replace(/^node:/, '')))
					problems.push(`${file} requires "${spec}", which is not a peer or Node built-in`);
			}
		}
		for (const [, icon] of code.matchAll(/["']file:([^"']+\.(?:svg|png))["']/g)) {
			need(path.posix.join(dir, icon), `icon of ${file}`);
		}
	}

	for (const file of files.keys()) {
		if (TOP_LEVEL.has(file)) continue;
		if (!file.startsWith('dist/')) problems.push(`unexpected file outside dist/: ${file}`);
		else if (!/\.(js|json|svg|png)$/.test(file) || /\.(test|spec)\.js$/.test(file))
			problems.push(`unexpected file type: ${file}`);
		else if (!needed.has(file))
			problems.push(`${file} is shipped but nothing n8n loads requires it`);
	}
	for (const file of ['package.json', 'README.md', 'LICENSE']) {
		if (!files.has(file)) problems.push(`missing ${file}`);
	}
	if (packed > MAX_PACKED_BYTES)
		problems.push(`packed size ${packed} B is above the ${MAX_PACKED_BYTES} B budget`);

	const unpacked = [...files.values()].reduce((n, b) => n + b.length, 0);
	console.log(
		`[pack] ${path.basename(tgz)}: ${files.size} files, ${(packed / 1024).toFixed(1)} KB packed ` +
			`(budget ${MAX_PACKED_BYTES / 1024} KB), ${(unpacked / 1024).toFixed(1)} KB unpacked, ` +
			`${entries.length} entries (${manifest.n8n?.nodes?.length ?? 0} nodes)`,
	);
	return problems;
}

function main() {
	const argv = process.argv.slice(2);
	const arg = (/** @type {string} */ name) => {
		const i = argv.indexOf(name);
		return i >= 0 ? argv[i + 1] : undefined;
	};
	const given = arg('--tarball');
	const out = arg('--out');
	const temp = given || out ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'voice-agent-pack-'));
	try {
		const tgz = given ? path.resolve(given) : buildAndPack(path.resolve(out ?? temp ?? '.'));
		const problems = checkTarball(tgz);
		if (problems.length) {
			console.error(`[pack] the tarball is not right:\n  - ${problems.join('\n  - ')}`);
			process.exitCode = 1;
		} else {
			console.log(`[pack] ok${temp ? '' : `: ${path.relative(process.cwd(), tgz) || tgz}`}`);
		}
	} finally {
		if (temp) fs.rmSync(temp, { recursive: true, force: true });
	}
}

module.exports = { checkTarball, readTarball };

if (require.main === module) {
	try {
		main();
	} catch (error) {
		console.error(`[pack] ${/** @type {Error} */ (error).message}`);
		process.exit(1);
	}
}

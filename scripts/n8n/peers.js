// @ts-check
'use strict';

/**
 * The peer dependencies n8n as users get it has: every required peer that no package of the
 * install resolves, installed as npm would, until none is missing.
 */

const fs = require('node:fs');
const path = require('node:path');

const { capture, npmCommand, run } = require('./installTools');

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

module.exports = { missingPeers, installMissingPeers };

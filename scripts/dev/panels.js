#!/usr/bin/env node
/**
 * Panels: prints, as JSON, the description of every node package.json's `n8n.nodes` lists and
 * every credential of `n8n.credentials`, with functions dropped and keys sorted, so two runs
 * can be compared with `diff`: a refactoring that should leave every panel as it was must
 * leave this output as it was.
 *
 *   node scripts/dev/panels.js [builtDir] > panels.json
 *
 * With no argument it compiles the TypeScript sources (tsconfig.json) into a fresh temporary
 * folder and reads the nodes from there; with one, it reads them from that build instead
 * (e.g. `dist` after `npm run build`).
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.join(__dirname, '../..');
const pkg = require(path.join(ROOT, 'package.json'));

/** A compiled copy of the sources: the folder given, or a fresh build in a temporary folder. */
function builtDir() {
	const given = process.argv[2];
	if (given) return { dir: path.resolve(given), cleanup() {} };
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'panels-'));
	const tsc = require.resolve('typescript/bin/tsc', { paths: [ROOT] });
	execFileSync(process.execPath, [tsc, '-p', path.join(ROOT, 'tsconfig.json'), '--outDir', dir], {
		cwd: ROOT,
		stdio: 'inherit',
	});
	// The build resolves n8n-workflow and the other packages from the repository's own.
	fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
	return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A plain copy of a value: functions and undefined dropped, object keys in sorted order. */
function plain(value) {
	if (typeof value === 'function' || value === undefined) return undefined;
	if (Array.isArray(value)) return value.map((v) => plain(v) ?? null);
	if (value === null || typeof value !== 'object') return value;
	const out = {};
	for (const key of Object.keys(value).sort()) {
		const v = plain(value[key]);
		if (v !== undefined) out[key] = v;
	}
	return out;
}

/** Every exported class of a compiled module, instantiated. */
function instances(file) {
	const mod = require(file);
	return Object.keys(mod)
		.sort()
		.filter((name) => typeof mod[name] === 'function' && /^class\b/.test(String(mod[name])))
		.map((name) => ({ name, instance: new mod[name]() }));
}

/** `dist/nodes/X/X.node.js` of package.json, as the same file in the build folder. */
const inBuild = (dir, entry) => path.join(dir, entry.replace(/^dist\//, ''));

function main() {
	const build = builtDir();
	try {
		const out = { credentials: {}, nodes: {} };
		for (const entry of pkg.n8n.credentials) {
			for (const { name, instance } of instances(inBuild(build.dir, entry))) {
				out.credentials[`${entry}#${name}`] = plain({ ...instance });
			}
		}
		for (const entry of pkg.n8n.nodes) {
			for (const { name, instance } of instances(inBuild(build.dir, entry))) {
				if (!instance.description) continue;
				out.nodes[`${entry}#${name}`] = {
					description: plain(instance.description),
					methods: plain(
						Object.fromEntries(
							Object.entries(instance.methods ?? {}).map(([kind, fns]) => [
								kind,
								Object.keys(fns).sort(),
							]),
						),
					),
				};
			}
		}
		process.stdout.write(JSON.stringify(out, null, '\t') + '\n');
	} finally {
		build.cleanup();
	}
}

main();

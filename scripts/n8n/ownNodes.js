// @ts-check
'use strict';

/**
 * n8n's own node packages loaded in the install's own Node, as n8n loads them: the file, then
 * its class (test/e2e/ownNodes.test.ts).
 */

const path = require('node:path');

const { capture, installEnv } = require('./installTools');

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

module.exports = { OWN_NODE_PACKAGES, loadOwnNodes };

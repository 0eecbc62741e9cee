// @ts-check
'use strict';

/**
 * This package in an n8n user folder, installed the way users install community nodes: packed,
 * installed, and a template folder (package installed, database migrated) each suite copies.
 */

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const ports = require('../../lib/ports');

const { n8nCli } = require('./cli');
const { mustExec, npm, npmEnv } = require('./processes');
const { PACKAGE_NAME, REPO, freshN8nEnv } = require('./settings');

/** @typedef {import('./settings').N8nInstall} N8nInstall */

/** The install step of docker/Dockerfile. */
const INSTALL_SCRIPT = path.join(REPO, 'docker', 'install-nodes.sh');

/**
 * `npm pack` of the repo (built beforehand by the caller) into a temp folder.
 * @returns {Promise<string>} the tarball's path
 */
async function packRepo() {
	const dest = fs.mkdtempSync(path.join(os.tmpdir(), 'voice-agent-pack-'));
	// Scripts off: prepack would build again, and the caller has just built.
	const { stdout } = await mustExec(
		npm,
		['pack', REPO, '--pack-destination', dest, '--ignore-scripts', '--json'],
		{ env: npmEnv() },
	);
	const [info] = JSON.parse(stdout.slice(stdout.indexOf('[')));
	return path.join(dest, info.filename);
}

/**
 * Installs this package into `<userFolder>/.n8n/nodes`, where n8n loads community nodes
 * from, exactly as a user's `npm install` there would (peer n8n-workflow comes from n8n).
 * @param {{ userFolder: string, tarball?: string }} options
 */
async function installPackage({ userFolder, tarball }) {
	const tgz = tarball || (await packRepo());
	try {
		return await installTarball(userFolder, tgz);
	} finally {
		// A tarball packed here lives in its own temp folder; one passed in is the caller's.
		if (!tarball) fs.rmSync(path.dirname(tgz), { recursive: true, force: true });
	}
}

/**
 * What every suite with a real n8n does before starting it: build the package (unless
 * E2E_BUILT=1: the caller built it, as .ci/run does once), then install it into the user
 * folder (the tarball E2E_PACKAGE_TGZ names, if any). When E2E_TEMPLATE names the run's
 * template (makeTemplate), its `.n8n` is copied instead: the package and a migrated database.
 * @param {string} userFolder
 */
async function installForSuite(userFolder) {
	const template = process.env.E2E_TEMPLATE;
	if (template) {
		fs.cpSync(path.join(template, '.n8n'), path.join(userFolder, '.n8n'), { recursive: true });
		const nodesDir = path.join(userFolder, '.n8n', 'nodes');
		const installed = path.join(nodesDir, 'node_modules', PACKAGE_NAME, 'package.json');
		return { nodesDir, packageJson: JSON.parse(fs.readFileSync(installed, 'utf8')) };
	}
	if (process.env.E2E_BUILT !== '1') await mustExec('npm', ['run', 'build'], { env: npmEnv() });
	return await installPackage({ userFolder, tarball: process.env.E2E_PACKAGE_TGZ || undefined });
}

/**
 * The user folder every file of a suite run starts from, made once per run and n8n major by
 * the suite runner (E2E_TEMPLATE names it, installForSuite copies its `.n8n`): the package
 * installed into .n8n/nodes and n8n's database created (any CLI command runs the migrations).
 * On a loaded CI each file doing both itself took one to three minutes; a copy, a second.
 * The caller removes it.
 * @param {N8nInstall} n8n @param {1 | 2} major @returns {Promise<string>}
 */
async function makeTemplate(n8n, major) {
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'voice-agent-template-'));
	try {
		await installPackage({ userFolder: folder, tarball: process.env.E2E_PACKAGE_TGZ || undefined });
		await migrateDatabase(n8n, folder, major);
		return folder;
	} catch (error) {
		fs.rmSync(folder, { recursive: true, force: true });
		throw error;
	}
}

/**
 * Creates n8n's database in the user folder (its migrations run before any CLI command),
 * for copies of the folder to start from without running them again.
 * @param {N8nInstall} n8n @param {string} userFolder @param {1 | 2} major
 */
async function migrateDatabase(n8n, userFolder, major) {
	const env = await freshN8nEnv({ userFolder, major });
	// Nothing here listens: the CLI command reserves its own broker port.
	ports.releasePorts([Number(env.N8N_PORT), Number(env.N8N_RUNNERS_BROKER_PORT)]);
	const r = await n8nCli(n8n, env, ['list:workflow']);
	if (r.code !== 0) throw new Error(`n8n list:workflow exited ${r.code}\n${r.stdout}\n${r.stderr}`);
}

/**
 * The Docker image's install step (docker/install-nodes.sh, what docker/Dockerfile runs), run
 * into this user folder: every suite with a real n8n proves it against that n8n's layout.
 * @param {string} userFolder @param {string} tgz
 */
async function installTarball(userFolder, tgz) {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	await mustExec('sh', [INSTALL_SCRIPT, tgz], {
		env: { ...npmEnv(), N8N_NODES_DIR: nodesDir },
	});
	const installed = JSON.parse(
		fs.readFileSync(path.join(nodesDir, 'node_modules', PACKAGE_NAME, 'package.json'), 'utf8'),
	);
	return { nodesDir, packageJson: installed };
}

/**
 * Node types the package declares, as n8n names them: `<package>.<description.name>`. The
 * name is the node's own, not its file's (a renamed file keeps its type name): read from
 * the built node as n8n loads it (class named after the file), else from its codex file.
 * @param {any} packageJson @param {string} [root] the package's folder
 */
function declaredNodeTypes(packageJson, root = REPO) {
	return (packageJson.n8n?.nodes ?? []).map(
		(/** @type {string} */ file) => `${PACKAGE_NAME}.${nodeTypeName(root, file)}`,
	);
}

/** @param {string} root @param {string} file e.g. dist/nodes/X/X.node.js */
function nodeTypeName(root, file) {
	const className = path.basename(file).split('.')[0];
	try {
		const NodeClass = require(path.join(root, file))[className];
		const name = new NodeClass().description?.name;
		if (typeof name === 'string' && name) return name;
	} catch {}
	// Not built yet: the codex in the source tree names the same type.
	const codex = path.join(root, file.replace(/^dist\//, '').replace(/\.js$/, '.json'));
	try {
		const node = JSON.parse(fs.readFileSync(codex, 'utf8')).node;
		if (typeof node === 'string' && node.startsWith(`${PACKAGE_NAME}.`))
			return node.slice(PACKAGE_NAME.length + 1);
	} catch {}
	return className.charAt(0).toLowerCase() + className.slice(1);
}

module.exports = {
	packRepo,
	installPackage,
	makeTemplate,
	installForSuite,
	migrateDatabase,
	declaredNodeTypes,
};

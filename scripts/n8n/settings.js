// @ts-check
'use strict';

/**
 * A real n8n's settings for `npm run dev` and the suites: the repository, the package's name,
 * the local owner, the files folder, and the environment n8n runs in (headless, offline).
 */

const fs = require('node:fs');
const path = require('node:path');
const ports = require('../../lib/ports');

const REPO = path.resolve(__dirname, '../..');
const PACKAGE_NAME = 'n8n-nodes-voice-agent';
/** Fixed, so a user folder keeps working across runs (it encrypts the stored credentials). */
const ENCRYPTION_KEY = 'voice-agent-local-dev-key-0123456789';
const SANDBOX_API_KEY = 'sandbox-key-0000';
/** The owner account created for local development and tests (never a real account). */
const OWNER = {
	email: 'dev@example.com',
	firstName: 'Local',
	lastName: 'Developer',
	password: 'Voice-agent-dev-1',
};

/**
 * @typedef {{ major: 1 | 2, version: string, dir: string, nodeBin: string, n8nBin: string }} N8nInstall
 */

/**
 * n8n's files folder: the one folder its workflows may read and write on disk
 * (N8N_RESTRICT_FILE_ACCESS_TO), `.n8n-files` in the user folder, which is also the folder n8n
 * runs in. In n8n's Docker image both are /home/node, and /home/node/.n8n-files is n8n 2.x's
 * default files folder: the examples name their files relative to it
 * (`.n8n-files/campaign/contacts.csv`), so one file works here and in Docker.
 * @param {string} userFolder
 */
function filesFolder(userFolder) {
	return path.join(userFolder, '.n8n-files');
}

/** The sample files the examples read, shipped beside them. */
const SAMPLE_FILES = path.join(REPO, 'examples', 'files');

/**
 * Creates the files folder with the examples' sample files in it. A file already there is
 * kept (the user may have edited it) unless `overwrite`.
 * @param {string} userFolder @param {{ overwrite?: boolean }} [options]
 * @returns {{ folder: string, copied: string[] }} the folder and the files written (relative)
 */
function prepareFilesFolder(userFolder, { overwrite = false } = {}) {
	const folder = filesFolder(userFolder);
	/** @type {string[]} */
	const copied = [];
	const walk = (/** @type {string} */ rel) => {
		fs.mkdirSync(path.join(folder, rel), { recursive: true });
		for (const entry of fs.readdirSync(path.join(SAMPLE_FILES, rel), { withFileTypes: true })) {
			const name = path.join(rel, entry.name);
			if (entry.isDirectory()) walk(name);
			else if (overwrite || !fs.existsSync(path.join(folder, name))) {
				fs.copyFileSync(path.join(SAMPLE_FILES, name), path.join(folder, name));
				copied.push(name);
			}
		}
	};
	walk('');
	return { folder, copied: copied.sort() };
}

/** The folder n8n runs in: its user folder (relative file paths in workflows start there). */
const n8nCwd = (/** @type {NodeJS.ProcessEnv} */ env) => env.N8N_USER_FOLDER || REPO;

/**
 * Environment of a headless n8n that never calls home. Its ports (n8n's own and its task
 * broker's) come from the caller, reserved with lib/ports.js; never a port + 1 that no
 * one reserved.
 * @param {{ userFolder: string, major: 1 | 2, port: number, brokerPort: number, extra?: NodeJS.ProcessEnv }} options
 */
function n8nEnv({ userFolder, major, port, brokerPort, extra = {} }) {
	if (!Number.isInteger(port) || !Number.isInteger(brokerPort))
		throw new Error('n8nEnv needs a port and a brokerPort (reserve them with lib/ports.js)');
	/** @type {NodeJS.ProcessEnv} */
	const env = {};
	// Only what n8n needs from the parent: no npm_* or N8N_* settings leaking in.
	for (const key of ['PATH', 'HOME', 'TMPDIR', 'TEMP', 'TMP', 'LANG', 'TZ', 'SYSTEMROOT']) {
		if (process.env[key] !== undefined) env[key] = process.env[key];
	}
	Object.assign(env, {
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: ENCRYPTION_KEY,
		N8N_PORT: String(port),
		// The task runner broker (2.x), not on its fixed default shared by all.
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: 'localhost',
		N8N_PROTOCOL: 'http',
		N8N_EDITOR_BASE_URL: `http://localhost:${port}/`,
		N8N_SECURE_COOKIE: 'false',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		// Nothing fetched from the community-node registry: only what is in .n8n/nodes.
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		DB_TYPE: 'sqlite',
		DB_SQLITE_POOL_SIZE: '1',
		// The CLI prints `execute --rawOutput` through its logger at level info.
		N8N_LOG_LEVEL: 'info',
		GENERIC_TIMEZONE: 'UTC',
		N8N_BLOCK_ENV_ACCESS_IN_NODE: 'false',
		N8N_RESTRICT_FILE_ACCESS_TO: filesFolder(userFolder),
	});
	if (major === 1) {
		// isolated-vm is not built on this install; task runners would also print to stdout.
		env.N8N_RUNNERS_ENABLED = 'false';
		env.N8N_EXPRESSION_ENGINE = 'legacy';
	}
	return { ...env, ...extra };
}

/**
 * For an n8n whose editor no test opens (the end-to-end files drive it through its REST API,
 * webhooks and triggers): without the editor, a start skips writing the editor's files and
 * the node types for it (about 3 s of CPU of a 2.x start); nodes run the same.
 */
const NO_EDITOR = Object.freeze({ N8N_DISABLE_UI: 'true' });

/**
 * n8nEnv on two ports reserved now (n8n's own, its task broker's).
 * @param {{ userFolder: string, major: 1 | 2, extra?: NodeJS.ProcessEnv }} options
 */
async function freshN8nEnv(options) {
	const [port, brokerPort] = await ports.reservePorts(2);
	return n8nEnv({ ...options, port, brokerPort });
}

module.exports = {
	REPO,
	PACKAGE_NAME,
	ENCRYPTION_KEY,
	SANDBOX_API_KEY,
	OWNER,
	filesFolder,
	prepareFilesFolder,
	n8nCwd,
	n8nEnv,
	NO_EDITOR,
	freshN8nEnv,
};

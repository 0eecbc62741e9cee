// @ts-check
'use strict';

/**
 * Running a real n8n headless and offline, for `npm run dev` and the end-to-end tests:
 * its environment, installing this package the way users do, importing credentials and
 * workflows, running `n8n execute`, starting `n8n start` and talking to its REST API.
 */

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');

const { bound } = require('../../lib/bounds');
const { restRequest } = require('./rest');
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

/**
 * @param {string} cmd @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, timeoutMs?: number }} [options]
 * @returns {Promise<{ code: number | null, stdout: string, stderr: string }>}
 */
function exec(cmd, args, { cwd = REPO, env = process.env, timeoutMs = bound('exec') } = {}) {
	return new Promise((resolve, reject) => {
		const child = track(spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] }));
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (c) => (stdout += c));
		child.stderr.on('data', (c) => (stderr += c));
		const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
		child.on('error', (error) => {
			clearTimeout(timer);
			reject(error);
		});
		child.on('close', (code) => {
			clearTimeout(timer);
			resolve({ code, stdout, stderr });
		});
	});
}

/**
 * Child processes started here that are still running (builds, npm, n8n CLI and server), so
 * that a parent that is told to stop can stop them too (see stopChildren).
 * @type {Set<import('node:child_process').ChildProcess>}
 */
const running = new Set();

/** @template {import('node:child_process').ChildProcess} T @param {T} child @returns {T} */
function track(child) {
	running.add(child);
	child.once('exit', () => running.delete(child));
	child.once('error', () => running.delete(child));
	return child;
}

/**
 * Sends a signal to a child, or to its whole process group when it was started detached
 * (n8n 2.x starts task runners as children of its own).
 * @param {import('node:child_process').ChildProcess} child @param {NodeJS.Signals} signal
 */
function signalChild(child, signal) {
	if (!child.pid) return;
	const group = Boolean(/** @type {any} */ (child).voiceAgentGroup);
	// A group outlives its leader while a member runs: signal it even after the leader exited.
	if (!group && (child.exitCode !== null || child.signalCode !== null)) return;
	try {
		if (group) process.kill(-child.pid, signal);
		else child.kill(signal);
	} catch {}
}

/**
 * Stops every tracked child (and the extra ones given): SIGTERM, then SIGKILL after graceMs.
 * @param {{ extra?: Iterable<import('node:child_process').ChildProcess>, graceMs?: number }} [options]
 */
async function stopChildren({ extra = [], graceMs = bound('stopGrace') } = {}) {
	const children = [...new Set([...running, ...extra])];
	const exited = children.map(
		(c) =>
			new Promise((resolve) => {
				if (c.exitCode !== null || c.signalCode !== null) resolve(undefined);
				else c.once('exit', () => resolve(undefined));
			}),
	);
	for (const c of children) signalChild(c, 'SIGTERM');
	const timer = setTimeout(() => {
		for (const c of children) signalChild(c, 'SIGKILL');
	}, graceMs);
	await Promise.all(exited);
	clearTimeout(timer);
	// A group's other members (task runners) must not outlive its leader.
	for (const c of children) if (/** @type {any} */ (c).voiceAgentGroup) signalChild(c, 'SIGKILL');
}

/** @param {string} cmd @param {string[]} args @param {Parameters<typeof exec>[2]} [options] */
async function mustExec(cmd, args, options) {
	const result = await exec(cmd, args, options);
	if (result.code !== 0) {
		throw new Error(
			`${path.basename(cmd)} ${args.join(' ')} exited ${result.code}\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`,
		);
	}
	return result;
}

/** Environment for npm children: the repo's npm settings and a parent `npm run` stay out. */
function npmEnv() {
	/** @type {NodeJS.ProcessEnv} */
	const env = { ...process.env };
	for (const key of Object.keys(env)) if (key.toLowerCase().startsWith('npm_')) delete env[key];
	return env;
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

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

/** @param {string} userFolder @param {string} tgz */
async function installTarball(userFolder, tgz) {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	fs.mkdirSync(nodesDir, { recursive: true });
	const pkgFile = path.join(nodesDir, 'package.json');
	if (!fs.existsSync(pkgFile)) {
		fs.writeFileSync(pkgFile, JSON.stringify({ name: 'installed-nodes', private: true }) + '\n');
	}
	await mustExec(
		npm,
		['install', tgz, '--omit=peer', '--ignore-scripts', '--no-audit', '--no-fund', '--no-save'],
		{ cwd: nodesDir, env: npmEnv() },
	);
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

/**
 * Runs an n8n CLI command (import, execute, update, ...) with this environment. With task
 * runners on (2.x), `n8n execute` starts its own broker: it gets a port of its own (or it
 * would collide with the broker of an `n8n start` running with the same environment), and a
 * fresh one when that port is found taken (the broker starts before anything runs).
 * @param {N8nInstall} n8n @param {NodeJS.ProcessEnv} env @param {string[]} args
 */
async function n8nCli(n8n, env, args, timeoutMs = bound('n8nCli')) {
	const run = (/** @type {NodeJS.ProcessEnv} */ own) =>
		exec(n8n.nodeBin, [n8n.n8nBin, ...args], { cwd: n8nCwd(env), env: own, timeoutMs });
	if (env.N8N_RUNNERS_ENABLED === 'false') return await run(env);
	const { value, ports: taken } = await ports.withPorts(
		1,
		async ([broker]) => {
			const r = await run({ ...env, N8N_RUNNERS_BROKER_PORT: String(broker) });
			// Only a failure on this command's own broker port is worth a fresh port.
			if (r.code !== 0 && ports.portInUse(`${r.stdout}\n${r.stderr}`) === broker)
				throw new Error(`n8n ${args[0]}: the task broker's port ${broker} is already in use`);
			return r;
		},
		{ what: `n8n ${args[0]}` },
	);
	ports.releasePorts(taken);
	return value;
}

/**
 * A credential of type voiceAgentApi pointing at the sandbox (n8n encrypts `data` on import).
 * @param {{ id: string, name: string, baseUrl: string, apiKey?: string }} c
 */
function sandboxCredential({ id, name, baseUrl, apiKey = SANDBOX_API_KEY }) {
	return { id, name, type: 'voiceAgentApi', data: { apiKey, baseUrl } };
}

/**
 * Imports credentials and workflows (arrays) with one CLI call each.
 * @param {N8nInstall} n8n @param {NodeJS.ProcessEnv} env
 * @param {{ credentials?: object[], workflows?: object[] }} what
 */
async function importAll(n8n, env, { credentials = [], workflows = [] }) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voice-agent-import-'));
	try {
		for (const [kind, list] of /** @type {const} */ ([
			['credentials', credentials],
			['workflow', workflows],
		])) {
			if (list.length === 0) continue;
			const file = path.join(dir, `${kind}.json`);
			fs.writeFileSync(file, JSON.stringify(list));
			const r = await n8nCli(n8n, env, [`import:${kind}`, `--input=${file}`]);
			if (r.code !== 0) {
				throw new Error(`n8n import:${kind} exited ${r.code}\n${r.stdout}\n${r.stderr}`);
			}
		}
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

/**
 * The JSON `--rawOutput` prints: from the first line that starts with `{` (n8n may log
 * before it) to the first line that is just `}` (it is printed indented, and may log after).
 * @param {string} stdout
 */
function parseRawOutput(stdout) {
	const lines = stdout.split('\n');
	const start = lines.findIndex((line) => line.startsWith('{'));
	if (start < 0) return undefined;
	const end = lines.findIndex((line, n) => n >= start && line.trimEnd() === '}');
	return JSON.parse(lines.slice(start, end < 0 ? undefined : end + 1).join('\n'));
}

/**
 * `n8n execute --id X --rawOutput`: the run's data, or the error n8n printed. `succeeded`
 * says what the run itself says (finished, no error), apart from the CLI's exit code: on a
 * loaded machine n8n 2.x's CLI once exited non-zero after printing a successful run
 * (`exitNote` then tells, for the caller to show).
 * @param {N8nInstall} n8n @param {NodeJS.ProcessEnv} env @param {string} id
 */
async function executeWorkflow(n8n, env, id) {
	const started = Date.now();
	const r = await n8nCli(n8n, env, ['execute', `--id=${id}`, '--rawOutput']);
	let data;
	try {
		data = parseRawOutput(r.stdout);
	} catch {
		data = undefined;
	}
	const succeeded = runSucceeded(data);
	const exitNote =
		succeeded && r.code !== 0
			? `n8n execute ${id} exited ${r.code} after a successful run: ${r.stderr.trim().slice(-600) || '(nothing on stderr)'}`
			: undefined;
	return { ...r, data, succeeded, exitNote, ms: Date.now() - started };
}

/**
 * Whether a run's data (`--rawOutput`'s shape, or a saved execution's) says it succeeded:
 * finished, with no error. One rule for the CLI's runs and those in a running n8n.
 * @param {any} data
 */
function runSucceeded(data) {
	return data?.finished === true && data?.status !== 'error' && !data?.data?.resultData?.error;
}

/**
 * n8n's error for a run in one line, with the node it names; undefined when it has none.
 * @param {any} data
 */
function runError(data) {
	const error = data?.data?.resultData?.error;
	if (!error) return undefined;
	return `${error.message ?? 'an error'}${error.node?.name ? ` (node ${error.node.name})` : ''}`;
}

/**
 * Why a run did not succeed, first line first (a CI log shows only the start of a message):
 * n8n's error for the run, or the exit code, then what the CLI printed.
 * @param {string} id @param {{ code: number | null, stdout: string, stderr: string, data: any }} result
 */
function executeFailure(id, result) {
	const reason =
		runError(result.data) ?? (result.data ? 'the run did not finish' : 'no run data printed');
	return `n8n execute ${id} exited ${result.code}: ${reason}\n--- stderr ---\n${result.stderr.slice(-4000)}\n--- stdout ---\n${result.stdout.slice(-4000)}`;
}

/**
 * The output items (json) of a node in a run: `runData[name][run].data.main[output]`.
 * @param {any} data @param {string} nodeName
 */
function nodeOutput(data, nodeName, output = 0, run = 0) {
	const runs = data?.data?.resultData?.runData?.[nodeName];
	if (!runs) return undefined;
	return (runs[run]?.data?.main?.[output] ?? []).map((/** @type {any} */ item) => item.json);
}

/**
 * Ports for a process about to start, reserved for this process (lib/ports.js): never
 * handed to another process of this run or of another run on this machine.
 * @returns {Promise<number>}
 */
async function freePort() {
	return (await ports.reservePorts(1))[0];
}

/** @param {number} count @returns {Promise<number[]>} distinct reserved ports */
function freePorts(count) {
	return ports.reservePorts(count);
}

/**
 * A small JSON client of n8n's REST API (the one its editor uses), keeping the login cookie.
 * Every request goes through the one waiting reader (scripts/n8n/rest.js): a 503 "Database is
 * not ready!" or a refused connection is waited through, not taken as n8n's answer.
 * @param {number} port
 */
function restClient(port) {
	let cookie = '';
	/** @param {string} method @param {string} route @param {unknown} [body] */
	async function request(method, route, body) {
		const answer = await restRequest(port, method, route, body, {
			...(cookie ? { cookie } : {}),
			// n8n 2.x checks the browser id its login cookie was issued to.
			'browser-id': 'voice-agent-scripts',
		});
		if (answer.setCookie) cookie = answer.setCookie.map((c) => c.split(';')[0]).join('; ');
		return { status: answer.status, json: answer.json, text: answer.text };
	}
	return {
		request:
			/** @type {(m: string, r: string, b?: unknown) => Promise<{status: number, json: any, text: string}>} */ (
				request
			),
		/** Creates the owner on a fresh instance, or logs in when it exists. */
		async ownerLogin() {
			const setup = await request('POST', '/owner/setup', OWNER);
			if (setup.status === 200) return 'created';
			const login = await request('POST', '/login', {
				email: OWNER.email,
				emailOrLdapLoginId: OWNER.email,
				password: OWNER.password,
			});
			if (login.status !== 200) {
				throw new Error(
					`n8n login failed: ${setup.status} ${setup.text} / ${login.status} ${login.text}`,
				);
			}
			return 'logged in';
		},
	};
}

/** @param {number} port @param {string} route @returns {Promise<number>} */
function httpStatus(port, route) {
	return new Promise((resolve) => {
		const req = http.get({ host: '127.0.0.1', port, path: route }, (res) => {
			res.resume();
			resolve(res.statusCode ?? 0);
		});
		req.on('error', () => resolve(0));
		req.setTimeout(bound('probe'), () => req.destroy());
	});
}

/**
 * What `n8n start` prints once its startup is over (1.x and 2.x): on 1.x after it activated
 * every active workflow, on 2.x once its publication service runs.
 */
const STARTED_LINE = 'Editor is now accessible via';

/**
 * Starts `n8n start` and resolves once its startup is over. Its REST API and webhooks answer
 * before it has activated the workflows (17 s before on a busy machine), and n8n saves static
 * data last writer wins: a webhook request served meanwhile can undo what the activation
 * saved (the registration). With stdio 'inherit' the log is not ours to read: then it
 * resolves once the REST API answers.
 *
 * When n8n exits because one of its ports is in use, that port is replaced in `env` (in place)
 * by a fresh reserved one and n8n started again, at most ports.PORT_TRIES times, if its
 * setting is one of `movable` (default n8n's own port and its broker's); otherwise the error
 * names the port and its setting. Read the ports from `env` after the start.
 * @param {N8nInstall} n8n @param {NodeJS.ProcessEnv} env
 * @param {{ port?: number, movable?: string[], onRetry?: (key: string, taken: number, fresh: number) => void, onLine?: (line: string) => void, timeoutMs?: number, stdio?: 'pipe' | 'inherit', ownGroup?: boolean }} options
 */
async function startN8n(n8n, env, options) {
	const { movable = ['N8N_PORT', 'N8N_RUNNERS_BROKER_PORT'] } = options;
	for (let attempt = 1; ; attempt++) {
		try {
			return await startN8nOnce(n8n, env, { ...options, port: Number(env.N8N_PORT) });
		} catch (error) {
			const port = ports.portInUse(error);
			if (port === undefined) throw error;
			const key = movable.find((k) => Number(env[k]) === port);
			if (!key || attempt >= ports.PORT_TRIES)
				throw new Error(
					`n8n could not start: port ${port || '(unnamed)'} is already in use` +
						`${key ? ` at each of ${attempt} tries` : ` (${portKeys(env, port) || 'a port it was given'}, not moved: set another)`}.\n` +
						/** @type {Error} */ (error).message,
				);
			// A fresh port in place of the taken one; the caller reads the ports from env.
			const [fresh] = await ports.reservePorts(1);
			ports.releasePorts([port]);
			env[key] = String(fresh);
			if (key === 'N8N_PORT') env.N8N_EDITOR_BASE_URL = `http://localhost:${fresh}/`;
			options.onRetry?.(key, port, fresh);
		}
	}
}

/** The settings of env that hold the port. @param {NodeJS.ProcessEnv} env @param {number} port */
const portKeys = (env, port) =>
	Object.keys(env)
		.filter((k) => /PORT$/.test(k) && Number(env[k]) === port)
		.join(', ');

/**
 * @param {N8nInstall} n8n @param {NodeJS.ProcessEnv} env
 * @param {{ port: number, onLine?: (line: string) => void, timeoutMs?: number, stdio?: 'pipe' | 'inherit', ownGroup?: boolean }} options
 */
async function startN8nOnce(
	n8n,
	env,
	{ port, onLine, timeoutMs = bound('n8nStart'), stdio = 'pipe', ownGroup = false },
) {
	const child = track(
		spawn(n8n.nodeBin, [n8n.n8nBin, 'start'], {
			cwd: n8nCwd(env),
			env,
			stdio: stdio === 'inherit' ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
			// Its own process group, so that stopping it also stops what it started.
			detached: ownGroup,
		}),
	);
	if (ownGroup) /** @type {any} */ (child).voiceAgentGroup = true;
	let log = '';
	let started = stdio === 'inherit';
	const take = (/** @type {Buffer} */ chunk) => {
		const text = chunk.toString();
		// The line may come split over two chunks.
		if (!started) started = (log.slice(-STARTED_LINE.length) + text).includes(STARTED_LINE);
		log = (log + text).slice(-20000);
		if (onLine) for (const line of text.split('\n')) if (line.trim()) onLine(line);
	};
	child.stdout?.on('data', take);
	child.stderr?.on('data', take);
	let exited = false;
	child.on('exit', () => (exited = true));
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		if (exited) throw new Error(`n8n start exited early:\n${log}`);
		if (Date.now() > deadline) {
			signalChild(child, 'SIGKILL');
			throw new Error(
				`n8n on port ${port} did not ${started ? 'answer' : 'finish its startup'} within ${timeoutMs} ms:\n${log}`,
			);
		}
		// Readiness answers before the REST routes exist; the public settings route comes last
		// (an n8n without its editor has none: its startup line comes after its routes).
		if (started && (await httpStatus(port, '/healthz/readiness')) === 200) {
			if (env.N8N_DISABLE_UI === 'true' && stdio !== 'inherit') break;
			if ((await httpStatus(port, '/rest/settings')) === 200) break;
		}
		await new Promise((r) => setTimeout(r, 500));
	}
	return {
		child,
		log: () => log,
		/** Stops n8n (SIGTERM, then SIGKILL after a grace period). */
		stop: () =>
			new Promise((resolve) => {
				if (exited) return resolve(undefined);
				const kill = setTimeout(() => signalChild(child, 'SIGKILL'), bound('stopGrace'));
				child.once('exit', () => {
					clearTimeout(kill);
					if (ownGroup) signalChild(child, 'SIGKILL');
					resolve(undefined);
				});
				signalChild(child, 'SIGTERM');
			}),
	};
}

/**
 * Waits until n8n has applied the last activation or deactivation of a workflow, and says
 * how it ended. n8n 2.x applies them in the background (a publication outbox; the REST call
 * and the startup return before): its publication status leaves 'in_progress', and with
 * `until` reaches one of those states ('published', 'not_published', 'partial', 'failed').
 * n8n 1.x applies them before the REST call (or, at startup, the "Editor is now accessible"
 * line) returns: nothing to wait for, undefined.
 * @param {N8nInstall} n8n @param {{ request: (m: string, r: string) => Promise<{status: number, json: any, text: string}> }} rest
 * @param {string} workflowId @param {{ until?: string[], timeoutMs?: number }} [options]
 * @returns {Promise<string | undefined>}
 */
async function publicationSettled(
	n8n,
	rest,
	workflowId,
	{ until, timeoutMs = bound('publication') } = {},
) {
	if (n8n.major !== 2) return undefined;
	const deadline = Date.now() + timeoutMs;
	let seen = '';
	for (;;) {
		const r = await rest.request('GET', `/workflows/${workflowId}/publication-status`);
		if (r.status !== 200)
			throw new Error(`publication status of ${workflowId}: ${r.status} ${r.text}`);
		seen = String(r.json?.data?.status);
		if (seen !== 'in_progress' && (!until || until.includes(seen))) return seen;
		if (Date.now() > deadline)
			throw new Error(
				`timed out after ${timeoutMs} ms waiting for the publication of ${workflowId}${until ? ` to be ${until.join(' or ')}` : ''} (last: ${seen})`,
			);
		await new Promise((r) => setTimeout(r, 250));
	}
}

/**
 * Activates a workflow in a running n8n, as the editor does (its toggle on 1.x, Publish on
 * 2.x), and resolves once n8n has: 2.x publishes in the background, so until its publication
 * succeeded. Every CLI command starts n8n anew; this costs a request.
 * @param {N8nInstall} n8n @param {{ request(m: string, r: string, b?: unknown): Promise<any> }} rest
 * @param {string} workflowId
 */
async function activateInN8n(n8n, rest, workflowId) {
	const saved = await rest.request('GET', `/workflows/${workflowId}`);
	if (saved.status !== 200)
		throw new Error(`GET /workflows/${workflowId}: ${saved.status} ${saved.text.slice(0, 2000)}`);
	const activated = await rest.request('POST', `/workflows/${workflowId}/activate`, {
		versionId: saved.json.data.versionId,
	});
	if (activated.status !== 200)
		throw new Error(
			`activating ${workflowId}: ${activated.status} ${activated.text.slice(0, 2000)}`,
		);
	const published = await publicationSettled(n8n, rest, workflowId);
	if (published !== undefined && published !== 'published')
		throw new Error(`activating ${workflowId}: its publication ${published}`);
}

/**
 * Activates a workflow from the CLI (before `n8n start`): 1.x marks it active, 2.x publishes it.
 * @param {N8nInstall} n8n @param {NodeJS.ProcessEnv} env @param {string} id
 */
async function activateWorkflow(n8n, env, id) {
	const args =
		n8n.major === 2
			? ['publish:workflow', `--id=${id}`]
			: ['update:workflow', `--id=${id}`, '--active=true'];
	const r = await n8nCli(n8n, env, args);
	if (r.code !== 0)
		throw new Error(`n8n ${args.join(' ')} exited ${r.code}\n${r.stdout}\n${r.stderr}`);
}

module.exports = {
	REPO,
	running,
	track,
	stopChildren,
	PACKAGE_NAME,
	ENCRYPTION_KEY,
	SANDBOX_API_KEY,
	OWNER,
	n8nEnv,
	freshN8nEnv,
	NO_EDITOR,
	filesFolder,
	prepareFilesFolder,
	exec,
	mustExec,
	npmEnv,
	packRepo,
	installPackage,
	installForSuite,
	makeTemplate,
	migrateDatabase,
	declaredNodeTypes,
	n8nCli,
	sandboxCredential,
	importAll,
	parseRawOutput,
	executeWorkflow,
	executeFailure,
	runSucceeded,
	runError,
	nodeOutput,
	freePort,
	freePorts,
	restClient,
	startN8n,
	STARTED_LINE,
	publicationSettled,
	activateWorkflow,
	activateInN8n,
};

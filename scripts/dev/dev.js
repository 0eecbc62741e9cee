#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * `npm run dev`: this package in a real n8n on localhost, talking to the local sandbox.
 *
 *   npm run dev                 n8n 2.x (the current line) on Node 24 (installed on first use)
 *   npm run dev -- --n8n1       n8n 1.x on the current Node
 *   npm run dev -- --reimport   import the example workflows again (overwrites edits to them)
 *
 * Builds the package, starts the sandbox (real clock, calls take 5-20 s), installs n8n on
 * first use, installs the packed package into .n8n-dev/ as a user would, creates n8n's files
 * folder (<user folder>/.n8n-files, the only folder workflows may read) with the sample files
 * the examples read, imports the credential "Voice Agent (local sandbox)" and the examples,
 * creates a local owner account and runs `n8n start` in the user folder.
 *
 * It stops n8n (with everything n8n started) and the sandbox on Ctrl-C (SIGINT), SIGTERM and
 * SIGHUP, and when its parent process goes away (a closed terminal, a killed `npm run`):
 * nothing is left running and no port stays taken. Only a SIGKILL of this process itself
 * cannot be handled.
 *
 *   --no-build    skip `npm run build` (the package is built already)
 * Environment: N8N_PORT (5678), SANDBOX_PORT (4010), N8N_RUNNERS_BROKER_PORT (2.x's task
 * broker; default a free port), SANDBOX_SPEED (4), N8N_MAJOR (1 or 2), DEV_USER_FOLDER (n8n's user
 * folder; default .n8n-dev/n8n2 or n8n1).
 *
 * Ports: a port set in the environment is used as given, and when it is taken the script
 * stops at once, naming the port and the setting. A default port that is taken (another
 * program, or a second `npm run dev`) is replaced by a free one, and the URLs printed say
 * which. (DEV_DEFAULT_N8N_PORT and DEV_DEFAULT_SANDBOX_PORT move the defaults, for tests.)
 */

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');

const { ensureN8n, selectedMajor } = require('../n8n/install');
const { bound } = require('../../lib/bounds');
const env = require('../n8n/env');
const ports = require('../../lib/ports');

const REPO = env.REPO;
const CREDENTIAL_ID = 'vaSandboxCred001';
const CREDENTIAL_NAME = 'Voice Agent (local sandbox)';

const log = (/** @type {string} */ s) => console.log(`[dev] ${s}`);

/** @param {string} url */
function getOk(url) {
	return new Promise((resolve) => {
		const req = http.get(url, (res) => {
			res.resume();
			resolve(res.statusCode === 200);
		});
		req.on('error', () => resolve(false));
		req.setTimeout(bound('probe'), () => req.destroy());
	});
}

/** @param {import('node:child_process').ChildProcess} child @param {string} prefix */
function prefixOutput(child, prefix) {
	for (const stream of [child.stdout, child.stderr]) {
		let rest = '';
		stream?.on('data', (chunk) => {
			const lines = (rest + chunk.toString()).split('\n');
			rest = lines.pop() ?? '';
			for (const line of lines) console.log(`${prefix} ${line}`);
		});
	}
}

function examples() {
	const dir = path.join(REPO, 'examples');
	return fs
		.readdirSync(dir)
		.filter((f) => f.endsWith('.json'))
		.sort()
		.map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));
}

/** The sandbox, when this process started it. */
/** @type {import('node:child_process').ChildProcess | undefined} */
let sandboxChild;
let stopping = false;
const stopAll = (/** @type {number} */ code, /** @type {string} */ why = '') => {
	if (stopping) return;
	stopping = true;
	log(`stopping${why ? ` (${why})` : ''}...`);
	// n8n (its process group), the sandbox, and any build or install step still running.
	env
		.stopChildren({ extra: sandboxChild ? [sandboxChild] : [], graceMs: bound('stopGrace') })
		.then(() => process.exit(code));
	// Never hang here: whatever is still running after the grace period was SIGKILLed.
	setTimeout(() => process.exit(code), bound('stopGrace') + 5000).unref();
};
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
	const code = signal === 'SIGINT' ? 0 : 128 + os.constants.signals[signal];
	process.on(signal, () => stopAll(code, signal));
}
// Last resort on the way out: a step that started a child while we were stopping.
process.on('exit', () => {
	for (const child of env.running) {
		try {
			if (/** @type {any} */ (child).voiceAgentGroup && child.pid)
				process.kill(-child.pid, 'SIGKILL');
			else child.kill('SIGKILL');
		} catch {}
	}
	if (sandboxChild && sandboxChild.exitCode === null) sandboxChild.kill('SIGKILL');
});
// A closed terminal or a dead parent's pipe makes writes fail: keep going, stop cleanly.
process.stdout.on('error', () => undefined);
process.stderr.on('error', () => undefined);
// A parent that dies without a signal to us (SIGKILLed, or its terminal closed) re-parents
// this process: notice it and stop. No stdin needed, so it works in CI and in the background.
const parentPid = process.ppid;
setInterval(() => {
	if (process.ppid !== parentPid) stopAll(1, `parent process ${parentPid} is gone`);
}, 500).unref();

/**
 * One port of the dev run: the setting's when set (it must be free, or hold a sandbox where
 * `reuse` says one may be used), else the default when free, else a reserved free one.
 * @param {{ setting: string, fallback: number, what: string, reuse?: (port: number) => Promise<boolean> }} p
 * @returns {Promise<{ port: number, reused: boolean }>}
 */
async function devPort({ setting, fallback, what, reuse }) {
	const given = process.env[setting];
	const wanted = Number(given || fallback);
	if (!Number.isInteger(wanted) || wanted <= 0 || wanted > 65535)
		throw new Error(`${setting}=${given} is not a port number`);
	if (reuse && (await reuse(wanted))) return { port: wanted, reused: true };
	if (await ports.bindable(wanted)) return { port: wanted, reused: false };
	if (given)
		throw new Error(
			`port ${wanted} for ${what} is already in use: stop what uses it, or set ${setting} to a free port`,
		);
	const [free] = await ports.reservePorts(1);
	log(
		`port ${wanted} for ${what} is already in use: using port ${free} (set ${setting} to choose)`,
	);
	return { port: free, reused: false };
}

/**
 * Starts the sandbox on its port and waits until it answers; its exit fails at once, and
 * stops everything once it is up.
 * @param {number} sandboxPort @param {string} speed
 * @param {(port: number) => Promise<unknown>} sandboxState
 */
async function startSandbox(sandboxPort, speed, sandboxState) {
	log(`starting the sandbox on port ${sandboxPort} (speed ${speed})...`);
	const sandbox = spawn(
		process.execPath,
		[path.join(REPO, 'sandbox', 'cli.js'), '--port', String(sandboxPort), '--speed', speed],
		{ cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] },
	);
	sandboxChild = sandbox;
	prefixOutput(sandbox, '');
	sandbox.on('exit', (code) => {
		if (!stopping) {
			log(`the sandbox exited (${code})`);
			stopAll(1);
		}
	});
	// Until it answers; its exit fails at once. A failure bound, not a count of tries: on a
	// loaded machine 100 tries of 100 ms ran out before a healthy sandbox was up.
	const deadline = Date.now() + bound('serviceStart');
	while (!(await sandboxState(sandboxPort))) {
		if (sandbox.exitCode !== null) throw new Error(`the sandbox exited (${sandbox.exitCode})`);
		if (Date.now() > deadline)
			throw new Error(`the sandbox did not answer within ${bound('serviceStart')} ms`);
		await new Promise((r) => setTimeout(r, 100));
	}
}

/**
 * What is running and where, with the examples and what each does.
 * @param {{ n8n: { version: string }, url: string, account: string, sandboxUrl: string, files: string }} running
 */
function printBanner({ n8n, url, account, sandboxUrl, files }) {
	console.log(`
──────────────────────────────────────────────────────────────────────────────
 n8n ${n8n.version} with n8n-nodes-voice-agent is running.

   Open       ${url}
   Sign in    ${env.OWNER.email} / ${env.OWNER.password}   (local only; ${account})
   Sandbox    ${sandboxUrl}   (API key ${env.SANDBOX_API_KEY})

 Examples (open one and click "Execute workflow", or activate it):
   Start a call                   the call completes in 5-20 s; its transcript shows
   Dial a sheet                   calls three rows
   Export history                 returns the call history as a ZIP
   Follow up on completed call    activate: emits each completed call once (polls every minute)
   Instant: act the moment a call ends
                                  activate, then start a call: fires on the call's event
   Campaign from a sheet          uploads and starts .n8n-files/campaign/contacts.csv; its
                                  calls ring within 2 minutes, at any hour
   Campaign results to a sheet    activate before the campaign: when it ends, writes
                                  .n8n-files/campaign/results-<execution>.csv
   Follow up on every ended call  activate: calls back by outcome; answered calls'
                                  summaries go to .n8n-files/follow-up/answered-<execution>.csv
   Knowledge base from a folder   uploads .n8n-files/knowledge-base/*, waits until ready,
                                  attaches it to the first assistant
   Wait for a sheet's calls       dials .n8n-files/campaign/contacts.csv, checks the calls every
                                  2 minutes (saved while it waits); writes each outcome once to
                                  .n8n-files/wait/outcomes-<execution>-<check>.csv
 Files folder  ${files}

 Changed the code? Stop with Ctrl-C and run npm run dev again.
──────────────────────────────────────────────────────────────────────────────
`);
}

async function main() {
	const argv = process.argv.slice(2);
	const major = selectedMajor(argv);
	const sandboxState = (/** @type {number} */ port) =>
		getOk(`http://127.0.0.1:${port}/__sandbox/state`);
	const sandbox = await devPort({
		setting: 'SANDBOX_PORT',
		fallback: Number(process.env.DEV_DEFAULT_SANDBOX_PORT || 4010),
		what: 'the sandbox',
		reuse: sandboxState,
	});
	const sandboxPort = sandbox.port;
	const { port: n8nPort } = await devPort({
		setting: 'N8N_PORT',
		fallback: Number(process.env.DEV_DEFAULT_N8N_PORT || 5678),
		what: 'n8n',
	});
	// Never n8n's port + 1: a second instance's broker, or anything else, may hold it.
	const { port: brokerPort } = await devPort({
		setting: 'N8N_RUNNERS_BROKER_PORT',
		fallback: (await ports.reservePorts(1))[0],
		what: "n8n's task broker",
	});
	const speed = process.env.SANDBOX_SPEED || '4';
	const userFolder = path.resolve(
		process.env.DEV_USER_FOLDER || path.join(REPO, '.n8n-dev', major === 2 ? 'n8n2' : 'n8n1'),
	);

	if (argv.includes('--no-build')) {
		log('using the package built before (--no-build)');
	} else {
		log('building the package (npm run build)...');
		await env.mustExec(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], {
			env: env.npmEnv(),
		});
	}

	const sandboxUrl = `http://127.0.0.1:${sandboxPort}/ca/api/v0`;
	if (sandbox.reused) {
		log(`a sandbox is already running on port ${sandboxPort}; using it`);
	} else {
		await startSandbox(sandboxPort, speed, sandboxState);
	}

	if (stopping) return;
	const n8n = await ensureN8n({ major, log: (s) => log(s) });
	log(`n8n ${n8n.version} (${n8n.dir})`);

	log(
		`installing the packed package into ${path.relative(REPO, userFolder) || userFolder}/.n8n/nodes...`,
	);
	const { packageJson } = await env.installPackage({ userFolder });
	log(`node types: ${env.declaredNodeTypes(packageJson).join(', ')}`);

	const n8nEnv = env.n8nEnv({ userFolder, major, port: n8nPort, brokerPort });
	const marker = path.join(userFolder, '.examples-imported');
	const importExamples = argv.includes('--reimport') || !fs.existsSync(marker);
	// The examples read their files relative to the folder n8n runs in, as in n8n's Docker image.
	const files = env.prepareFilesFolder(userFolder, { overwrite: argv.includes('--reimport') });
	log(
		`n8n's files folder: ${files.folder}${files.copied.length ? ` (sample files written: ${files.copied.join(', ')})` : ''}`,
	);
	log(
		`importing the credential "${CREDENTIAL_NAME}"${importExamples ? ' and the examples' : ''}...`,
	);
	await env.importAll(n8n, n8nEnv, {
		credentials: [
			env.sandboxCredential({ id: CREDENTIAL_ID, name: CREDENTIAL_NAME, baseUrl: sandboxUrl }),
		],
		workflows: importExamples ? examples() : [],
	});
	if (importExamples) fs.writeFileSync(marker, new Date().toISOString() + '\n');

	log(`starting n8n on http://localhost:${n8nPort} ...`);
	const server = await env.startN8n(n8n, n8nEnv, {
		// A port given in the environment stays; a default one found taken meanwhile moves.
		movable: ['N8N_PORT', 'N8N_RUNNERS_BROKER_PORT'].filter((k) => !process.env[k]),
		onRetry: (key, taken, fresh) =>
			log(`port ${taken} (${key}) was taken as n8n started: using port ${fresh}`),
		onLine: (line) => console.log(`[n8n] ${line}`),
		timeoutMs: bound('n8nStart'),
		ownGroup: true,
	});
	const url = `http://localhost:${n8nEnv.N8N_PORT}/`;
	server.child.on('exit', (code) => {
		if (!stopping) {
			log(`n8n exited (${code})`);
			stopAll(1);
		}
	});
	// n8n asks for an owner account on first start; create a local one so the editor opens.
	const account = await env.restClient(Number(n8nEnv.N8N_PORT)).ownerLogin();

	printBanner({ n8n, url, account, sandboxUrl, files: files.folder });
}

main().catch((error) => {
	if (stopping) return;
	console.error(`[dev] ${error.message}`);
	stopAll(1);
});

// @ts-check
'use strict';

/**
 * A running `n8n start`: ports reserved for it, its REST API, a start that waits for its
 * "Editor is now accessible" line (again on fresh ports when one was taken), and activation.
 */

const { spawn } = require('node:child_process');
const http = require('node:http');
const { bound } = require('../../lib/bounds');
const { restRequest } = require('./rest');
const ports = require('../../lib/ports');

const { n8nCli } = require('./cli');
const { signalChild, track } = require('./processes');
const { OWNER, n8nCwd } = require('./settings');

/** @typedef {import('./settings').N8nInstall} N8nInstall */

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
 *
 * On 2.x a publication can end 'not_published': no trigger was reported, because applying
 * it failed before any trigger ran (seen once in CI on a loaded machine; n8n logs why and
 * leaves it: what is said here quotes that log). Publishing again is what a user does then,
 * so this does, twice at most, saying so. 'partial' and 'failed' name a trigger's own error: that
 * is certain and fails at once.
 * @param {N8nInstall} n8n @param {{ request(m: string, r: string, b?: unknown): Promise<any> }} rest
 * @param {string} workflowId
 * @param {{ log?: () => string[], say?: (line: string) => void }} [options] the n8n main's log
 *   lines, quoted in the error when the publication never succeeds
 */
async function activateInN8n(n8n, rest, workflowId, { log, say = console.log } = {}) {
	const PUBLICATIONS = 3;
	for (let publication = 1; ; publication++) {
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
		if (published === undefined || published === 'published') return;
		const status = await rest.request('GET', `/workflows/${workflowId}/publication-status`);
		const told = `activating ${workflowId}: publication ${publication} ended ${published}: ${String(status.text).slice(0, 2000)}`;
		const lines = (log?.() ?? []).filter((l) => /publication|error/i.test(l)).slice(-40);
		const why = lines.length ? `\nn8n's log:\n${lines.join('\n')}` : '';
		if (published !== 'not_published' || publication === PUBLICATIONS)
			throw new Error(`${told}${why}`);
		say(`${told}; publishing again${why}`);
	}
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

/**
 * Starts a workflow from its Manual Trigger in the n8n behind `rest` (logged in), as the
 * editor's Execute Workflow does, without waiting for it; returns the execution's id. The
 * same request body serves 1.x (which reads `workflowData`) and 2.x (which reads the saved
 * workflow and `triggerToStartFrom`, and drops what it does not know). In queue mode with
 * manual executions offloaded (n8n 3.x: always) a worker runs it.
 * @param {{ request(m: string, r: string, b?: unknown): Promise<any> }} rest
 * @param {string} workflowId
 * @returns {Promise<string>}
 */
async function startManualRun(rest, workflowId) {
	const saved = await rest.request('GET', `/workflows/${workflowId}`);
	if (saved.status !== 200)
		throw new Error(`GET /workflows/${workflowId}: ${saved.status} ${saved.text}`);
	const workflowData = saved.json.data;
	const trigger = /** @type {Array<{ name: string, type: string }>} */ (workflowData.nodes).find(
		(node) => node.type === 'n8n-nodes-base.manualTrigger',
	);
	if (!trigger) throw new Error(`workflow ${workflowId} has no Manual Trigger to run from`);
	const run = await rest.request('POST', `/workflows/${workflowId}/run`, {
		workflowData,
		triggerToStartFrom: { name: trigger.name },
	});
	const executionId = run.json?.data?.executionId;
	if (run.status !== 200 || !executionId)
		throw new Error(`POST /workflows/${workflowId}/run: ${run.status} ${run.text.slice(0, 2000)}`);
	return String(executionId);
}

module.exports = {
	startManualRun,
	freePort,
	freePorts,
	restClient,
	STARTED_LINE,
	startN8n,
	publicationSettled,
	activateInN8n,
	activateWorkflow,
};

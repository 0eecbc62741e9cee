// @ts-check
'use strict';

/**
 * Pieces the benchmarks share: a real n8n with this package installed, a request-counting
 * proxy, a three-node workflow, command-line options and a CPU profile summary.
 */

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');

const { ensureN8n, selectedMajor } = require('../scripts/n8n/install');
const env = require('../scripts/n8n/env');
const { listenOnPort } = require('../lib/ports');

/**
 * A plain HTTP proxy in front of the sandbox that logs every request (arrival, method, path,
 * query, when its answer was sent), so a benchmark can count and time what the node in n8n
 * asked for.
 * @param {string} target origin of the sandbox, e.g. http://127.0.0.1:4010
 */
async function countingProxy(target) {
	/** @type {Array<{at: number, done?: number, method: string, path: string, query: URLSearchParams}>} */
	const log = [];
	const upstream = new URL(target);
	const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
	const server = http.createServer((req, res) => {
		const url = new URL(req.url ?? '/', target);
		/** @type {(typeof log)[number]} */
		const entry = {
			at: Date.now(),
			method: req.method ?? 'GET',
			path: url.pathname,
			query: url.searchParams,
		};
		log.push(entry);
		res.on('finish', () => (entry.done = Date.now()));
		const out = http.request(
			{
				host: upstream.hostname,
				port: upstream.port,
				method: req.method,
				path: req.url,
				headers: req.headers,
				agent,
			},
			(answer) => {
				res.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(res);
			},
		);
		out.on('error', (error) => {
			res.writeHead(502);
			res.end(String(error));
		});
		req.pipe(out);
	});
	const { port, release } = await listenOnPort(server, { what: 'the counting proxy' });
	return {
		origin: `http://127.0.0.1:${port}`,
		log,
		close: () =>
			new Promise((resolve) => {
				agent.destroy();
				server.close(() => resolve(release()));
			}),
	};
}

/**
 * Manual trigger → Code node making the rows → the node under test (named "Node").
 * @param {string} id @param {string} name @param {string} jsCode @param {object} node
 */
function workflow(id, name, jsCode, node) {
	return {
		id,
		name,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: `${id}-1`,
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: `${id}-2`,
				name: 'Rows',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				position: [200, 0],
				parameters: { jsCode },
			},
			{ id: `${id}-3`, name: 'Node', position: [400, 0], ...node },
		],
		connections: {
			Start: { main: [[{ node: 'Rows', type: 'main', index: 0 }]] },
			Rows: { main: [[{ node: 'Node', type: 'main', index: 0 }]] },
		},
	};
}

/** @param {string} name @param {number} fallback */
function arg(name, fallback) {
	const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
	return hit ? Number(hit.split('=')[1]) : fallback;
}

/** A text option `--name=value`, or undefined. @param {string} name */
function textArg(name) {
	const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
	return hit ? hit.slice(name.length + 3) : undefined;
}

/**
 * A real n8n (the cached one of `npm run dev`; 2.x unless `--n8n1`) in a throwaway user folder,
 * with this package installed from its build the way users install it, and the given
 * credentials and workflows imported. `run` executes one workflow with `n8n execute` and
 * returns the task of the node under test; `close` removes the folder (kept with BENCH_KEEP).
 * @param {{ log: (line: string) => void, credentials: object[], workflows: object[] }} options
 */
async function openN8n({ log, credentials, workflows }) {
	const major = selectedMajor();
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'voice-agent-bench-'));
	const close = () => {
		if (process.env.BENCH_KEEP) log(`kept ${userFolder}`);
		else fs.rmSync(userFolder, { recursive: true, force: true });
	};
	try {
		const n8n = await ensureN8n({ major, log });
		const n8nEnv = await env.freshN8nEnv({ userFolder, major });
		await env.installPackage({ userFolder });
		await env.importAll(n8n, n8nEnv, { credentials, workflows });
		/**
		 * @param {string} workflowId
		 * @param {{ nodeName?: string, nodeArgs?: string[] }} [options] nodeArgs: flags for the
		 *   Node.js process of n8n (`--cpu-prof`, which NODE_OPTIONS does not allow)
		 */
		const run = async (workflowId, { nodeName = 'Node', nodeArgs = [] } = {}) => {
			const started = Date.now();
			// As env.executeWorkflow, with room for the flags; with task runners on (2.x) the
			// CLI's broker needs a free port of its own.
			const cliEnv =
				n8nEnv.N8N_RUNNERS_ENABLED === 'false'
					? n8nEnv
					: { ...n8nEnv, N8N_RUNNERS_BROKER_PORT: String(await env.freePort()) };
			// The output goes to a file: n8n exits right after printing, and a pipe loses the end
			// of a large output (1,000 items) while a file write completes before the exit.
			const outFile = path.join(userFolder, `execute-${workflowId}-${started}.json`);
			const out = fs.openSync(outFile, 'w');
			/** @type {{ code: number | null, stdout: string, stderr: string }} */
			let result;
			try {
				result = await new Promise((resolve, reject) => {
					const child = env.track(
						spawn(
							n8n.nodeBin,
							[...nodeArgs, n8n.n8nBin, 'execute', `--id=${workflowId}`, '--rawOutput'],
							{ cwd: env.REPO, env: cliEnv, stdio: ['ignore', out, 'pipe'] },
						),
					);
					let stderr = '';
					child.stderr?.on('data', (chunk) => (stderr += chunk));
					const timer = setTimeout(() => child.kill('SIGKILL'), 5 * 60000);
					child.on('error', (error) => {
						clearTimeout(timer);
						reject(error);
					});
					child.on('close', (code) => {
						clearTimeout(timer);
						resolve({ code, stdout: fs.readFileSync(outFile, 'utf8'), stderr });
					});
				});
			} finally {
				fs.closeSync(out);
				fs.rmSync(outFile, { force: true });
			}
			let data;
			try {
				data = env.parseRawOutput(result.stdout);
			} catch {
				data = undefined;
			}
			const ms = Date.now() - started;
			if (process.env.BENCH_DEBUG) process.stderr.write(result.stderr.slice(-5000));
			const task = data?.data?.resultData?.runData?.[nodeName]?.[0];
			if (!task || result.code !== 0) {
				throw new Error(
					`${workflowId} failed (exit ${result.code}):\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`,
				);
			}
			/** @type {any[]} */
			const items = task.data?.main?.[0] ?? [];
			return {
				/** When the node started (epoch ms). */
				startMs: /** @type {number} */ (task.startTime),
				/** The node's own execution time (n8n's start-up and the other nodes left out). */
				nodeMs: /** @type {number} */ (task.executionTime),
				/** The whole `n8n execute`, start-up included. */
				cliMs: ms,
				outputs: items.map((item) => item.json),
			};
		};
		return { n8n, run, close };
	} catch (error) {
		close();
		throw error;
	}
}

/**
 * Where a V8 CPU profile (`node --cpu-prof`) spent its time: self time by package (the folder
 * under node_modules, "node:" internals, "(idle)", "(garbage collector)", ...) and by function,
 * and the total time (self and callees) of the functions whose file path contains `focus`.
 * @param {string} file a .cpuprofile @param {{ top?: number, focus?: string }} [options]
 */
function profileSummary(file, { top = 20, focus = 'n8n-nodes-voice-agent/' } = {}) {
	/** @type {{nodes: Array<{id: number, children?: number[], callFrame: {functionName: string, url: string, lineNumber: number}}>, samples: number[], timeDeltas: number[]}} */
	const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
	const byId = new Map(profile.nodes.map((n) => [n.id, n]));
	/** @type {Map<number, number>} */
	const parent = new Map();
	for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
	const packageOf = (/** @type {string} */ url) => {
		const at = url.lastIndexOf('node_modules/');
		if (at >= 0) {
			const parts = url.slice(at + 13).split('/');
			return parts.slice(0, parts[0].startsWith('@') ? 2 : 1).join('/');
		}
		return url.startsWith('node:') ? 'node: internals' : url;
	};
	const nameOf = (/** @type {{functionName: string, url: string, lineNumber: number}} */ f) =>
		`${f.functionName || '(anonymous)'}${f.url ? ` ${path.basename(f.url)}:${f.lineNumber + 1}` : ''}`;
	/** @type {Map<string, number>} */ const self = new Map();
	/** @type {Map<string, number>} */ const packages = new Map();
	/** @type {Map<string, number>} */ const focused = new Map();
	const add = (
		/** @type {Map<string, number>} */ m,
		/** @type {string} */ k,
		/** @type {number} */ v,
	) => m.set(k, (m.get(k) ?? 0) + v);
	let total = 0;
	profile.samples.forEach((id, n) => {
		const us = profile.timeDeltas[n] ?? 0;
		total += us;
		const frame = byId.get(id)?.callFrame;
		if (!frame) return;
		add(self, nameOf(frame), us);
		add(packages, packageOf(frame.url) || frame.functionName, us);
		// Total time: each function on the sample's stack once.
		const onStack = new Set();
		for (let at = /** @type {number | undefined} */ (id); at !== undefined; at = parent.get(at)) {
			const f = byId.get(at)?.callFrame;
			if (f && f.url.includes(focus)) onStack.add(nameOf(f));
		}
		for (const name of onStack) add(focused, name, us);
	});
	const ms = (/** @type {number} */ us) => `${(us / 1000).toFixed(0).padStart(6)} ms`;
	const list = (/** @type {Map<string, number>} */ m) =>
		[...m]
			.sort((a, b) => b[1] - a[1])
			.slice(0, top)
			.map(([k, v]) => `  ${ms(v)}  ${k}`);
	return [
		`${path.basename(file)}: ${ms(total)} sampled`,
		'self time by package:',
		...list(packages),
		'self time by function:',
		...list(self),
		`total time of functions in ${focus}:`,
		...list(focused),
	].join('\n');
}

module.exports = { countingProxy, workflow, arg, textArg, openN8n, profileSummary };

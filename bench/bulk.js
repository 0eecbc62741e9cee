#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * Bulk dialling in a real n8n, side by side in one invocation: the same rows through our Start
 * operation (its defaults: 10 at a time) and through n8n's HTTP Request node held to the same
 * bound with its Batching option (10 requests every 100 ms), against the sandbox with injected
 * latency. Ratios taken in the same run hold on a busy machine, where absolute times do not.
 *
 *   npm run bench:bulk                          1,000 rows, 100 ms latency, n8n 2.x, one round
 *   npm run bench:bulk -- --repeat=3            three rounds, each Start then HTTP Request
 *   npm run bench:bulk -- --rows=200 --latency=50 --n8n1
 *   npm run bench:bulk -- --profile=/tmp/prof   first runs Start once more with a CPU profile
 *                                               of its n8n process, and summarises it
 *   npm run bench:bulk -- --trace               first runs Start once more through a request-
 *                                               timing proxy: where its time goes
 *
 * Prints, per round and as the median of the rounds: the physical limit rows x latency / 10,
 * Start's time (n8n's own execution time of the node, so start-up is left out) and its ratio to
 * the limit (goal <= 1.10x), the batched HTTP Request node's time and Start's speed relative to
 * it (goal >= 1.00x), and whether every row was dialled exactly once with one output each.
 * References without a goal: a bare Node.js client (no n8n) in each round, the floor the
 * machine allows at that moment; and once, the HTTP Request node with its defaults, which
 * starts every item's request at once (1,000 in flight), which a real service answers with 429s.
 */

const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const { Pacer } = require('../dist/nodes/VoiceAgentCalling/actions/call/start/batch');
const { createSandbox } = require('../sandbox');
const env = require('../scripts/n8n/env');
const { arg, countingProxy, openN8n, profileSummary, textArg, workflow } = require('./lib');

const ROWS = arg('rows', 1000);
const LATENCY = arg('latency', 100);
const REPEAT = Math.max(1, arg('repeat', 1));
const PROFILE = textArg('profile');
const TRACE = process.argv.includes('--trace');
/** The Start operation's default Max Concurrent Requests (actions/call/start/description.ts). */
const CONCURRENCY = 10;
const GOAL_LIMIT = 1.1;
const GOAL_VS_HTTP = 1.0;
const AGENT = 'a1a1a1a1-0000-4000-8000-000000000001';
const FROM = '+14155550100';
const CRED = { id: 'benchSandboxCred', name: 'Voice Agent (bench sandbox)' };
const TRACE_CRED = { id: 'benchTraceCred', name: 'Voice Agent (bench, via proxy)' };

const rowsCode = (/** @type {string} */ prefix) =>
	`return Array.from({ length: ${ROWS} }, (_, n) => ({ json: { name: 'Row ' + n, phone: '${prefix}' + String(n).padStart(4, '0') } }));`;

/** @param {string} sandboxUrl @param {string} apiKey */
function workflows(sandboxUrl, apiKey) {
	const startNode = (/** @type {{id: string, name: string}} */ credential) => ({
		type: 'n8n-nodes-voice-agent.voiceAgentCalling',
		typeVersion: 1,
		credentials: { voiceAgentApi: credential },
		parameters: {
			resource: 'call',
			operation: 'start',
			assistant: { __rl: true, mode: 'id', value: AGENT },
			name: '={{ $json.name }}',
			mobileNumber: '={{ $json.phone }}',
			fromNumber: { __rl: true, mode: 'number', value: FROM },
			variablesMode: 'none',
			// Rows without the assistant's variables: the benchmark is about dialling.
			missingVariables: 'ignore',
		},
	});
	const start = workflow(
		'benchOurs',
		'Bench: Start operation',
		rowsCode('+1212555'),
		startNode(CRED),
	);
	const traced = workflow(
		'benchTrace',
		'Bench: Start operation via proxy',
		rowsCode('+1515555'),
		startNode(TRACE_CRED),
	);
	const httpParameters = {
		method: 'POST',
		url: `${sandboxUrl}/calling/outbound/individual`,
		sendHeaders: true,
		headerParameters: { parameters: [{ name: 'X-API-KEY', value: apiKey }] },
		sendBody: true,
		specifyBody: 'json',
		jsonBody: `={{ JSON.stringify({ name: $json.name, mobile_number: $json.phone, agent_id: '${AGENT}', from_number: '${FROM}' }) }}`,
	};
	// Batching starts 10 requests every 100 ms, the way a user holds the node to our
	// concurrency (with an interval of 0 it bounds nothing).
	const batched = workflow(
		'benchHttpBatch',
		'Bench: HTTP Request node, 10 per 100 ms',
		rowsCode('+1414555'),
		{
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			parameters: {
				...httpParameters,
				options: { batching: { batch: { batchSize: CONCURRENCY, batchInterval: LATENCY } } },
			},
		},
	);
	const unbatched = workflow('benchHttp', 'Bench: HTTP Request node', rowsCode('+1313555'), {
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: { ...httpParameters, options: {} },
	});
	return { start, traced, batched, unbatched };
}

/**
 * The floor this machine allows right now: a bare Node.js client (no n8n) dialling the same
 * rows 10 at a time, a new connection per request as n8n's request helper opens one, its
 * starts spread over the answer time by Start's own pacer (from the build). It runs in this
 * process, beside the sandbox. A reference without a goal: when even it is far above the
 * limit, the machine is too busy for the goals to say much.
 * @param {string} sandboxUrl @param {string} apiKey @param {string} prefix
 */
async function bareClient(sandboxUrl, apiKey, prefix) {
	const url = new URL(`${sandboxUrl}/calling/outbound/individual`);
	const post = (/** @type {number} */ n) =>
		new Promise((resolve, reject) => {
			const body = JSON.stringify({
				name: `Row ${n}`,
				mobile_number: `${prefix}${String(n).padStart(4, '0')}`,
				agent_id: AGENT,
				from_number: FROM,
			});
			const req = http.request(
				{
					host: url.hostname,
					port: url.port,
					path: url.pathname,
					method: 'POST',
					agent: new http.Agent(),
					headers: {
						'content-type': 'application/json',
						'content-length': Buffer.byteLength(body),
						'x-api-key': apiKey,
					},
				},
				(res) => {
					res.resume();
					res.on('end', () =>
						res.statusCode === 200
							? resolve(undefined)
							: reject(new Error(`bare client: HTTP ${res.statusCode}`)),
					);
				},
			);
			req.on('error', reject);
			req.end(body);
		});
	const pacer = new Pacer(0, { concurrency: CONCURRENCY });
	const started = Date.now();
	let next = 0;
	await Promise.all(
		Array.from({ length: CONCURRENCY }, async () => {
			while (next < ROWS) {
				await pacer.acquire();
				const sent = Date.now();
				await post(next++);
				pacer.answered(Date.now() - sent);
			}
		}),
	);
	return Date.now() - started;
}

const median = (/** @type {number[]} */ xs) => {
	const s = [...xs].sort((a, b) => a - b);
	return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const sec = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(2)} s`;
const verdict = (/** @type {boolean} */ ok) => (ok ? 'PASS' : 'FAIL');

/**
 * Where Start's time went, from the node's start and end and the proxy's times: before the
 * first request (reading and checking every row), the dialling itself against rounds x
 * latency, the mean pause between an answer and the request that took its slot, and after
 * the last answer.
 * @param {{startMs: number, nodeMs: number}} run
 * @param {Array<{at: number, done?: number}>} requests
 */
function where(run, requests) {
	const at = requests.map((r) => r.at).sort((a, b) => a - b);
	const done = requests.map((r) => r.done ?? r.at).sort((a, b) => a - b);
	const end = run.startMs + run.nodeMs;
	const rounds = Math.ceil(requests.length / CONCURRENCY);
	// The k-th request after the first round was sent when the k-th answer had freed a slot.
	const pauses = at.slice(CONCURRENCY).map((t, k) => t - done[k]);
	const mean = pauses.reduce((sum, p) => sum + p, 0) / Math.max(1, pauses.length);
	const service = requests.map((r) => (r.done ?? r.at) - r.at);
	// Requests that arrived in a burst: within 1 ms of the one before.
	const bursts = at.slice(1).filter((t, k) => t - at[k] < 1).length;
	return [
		`where Start's ${sec(run.nodeMs)} went (${requests.length} requests through a timing proxy):`,
		`  node start -> first request (every row read and checked): ${sec(at[0] - run.startMs)}`,
		`  first request -> last answer: ${sec(done[done.length - 1] - at[0])} for ${rounds} rounds of ${LATENCY} ms = ${sec(rounds * LATENCY)}`,
		`    answer time at the proxy: mean ${(service.reduce((a, b) => a + b, 0) / service.length).toFixed(1)} ms`,
		`    pause from an answer to the request taking its slot: mean ${mean.toFixed(2)} ms`,
		`    requests arriving within 1 ms of the one before (bursts): ${bursts} of ${requests.length}`,
		`  last answer -> node end (outputs, watcher): ${sec(end - done[done.length - 1])}`,
	];
}

async function main() {
	const log = (/** @type {string} */ line) => process.stdout.write(`${line}\n`);
	const sb = await createSandbox({
		clock: 'manual',
		latencyMs: LATENCY,
		port: Number(process.env.BENCH_SANDBOX_PORT ?? 0),
	});
	const proxy = await countingProxy(sb.origin);
	const wf = workflows(sb.url, sb.apiKey);
	try {
		const n8n = await openN8n({
			log,
			credentials: [
				env.sandboxCredential({ ...CRED, baseUrl: sb.url, apiKey: sb.apiKey }),
				env.sandboxCredential({
					...TRACE_CRED,
					baseUrl: `${proxy.origin}${new URL(sb.url).pathname}`,
					apiKey: sb.apiKey,
				}),
			],
			workflows: [wf.start, wf.traced, wf.batched, wf.unbatched],
		});
		try {
			await compare(n8n, sb, proxy, wf);
		} finally {
			n8n.close();
		}
	} finally {
		await proxy.close();
		await sb.close();
	}
}

/**
 * The runs and the report.
 * @param {Awaited<ReturnType<typeof openN8n>>} n8n
 * @param {Awaited<ReturnType<typeof createSandbox>>} sb
 * @param {Awaited<ReturnType<typeof countingProxy>>} proxy
 * @param {ReturnType<typeof workflows>} wf
 */
async function compare(n8n, sb, proxy, wf) {
	const log = (/** @type {string} */ line) => process.stdout.write(`${line}\n`);

	/** Runs one workflow; checks that every row was dialled once and answered once. */
	const measure = async (
		/** @type {string} */ label,
		/** @type {{id: string}} */ w,
		/** @type {string} */ prefix,
		/** @type {string[]} */ nodeArgs = [],
	) => {
		const before = sb.ledger.length;
		log(`running ${label} on ${ROWS} rows ...`);
		const run = await n8n.run(w.id, { nodeName: 'Node', nodeArgs });
		const placed = sb.ledger.slice(before).filter((e) => e.mobile_number.startsWith(prefix));
		const distinct = new Set(placed.map((e) => e.mobile_number)).size;
		return {
			...run,
			calls: placed.length,
			exact: placed.length === ROWS && distinct === ROWS && run.outputs.length === ROWS,
		};
	};

	const limitMs = (ROWS * LATENCY) / CONCURRENCY;
	/** @type {Array<{start: number, http: number, bare: number}>} */
	const rounds = [];
	let allExact = true;
	const report = [];
	/** @type {string[]} */
	let profiles = [];
	if (PROFILE) {
		// A run of its own: profiling slows the process down, so it is not one of the rounds.
		fs.mkdirSync(PROFILE, { recursive: true });
		const before = new Set(fs.readdirSync(PROFILE));
		await measure('Start operation with a CPU profile', wf.start, '+1212555', [
			'--cpu-prof',
			`--cpu-prof-dir=${path.resolve(PROFILE)}`,
		]);
		profiles = fs
			.readdirSync(PROFILE)
			.filter((f) => f.endsWith('.cpuprofile') && !before.has(f))
			.map((f) => path.join(PROFILE, f));
	}
	/** @type {string[]} */
	const trace = [];
	if (TRACE) {
		proxy.log.length = 0;
		const t = await measure('Start operation through the timing proxy', wf.traced, '+1515555');
		trace.push(...where(t, proxy.log));
	}
	for (let round = 1; round <= REPEAT; round++) {
		// Taking turns at going first, so neither gains from what the machine does meanwhile.
		const start = () => measure('Start operation', wf.start, '+1212555');
		const http = () => measure('HTTP Request, batched', wf.batched, '+1414555');
		let a, c;
		if (round % 2) {
			a = await start();
			c = await http();
		} else {
			c = await http();
			a = await start();
		}
		const bareMs = await bareClient(sb.url, sb.apiKey, '+1616555');
		allExact &&= a.exact && c.exact;
		rounds.push({ start: a.nodeMs, http: c.nodeMs, bare: bareMs });
		report.push(
			`round ${round}: Start ${sec(a.nodeMs)} (${(a.nodeMs / limitMs).toFixed(2)}x limit, ${a.calls} calls, ${a.outputs.length} outputs)` +
				`  HTTP Request batched ${sec(c.nodeMs)} (${c.calls} calls, ${c.outputs.length} outputs)` +
				`  Start speed vs it ${(c.nodeMs / a.nodeMs).toFixed(2)}x` +
				`  bare client ${sec(bareMs)} (${(bareMs / limitMs).toFixed(2)}x limit)`,
		);
	}
	const b = await measure('HTTP Request node (defaults, reference)', wf.unbatched, '+1313555');

	const startMs = median(rounds.map((r) => r.start));
	const httpMs = median(rounds.map((r) => r.http));
	// The median of the per-round ratios: each ratio compares two runs made side by side.
	const vsHttp = median(rounds.map((r) => r.http / r.start));
	const toLimit = startMs / limitMs;
	log('');
	log(
		`bulk dialling, ${ROWS} rows, ${LATENCY} ms sandbox latency, ${CONCURRENCY} at a time, n8n ${n8n.n8n.version}, ${REPEAT} round(s)`,
	);
	for (const line of report) log(line);
	log(`physical limit rows x latency / ${CONCURRENCY}:            ${sec(limitMs)}`);
	log(
		`Start operation (median):                      ${sec(startMs)} = ${toLimit.toFixed(2)}x the limit (goal <= ${GOAL_LIMIT.toFixed(2)}x): ${verdict(toLimit <= GOAL_LIMIT)}`,
	);
	log(
		`HTTP Request node, ${CONCURRENCY} per ${LATENCY} ms (median):     ${sec(httpMs)}; Start's speed relative to it ${vsHttp.toFixed(2)}x (goal >= ${GOAL_VS_HTTP.toFixed(2)}x): ${verdict(vsHttp >= GOAL_VS_HTTP)}`,
	);
	log(`every row dialled exactly once, one output each: ${verdict(allExact)}`);
	const bareMs = median(rounds.map((r) => r.bare));
	log(
		`(reference, no goal) bare Node.js client, no n8n (median): ${sec(bareMs)} = ${(bareMs / limitMs).toFixed(2)}x the limit: what the machine allows now`,
	);
	// Each round's Start against the bare client of the same round: what n8n and the node add.
	const vsBare = median(rounds.map((r) => r.start / r.bare));
	log(`(reference, no goal) Start / bare client, same round (median): ${vsBare.toFixed(2)}x`);
	log(
		`(reference, no goal) HTTP Request node, defaults: ${sec(b.nodeMs)}, ${b.calls} calls, with up to ${ROWS} requests in flight at once; Start has at most ${CONCURRENCY}`,
	);
	if (TRACE) {
		log('');
		for (const line of trace) log(line);
	}
	if (PROFILE) {
		for (const file of profiles) {
			log('');
			log(`CPU profile of the n8n process that ran Start: ${file}`);
			log(profileSummary(file));
		}
	}
	if (!(toLimit <= GOAL_LIMIT && vsHttp >= GOAL_VS_HTTP && allExact)) process.exitCode = 1;
}

main().catch((error) => {
	process.stderr.write(`${error.stack ?? error}\n`);
	process.exit(1);
});

#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * Start and Wait for Call to End over a whole sheet, in a real n8n, against the sandbox on a
 * real clock (calls sped up) with injected latency:
 *
 *   npm run bench:wait                          1,000 rows, concurrency 10, 100 ms latency
 *   npm run bench:wait -- --rows=200 --latency=50 --speed=10 --poll=2
 *
 * Prints the node's own execution time beside the limit "dial time + longest call + one poll
 * interval" (from the sandbox's clock: first start to last start answered, the longest call
 * from creation to end), the calls placed, whether the outputs are one per row in input
 * order, and the history / details requests made while waiting against the budget
 * rounds x ceil(pending / 100) (+ one details read per call when analysis is on). It also
 * prints what the former row-by-row wait (each row holds a slot and polls its own details)
 * takes for the same calls, computed from that loop and this run's call lengths.
 */

const { createSandbox } = require('../sandbox');
const env = require('../scripts/n8n/env');
const { arg, countingProxy, openN8n, workflow } = require('./lib');

const ROWS = arg('rows', 1000);
const LATENCY = arg('latency', 100);
const SPEED = arg('speed', 10);
const POLL_S = arg('poll', 2);
const CONCURRENCY = arg('concurrency', 10);
const ANALYSIS = process.argv.includes('--analysis');
const AGENT = 'a1a1a1a1-0000-4000-8000-000000000001';
const FROM = '+14155550100';
const CRED = { id: 'benchWaitCred', name: 'Voice Agent (bench wait)' };
const PREFIX = '+1646555';

// Numbers ending in 13, 14, 66, 77 or 99 ring out, are busy or retry: left out so every call
// is answered and talks for its own length (18-58 s nominal, divided by the speed).
const rowsCode = `const out = []; for (let k = 0; out.length < ${ROWS}; k++) { const s = String(k).padStart(4, '0'); if (!['13','14','66','77','99'].includes(s.slice(-2))) out.push({ json: { name: 'Row ' + out.length, phone: '${PREFIX}' + s } }); } return out;`;

/** The former loop, per row: start, read details, then sleep + read until the call ended. */
function oldRowByRow(/** @type {number[]} */ callMs) {
	const poll = POLL_S * 1000;
	const free = new Array(CONCURRENCY).fill(0);
	for (const length of callMs) {
		const slot = free.indexOf(Math.min(...free));
		let t = free[slot] + LATENCY; // start answered; the call began half-way through
		const ends = t - LATENCY / 2 + length;
		t += LATENCY; // first details read
		while (t - LATENCY / 2 < ends) t += poll + LATENCY;
		free[slot] = t;
	}
	return Math.max(...free);
}

async function main() {
	const log = (/** @type {string} */ line) => process.stdout.write(`${line}\n`);
	const sb = await createSandbox({ clock: 'real', speed: SPEED, latencyMs: LATENCY });
	const proxy = await countingProxy(sb.origin);
	/** @type {Awaited<ReturnType<typeof openN8n>> | undefined} */
	let n8n;
	try {
		const wf = workflow('benchWait', 'Bench: Start and Wait', rowsCode, {
			type: 'n8n-nodes-voice-agent.voiceAgentCalling',
			typeVersion: 1,
			credentials: { voiceAgentApi: CRED },
			parameters: {
				resource: 'call',
				operation: 'start',
				assistant: { __rl: true, mode: 'id', value: AGENT },
				name: '={{ $json.name }}',
				mobileNumber: '={{ $json.phone }}',
				fromNumber: { __rl: true, mode: 'number', value: FROM },
				variablesMode: 'none',
				// Rows without the assistant's variables: the benchmark is about waiting.
				missingVariables: 'ignore',
				waitForCompletion: true,
				pace: { maxConcurrent: CONCURRENCY },
				waitOptions: {
					pollIntervalSeconds: POLL_S,
					maxWaitSeconds: 3600,
					includeAnalysis: ANALYSIS,
				},
			},
		});
		const apiPath = new URL(sb.url).pathname;
		n8n = await openN8n({
			log,
			credentials: [
				env.sandboxCredential({ ...CRED, baseUrl: `${proxy.origin}${apiPath}`, apiKey: sb.apiKey }),
			],
			workflows: [wf],
		});

		log(`running Start and Wait on ${ROWS} rows ...`);
		proxy.log.length = 0;
		const run = await n8n.run(wf.id);
		const outputs = run.outputs;
		const placed = sb.ledger.filter((e) => e.mobile_number.startsWith(PREFIX));
		const calls = placed.map((e) => sb.store.callsById.get(e.call_id));
		const inOrder =
			outputs.length === ROWS &&
			outputs.every(
				(/** @type {any} */ o, /** @type {number} */ n) =>
					o.call_id === placed.find((p) => p.mobile_number === o.to_number)?.call_id &&
					o.callee_name === `Row ${n}`,
			);
		const ended = outputs.filter(
			(/** @type {any} */ o) => o.status === 'completed' && !o.timed_out,
		).length;

		// Dial time, the longest call and the end of the last call, on the sandbox's clock.
		const firstStart = Math.min(...calls.map((c) => c.created_at));
		const lastStart = Math.max(...calls.map((c) => c.created_at));
		const callMs = calls.map((c) => c.ended_at - c.created_at);
		const longest = Math.max(...callMs);
		// The node also needs its first start request's latency before the first call exists.
		const dialMs = lastStart - firstStart + LATENCY;
		const limitMs = dialMs + longest + POLL_S * 1000;

		// Requests while waiting; rounds are the bursts of history reads, pending counted at each.
		const history = proxy.log.filter((r) => r.path.endsWith('/calling/history'));
		const details = proxy.log.filter((r) => r.path.endsWith('/calling/call-details'));
		/** @type {number[]} */
		const rounds = [];
		for (const r of history)
			if (!rounds.length || r.at - rounds[rounds.length - 1] > 500) rounds.push(r.at);
		const pendingAt = (/** @type {number} */ t) =>
			calls.filter((c) => c.created_at + LATENCY / 2 <= t && c.ended_at > t - POLL_S * 1000).length;
		const budget =
			rounds.reduce((sum, t) => sum + Math.max(1, Math.ceil(pendingAt(t) / 100)), 0) +
			(ANALYSIS ? placed.length : 0);
		const oldMs = oldRowByRow(callMs);

		const s = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(2)} s`;
		log('');
		log(
			`Start and Wait, ${ROWS} rows, concurrency ${CONCURRENCY}, ${LATENCY} ms latency, sandbox speed ${SPEED}, poll ${POLL_S} s, analysis ${ANALYSIS ? 'on' : 'off'}, n8n ${n8n.n8n.version}`,
		);
		log(
			`calls placed:                 ${placed.length} (${new Set(placed.map((p) => p.mobile_number)).size} distinct numbers)`,
		);
		log(
			`outputs:                      ${outputs.length}, one per row in input order: ${inOrder ? 'yes' : 'NO'}; ended: ${ended}`,
		);
		log(`calls lasted:                 ${s(Math.min(...callMs))} to ${s(longest)}`);
		log(`Start and Wait (node time):   ${s(run.nodeMs)}  (whole CLI run ${s(run.cliMs)})`);
		log(`limit dial ${s(dialMs)} + longest call ${s(longest)} + poll ${POLL_S} s = ${s(limitMs)}`);
		log(`Start and Wait / limit:       ${(run.nodeMs / limitMs).toFixed(2)}x (goal <= 1.25x)`);
		log(
			`history requests:             ${history.length} in ${rounds.length} rounds; details requests: ${details.length}`,
		);
		log(
			`budget rounds x ceil(pending/100)${ANALYSIS ? ' + one details per call' : ''}: ${budget} -> ${history.length + details.length <= budget ? 'met' : 'NOT met'}`,
		);
		log(
			`former row-by-row wait, same calls (computed from its loop): ${s(oldMs)} = ${(oldMs / run.nodeMs).toFixed(1)}x the new one`,
		);
	} finally {
		n8n?.close();
		await proxy.close();
		await sb.close();
	}
}

main().catch((error) => {
	process.stderr.write(`${error.stack ?? error}\n`);
	process.exit(1);
});

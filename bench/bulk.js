#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * Bulk dialling benchmark in a real n8n, side by side in one invocation:
 * the same rows through our Start operation (its defaults) and through n8n's HTTP Request
 * node (its defaults, as a user would set it up), against the sandbox with injected latency.
 *
 *   npm run bench:bulk                     1,000 rows, 100 ms latency, n8n 1.x
 *   npm run bench:bulk -- --rows=200 --latency=50 --n8n2
 *
 * Prints wall time of each node (n8n's own executionTime of the node, so n8n's start-up is
 * left out), their ratio, the physical limit rows x latency / concurrency and our ratio to
 * it, and how many calls the sandbox created for each run.
 */

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { createSandbox } = require('../sandbox');
const { ensureN8n, selectedMajor } = require('../scripts/n8n-install');
const env = require('../scripts/n8n-env');

const arg = (name, fallback) => {
	const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
	return hit ? Number(hit.split('=')[1]) : fallback;
};
const ROWS = arg('rows', 1000);
const LATENCY = arg('latency', 100);
/** The Start operation's default Max Concurrent Requests (actions/call/start/description.ts). */
const CONCURRENCY = 10;
const AGENT = 'a1a1a1a1-0000-4000-8000-000000000001';
const FROM = '+14155550100';
const CRED = { id: 'benchSandboxCred', name: 'Voice Agent (bench sandbox)' };

const rowsCode = (prefix) =>
	`return Array.from({ length: ${ROWS} }, (_, n) => ({ json: { name: 'Row ' + n, phone: '${prefix}' + String(n).padStart(4, '0') } }));`;

function workflow(id, name, prefix, worker) {
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
				parameters: { jsCode: rowsCode(prefix) },
			},
			{ id: `${id}-3`, name: 'Dial', position: [400, 0], ...worker },
		],
		connections: {
			Start: { main: [[{ node: 'Rows', type: 'main', index: 0 }]] },
			Rows: { main: [[{ node: 'Dial', type: 'main', index: 0 }]] },
		},
	};
}

async function main() {
	const major = selectedMajor();
	const log = (line) => process.stdout.write(`${line}\n`);
	const sb = await createSandbox({
		clock: 'manual',
		latencyMs: LATENCY,
		port: Number(process.env.BENCH_SANDBOX_PORT ?? 0),
	});
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'voice-agent-bench-'));
	try {
		const n8n = await ensureN8n({ major, log });
		const n8nEnv = env.n8nEnv({ userFolder, major });
		await env.installPackage({ userFolder });

		const ours = workflow('benchOurs', 'Bench: Start operation', '+1212555', {
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
			},
		});
		const http = workflow('benchHttp', 'Bench: HTTP Request node', '+1313555', {
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			parameters: {
				method: 'POST',
				url: `${sb.url}/calling/outbound/individual`,
				sendHeaders: true,
				headerParameters: { parameters: [{ name: 'X-API-KEY', value: sb.apiKey }] },
				sendBody: true,
				specifyBody: 'json',
				jsonBody: `={{ JSON.stringify({ name: $json.name, mobile_number: $json.phone, agent_id: '${AGENT}', from_number: '${FROM}' }) }}`,
				options: {},
			},
		});
		// The same node with its Batching option set to start 10 requests every 100 ms, the way a
		// user holds it to our concurrency (with an interval of 0 it does not bound anything).
		const httpBatched = workflow(
			'benchHttpBatch',
			'Bench: HTTP Request node, 10 per 100 ms',
			'+1414555',
			{
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				parameters: {
					...http.nodes[2].parameters,
					options: { batching: { batch: { batchSize: CONCURRENCY, batchInterval: LATENCY } } },
				},
			},
		);
		await env.importAll(n8n, n8nEnv, {
			credentials: [env.sandboxCredential({ ...CRED, baseUrl: sb.url, apiKey: sb.apiKey })],
			workflows: [ours, http, httpBatched],
		});

		const results = {};
		for (const [label, wf, prefix] of [
			['Start operation', ours, '+1212555'],
			['HTTP Request node', http, '+1313555'],
			['HTTP Request, batched', httpBatched, '+1414555'],
		]) {
			const before = sb.ledger.length;
			log(`running ${label} on ${ROWS} rows ...`);
			const run = await env.executeWorkflow(n8n, n8nEnv, wf.id);
			if (process.env.BENCH_DEBUG) {
				const plain = await env.n8nCli(n8n, n8nEnv, ['execute', `--id=${wf.id}`]);
				log(
					JSON.stringify({
						code: plain.code,
						out: plain.stdout.slice(-3000),
						err: plain.stderr.slice(-3000),
					}),
				);
			}
			const task = run.data?.data?.resultData?.runData?.Dial?.[0];
			if (!task || run.code !== 0) {
				throw new Error(
					`${label} failed (exit ${run.code}):\n${run.stdout.slice(-3000)}\n${run.stderr.slice(-3000)}`,
				);
			}
			const placed = sb.ledger.slice(before).filter((e) => e.mobile_number.startsWith(prefix));
			results[label] = {
				nodeMs: task.executionTime,
				cliMs: run.ms,
				outputs: task.data.main[0].length,
				calls: placed.length,
				distinct: new Set(placed.map((e) => e.mobile_number)).size,
			};
		}

		const a = results['Start operation'];
		const b = results['HTTP Request node'];
		const c = results['HTTP Request, batched'];
		const limitMs = (ROWS * LATENCY) / CONCURRENCY;
		const line = (label, r) =>
			`${label.padEnd(24)} ${(r.nodeMs / 1000).toFixed(2).padStart(7)} s  (whole CLI run ${(r.cliMs / 1000).toFixed(1)} s)  outputs ${r.outputs}  calls created ${r.calls} (${r.distinct} distinct numbers)`;
		log('');
		log(`bulk dialling, ${ROWS} rows, ${LATENCY} ms sandbox latency, n8n ${n8n.version}`);
		log(line('Start operation', a));
		log(line('HTTP Request node', b));
		log(line('HTTP Request, batched', c));
		log(
			`speed-up vs HTTP Request node (defaults):   ${(b.nodeMs / a.nodeMs).toFixed(2)}x (goal >= 8x)`,
		);
		log(
			`speed-up vs HTTP Request node (batched ${CONCURRENCY} per ${LATENCY} ms): ${(c.nodeMs / a.nodeMs).toFixed(2)}x`,
		);
		log(
			`HTTP Request defaults had up to ${ROWS} requests in flight at once; ours at most ${CONCURRENCY}.`,
		);
		log(`physical limit rows*latency/${CONCURRENCY}:     ${(limitMs / 1000).toFixed(2)} s`);
		log(`Start operation / physical limit:   ${(a.nodeMs / limitMs).toFixed(2)}x (goal <= 1.25x)`);
	} finally {
		await sb.close();
		if (!process.env.BENCH_KEEP) fs.rmSync(userFolder, { recursive: true, force: true });
		else log(`kept ${userFolder}`);
	}
}

main().catch((error) => {
	process.stderr.write(`${error.stack ?? error}\n`);
	process.exit(1);
});

#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * Call → Get Many with Return All over 10,000 calls in a real n8n, against a bare fetch loop
 * over the same pages, in one run, with injected latency:
 *
 *   npm run bench:history                       10,000 calls, 100 ms latency
 *   npm run bench:history -- --calls=2000 --latency=50
 *
 * The calls are placed in the sandbox first (without latency), then both read every call
 * created since the bench began, 100 a page. Prints requests and time of each and their ratio.
 */

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { createSandbox } = require('../sandbox');
const { ensureN8n, selectedMajor } = require('../scripts/n8n/install');
const env = require('../scripts/n8n/env');
const { arg, countingProxy, workflow } = require('./lib');

const CALLS = arg('calls', 10000);
const LATENCY = arg('latency', 100);
const AGENT = 'a1a1a1a1-0000-4000-8000-000000000002';
const FROM = '+919876543210';
const CRED = { id: 'benchHistoryCred', name: 'Voice Agent (bench history)' };

async function main() {
	const major = selectedMajor();
	const log = (/** @type {string} */ line) => process.stdout.write(`${line}\n`);
	const sb = await createSandbox({ clock: 'manual' });
	const proxy = await countingProxy(sb.origin);
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'voice-agent-bench-'));
	try {
		const since = new Date(sb.now()).toISOString();
		log(`placing ${CALLS} calls in the sandbox ...`);
		let next = 0;
		const place = async () => {
			while (next < CALLS) {
				const n = next++;
				const res = await fetch(`${sb.url}/calling/outbound/individual`, {
					method: 'POST',
					headers: { 'content-type': 'application/json', 'x-api-key': sb.apiKey },
					body: JSON.stringify({
						name: `Row ${n}`,
						mobile_number: `+9198${String(n).padStart(8, '0')}`,
						agent_id: AGENT,
						from_number: FROM,
					}),
				});
				if (!res.ok) throw new Error(`placing call ${n}: ${res.status} ${await res.text()}`);
			}
		};
		await Promise.all(Array.from({ length: 20 }, place));
		sb.advance(10 * 60000);
		sb.setLatency(LATENCY);

		const n8n = await ensureN8n({ major, log });
		const n8nEnv = await env.freshN8nEnv({ userFolder, major });
		await env.installPackage({ userFolder });
		const apiPath = new URL(sb.url).pathname;
		const wf = workflow('benchHistory', 'Bench: Get Many, Return All', 'return [{ json: {} }];', {
			type: 'n8n-nodes-voice-agent.voiceAgentCalling',
			typeVersion: 1,
			credentials: { voiceAgentApi: CRED },
			parameters: {
				resource: 'call',
				operation: 'getMany',
				returnAll: true,
				filters: { agentId: { __rl: true, mode: 'id', value: AGENT }, startDate: since },
			},
		});
		await env.importAll(n8n, n8nEnv, {
			credentials: [
				env.sandboxCredential({ ...CRED, baseUrl: `${proxy.origin}${apiPath}`, apiKey: sb.apiKey }),
			],
			workflows: [wf],
		});

		log('running Get Many (Return All) in n8n ...');
		proxy.log.length = 0;
		const run = await env.executeWorkflow(n8n, n8nEnv, wf.id);
		// n8n exits before 10,000 items of output reach the pipe, so the JSON may be cut short:
		// the node's executionTime comes before its items, so it is read from the text.
		const after = run.stdout.slice(run.stdout.indexOf('"Node": ['));
		const time = /"executionTime":\s*(\d+)/.exec(after);
		if (!time || run.code !== 0) {
			throw new Error(
				`run failed (exit ${run.code}):\n${run.stdout.slice(0, 3000)}\n${run.stderr.slice(-3000)}`,
			);
		}
		const task = { executionTime: Number(time[1]) };
		const pages = proxy.log.filter((r) => r.path.endsWith('/calling/history'));
		const nodeRequests = pages.length;
		const nodeRows = Math.min(
			CALLS,
			pages.filter((r) => Number(r.query.get('offset')) < CALLS).length * 100,
		);

		log('running the bare fetch loop ...');
		proxy.log.length = 0;
		const t0 = Date.now();
		let bareRows = 0;
		for (let offset = 0; ; offset += 100) {
			const q = new URLSearchParams({
				agent_id: AGENT,
				start_date: since,
				limit: '100',
				offset: String(offset),
			});
			const res = await fetch(`${proxy.origin}${apiPath}/calling/history?${q}`, {
				headers: { 'x-api-key': sb.apiKey, accept: 'application/json' },
			});
			const body = /** @type {{calls: unknown[]}} */ (await res.json());
			bareRows += body.calls.length;
			// The same rule as the node: a short page is the last one (total is not trusted).
			if (body.calls.length < 100) break;
		}
		const bareMs = Date.now() - t0;
		const bareRequests = proxy.log.length;

		const s = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(2)} s`;
		log('');
		log(`Get Many, Return All, ${CALLS} calls, ${LATENCY} ms latency, n8n ${n8n.version}`);
		log(
			`Get Many (node time):  ${s(task.executionTime)}  ${nodeRequests} requests  ${nodeRows} calls asked for  (whole CLI run ${s(run.ms)})`,
		);
		log(`bare fetch loop:       ${s(bareMs)}  ${bareRequests} requests  ${bareRows} calls`);
		log(`Get Many / bare loop:  ${(task.executionTime / bareMs).toFixed(2)}x (goal <= 1.2x)`);
		if (CALLS % 100 === 0) {
			log(
				`(${CALLS} calls fill ${CALLS / 100} pages exactly: stopping on a short page costs one more, empty, page)`,
			);
		}
	} finally {
		await proxy.close();
		await sb.close();
		if (!process.env.BENCH_KEEP) fs.rmSync(userFolder, { recursive: true, force: true });
	}
}

main().catch((error) => {
	process.stderr.write(`${error.stack ?? error}\n`);
	process.exit(1);
});

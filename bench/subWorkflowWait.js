#!/usr/bin/env node
'use strict';

/**
 * Check Calls' wait inside a sub-workflow, in a real n8n against the sandbox: a parent runs
 * Execute Workflow (Wait For Sub-Workflow Completion on) on a sub-workflow that dials five rows
 * with Start (one scheduled 100 s ahead, so the calls end in two checks) and loops Check Calls
 * through a Wait of 66 s. Prints both executions' statuses as they change, the sub-workflow's
 * checks, and what the parent received.
 *
 *   npm run build && node bench/subWorkflowWait.js 2      (1 for n8n 1.x)
 */
const path = require('node:path');
const fs = require('node:fs');
const REPO = path.resolve(__dirname, '..');
const env = require(path.join(REPO, 'scripts/n8n/env.js'));
const { createSandbox } = require(path.join(REPO, 'sandbox'));
const bench = require('./n8nBench');
const major = Number(process.argv[2] || 2);

const node = (id, name, type, typeVersion, x, parameters, extra = {}) => ({
	id: `5ab00000-0000-4000-8000-0000000000${id}`,
	name,
	type,
	typeVersion,
	position: [x, 0],
	parameters,
	...extra,
});
const link = (to) => [{ node: to, type: 'main', index: 0 }];

function subWorkflow() {
	const loop = bench.checkCallsLoop({
		from: 'Start',
		ended: 'Outcomes',
		maxWaitMinutes: 30,
		waitSeconds: 66,
		x: 400,
	});
	return {
		name: 'sub wait',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			node(10, 'In', 'n8n-nodes-base.executeWorkflowTrigger', 1.1, 0, {
				inputSource: 'passthrough',
			}),
			node(
				11,
				'Start',
				bench.CALLING,
				1,
				200,
				bench.startParameters({
					variablesMode: 'none',
					missingVariables: 'ignore',
					callConfig: { scheduledAt: '={{ $json.at }}' },
				}),
				{ credentials: { voiceAgentApi: bench.CREDENTIAL } },
			),
			...loop.nodes,
		],
		connections: { In: { main: [link('Start')] }, ...loop.connections },
	};
}

function parentWorkflow(subId) {
	const rows = `return [0,1,2,3,4].map(n => ({ json: { name: 'P'+n, phone: '+1415666'+String(n).padStart(2,'0')+(20+n), at: n === 4 ? new Date(Date.now() + 100000).toISOString() : '' } }));`;
	return {
		name: 'parent',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			node(20, 'Manual', 'n8n-nodes-base.manualTrigger', 1, 0, {}),
			node(21, 'Rows', 'n8n-nodes-base.code', 2, 200, { jsCode: rows }),
			node(22, 'Call sub', 'n8n-nodes-base.executeWorkflow', 1.2, 400, {
				source: 'database',
				workflowId: { __rl: true, mode: 'id', value: subId },
				options: { waitForSubWorkflow: true },
			}),
			node(23, 'Got', 'n8n-nodes-base.noOp', 1, 600, {}),
		],
		connections: {
			Manual: { main: [link('Rows')] },
			Rows: { main: [link('Call sub')] },
			'Call sub': { main: [link('Got')] },
		},
	};
}

(async () => {
	const sandbox = await createSandbox({ port: 0, clock: 'real', speed: 20, seed: 3 });
	const { n8n, userFolder, server, rest } = await bench.startBenchN8n({
		major,
		label: 'sub-wait',
		apiUrl: sandbox.url,
	});
	const subMade = await rest.request('POST', '/workflows', subWorkflow());
	const subId = String(subMade.json.data.id);
	const parent = await bench.createAndRun(rest, parentWorkflow(subId), 'Manual');
	const executions = async () => {
		const list = (await rest.request('GET', '/executions?limit=10')).json.data;
		return /** @type {any[]} */ (list.results ?? list);
	};
	const t0 = Date.now();
	let last = '';
	for (;;) {
		await new Promise((r) => setTimeout(r, 2000));
		const all = await executions();
		const line = all
			.map((x) => `${x.id}:${String(x.workflowId) === subId ? 'sub' : 'parent'}:${x.status}`)
			.join(' ');
		if (line !== last) console.log(`${((Date.now() - t0) / 1000).toFixed(0)} s ${line}`);
		last = line;
		const p = all.find((x) => String(x.id) === parent.executionId);
		if (p && !['new', 'running', 'waiting'].includes(p.status)) break;
		if (Date.now() - t0 > 6 * 60_000) break;
	}
	const { status, data } = await bench.runDataOf(rest, n8n, parent.executionId);
	const got = data.resultData.runData.Got?.[0]?.data?.main?.[0] ?? [];
	const subRun = (await executions()).find((x) => String(x.workflowId) === subId);
	const sub = (await bench.runDataOf(rest, n8n, subRun.id)).data;
	const checks = sub.resultData.runData['Check Calls'].map(
		(r) => `${(r.data.main[0] ?? []).length} ended/${(r.data.main[1] ?? []).length} pending`,
	);
	console.log(`sub-workflow ${subRun.status}: checks ${checks.join(', ')}`);
	console.log(
		`parent ${status}: ${got.length} items back: ${JSON.stringify(got.map((i) => (i.json.call_id ? `${i.json.callee_name} ${i.json.outcome}` : i.json)))}; dials ${sandbox.ledger.length}`,
	);
	await server.stop();
	await sandbox.close();
	fs.rmSync(userFolder, { recursive: true, force: true });
	process.exit(0);
})().catch(async (error) => {
	console.error(error);
	await env.stopChildren();
	process.exit(1);
});

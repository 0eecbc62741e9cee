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
const os = require('node:os');
const REPO = path.resolve(__dirname, '..');
const env = require(path.join(REPO, 'scripts/n8n-env.js'));
const { ensureN8n } = require(path.join(REPO, 'scripts/n8n-install.js'));
const { createSandbox, fixtures } = require(path.join(REPO, 'sandbox'));
const major = Number(process.argv[2] || 2);
const CALLING = 'n8n-nodes-voice-agent.voiceAgentCalling';
const CREDENTIAL = { id: 'vaSubCred0000001', name: 'Voice Agent (sub)' };
const node = (id, name, type, typeVersion, x, parameters, extra = {}) => ({
	id: `5ab00000-0000-4000-8000-0000000000${id}`,
	name,
	type,
	typeVersion,
	position: [x, 0],
	parameters,
	...extra,
});
const cred = { credentials: { voiceAgentApi: CREDENTIAL } };
const link = (to) => [{ node: to, type: 'main', index: 0 }];
(async () => {
	const sandbox = await createSandbox({ port: 0, clock: 'real', speed: 20, seed: 3 });
	const n8n = await ensureN8n({ major, log: () => undefined });
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), `sub-wait-${major}-`));
	const e = await env.freshN8nEnv({ userFolder, major, extra: env.NO_EDITOR });
	await env.installForSuite(userFolder);
	await env.importAll(n8n, e, {
		credentials: [env.sandboxCredential({ ...CREDENTIAL, baseUrl: sandbox.url })],
	});
	const server = await env.startN8n(n8n, e, {});
	const rest = env.restClient(Number(e.N8N_PORT));
	await rest.ownerLogin();
	const sub = {
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
				CALLING,
				1,
				200,
				{
					resource: 'call',
					operation: 'start',
					assistant: { __rl: true, mode: 'list', value: fixtures.AGENTS[0].id },
					name: '={{ $json.name }}',
					mobileNumber: '={{ $json.phone }}',
					fromNumber: { __rl: true, mode: 'list', value: fixtures.NUMBERS[0].number },
					variablesMode: 'none',
					missingVariables: 'ignore',
					callConfig: { scheduledAt: '={{ $json.at }}' },
				},
				cred,
			),
			node(
				12,
				'Check Calls',
				CALLING,
				1,
				400,
				{ resource: 'call', operation: 'checkCalls', maxWaitMinutes: 30 },
				cred,
			),
			node(13, 'Outcomes', 'n8n-nodes-base.noOp', 1, 600, {}),
			node(
				14,
				'Wait',
				'n8n-nodes-base.wait',
				1.1,
				600,
				{ amount: 66, unit: 'seconds' },
				{ webhookId: '5ab00000-1111-4000-8000-000000000001' },
			),
		],
		connections: {
			In: { main: [link('Start')] },
			Start: { main: [link('Check Calls')] },
			'Check Calls': { main: [link('Outcomes'), link('Wait')] },
			Wait: { main: [link('Check Calls')] },
		},
	};
	const subMade = await rest.request('POST', '/workflows', sub);
	const subId = subMade.json.data.id;
	const rows = `return [0,1,2,3,4].map(n => ({ json: { name: 'P'+n, phone: '+1415666'+String(n).padStart(2,'0')+(20+n), at: n === 4 ? new Date(Date.now() + 100000).toISOString() : '' } }));`;
	const parent = {
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
	const made = await rest.request('POST', '/workflows', parent);
	const id = made.json.data.id;
	const full = (await rest.request('GET', `/workflows/${id}`)).json.data;
	const run = await rest.request('POST', `/workflows/${id}/run`, {
		workflowData: full,
		triggerToStartFrom: { name: 'Manual' },
	});
	const execId = run.json?.data?.executionId;
	console.log('parent execution', execId, run.status, run.text.slice(0, 200));
	const t0 = Date.now();
	let last = '';
	for (;;) {
		await new Promise((r) => setTimeout(r, 2000));
		const list = (await rest.request('GET', `/executions?limit=10`)).json.data;
		const rowsOf = (list.results ?? list)
			.map((x) => `${x.id}:${x.workflowId === id ? 'parent' : 'sub'}:${x.status}`)
			.join(' ');
		if (rowsOf !== last) {
			console.log(((Date.now() - t0) / 1000).toFixed(0), 's', rowsOf);
			last = rowsOf;
		}
		const p = (list.results ?? list).find((x) => String(x.id) === String(execId));
		if (p && !['new', 'running', 'waiting'].includes(p.status)) break;
		if (Date.now() - t0 > 6 * 60_000) break;
	}
	const flatted = require(
		require.resolve('flatted', { paths: [path.join(n8n.dir, 'node_modules', 'n8n')] }),
	);
	const detail = (await rest.request('GET', `/executions/${execId}`)).json.data;
	const data = flatted.parse(detail.data);
	const got = data.resultData.runData.Got?.[0]?.data?.main?.[0] ?? [];
	const all = (await rest.request('GET', '/executions?limit=10')).json.data;
	const subRun = (all.results ?? all).find((x) => String(x.workflowId) === String(subId));
	const subDetail = (await rest.request('GET', `/executions/${subRun.id}`)).json.data;
	const subData = flatted.parse(subDetail.data);
	console.log(
		'sub Check Calls runs',
		subData.resultData.runData['Check Calls']
			.map((r) => `${(r.data.main[0] ?? []).length} ended/${(r.data.main[1] ?? []).length} pending`)
			.join(', '),
		'last node',
		subData.resultData.lastNodeExecuted,
	);
	console.log(
		'parent status',
		detail.status,
		'Got items',
		got.length,
		JSON.stringify(got.map((i) => i.json)).slice(0, 600),
		'error',
		data.resultData.error?.message,
	);
	console.log('dials', sandbox.ledger.length);
	await server.stop();
	await sandbox.close();
	fs.rmSync(userFolder, { recursive: true, force: true });
	process.exit(0);
})().catch(async (e) => {
	console.error(e);
	await env.stopChildren();
	process.exit(1);
});

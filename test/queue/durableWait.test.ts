/**
 * The durable wait in queue mode, with a crash in the middle of it: a webhook-started workflow
 * dials DURABLE_ROWS rows with Start, then Check Calls loops its Pending output through a Wait
 * node of 66 s (n8n saves the execution as waiting and the worker lets it go). While it waits,
 * the main, every worker and the webhook process are killed (-9) and started again; the
 * execution resumes on a worker and every call's outcome arrives once, no row dialled again.
 * Its own cluster (about two minutes a line):
 *   npm run test:queue [-- --n8n2] -- test/queue/durableWait.test.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { createSandbox, fixtures, type Sandbox } from '../../sandbox';
import { ensureN8n, type N8nInstall } from '../../scripts/n8n/install';
import { bound } from '../../lib/bounds';
import * as env from '../../scripts/n8n/env';
import { n8nRequest } from '../../scripts/n8n/rest';
import { parseFlatted } from '../helpers/flatted';
import { rowsStart } from '../helpers/startParams';
import { waitFor } from '../helpers/wait';
import { Cluster } from './cluster';
import { chain, node, webhook } from './workflows';

const MAJOR = process.env.N8N_MAJOR === '2' ? 2 : 1;
const CALLING = 'n8n-nodes-voice-agent.voiceAgentCalling';
const CREDENTIAL = { id: 'vaQueueCred00002', name: 'Voice Agent (queue sandbox)' };
const ROWS = Number(process.env.DURABLE_ROWS || 200);
const ID = 'qDurable';

/** Distinct numbers whose last two digits (20-59) make the sandbox's callee answer. */
const phone = (n: number) => `+14157${String(n).padStart(4, '0')}${20 + (n % 40)}`;

function workflow() {
	const credentials = { credentials: { voiceAgentApi: CREDENTIAL } };
	const link = (to: string) => [{ node: to, type: 'main', index: 0 }];
	return {
		id: ID,
		name: 'Queue durable wait',
		active: false,
		nodes: [
			webhook('q-durable', 'onReceived'),
			node('Rows', 'n8n-nodes-base.splitOut', 1, { fieldToSplitOut: 'body.rows', options: {} }),
			node(
				'Start',
				CALLING,
				1,
				rowsStart(fixtures.AGENTS[0].id, fixtures.NUMBERS[0].number, 'list'),
				credentials,
			),
			node(
				'Check Calls',
				CALLING,
				1,
				{ resource: 'call', operation: 'checkCalls', maxWaitMinutes: 30 },
				credentials,
			),
			node('Ended', 'n8n-nodes-base.noOp', 1, {}),
			node(
				'Wait',
				'n8n-nodes-base.wait',
				1.1,
				{ amount: 66, unit: 'seconds' },
				{ webhookId: 'd0d0d0d0-1111-4000-8000-000000000002' },
			),
		],
		connections: {
			...chain('Webhook', 'Rows', 'Start', 'Check Calls'),
			'Check Calls': { main: [link('Ended'), link('Wait')] },
			Wait: { main: [link('Check Calls')] },
		},
		settings: { executionOrder: 'v1' },
	};
}

let sandbox: Sandbox;
let n8n: N8nInstall;
let cluster: Cluster;
let userFolder: string;

const executions = async () =>
	(
		await cluster.sql(
			`select e.id, e.status, length(d.data) from execution_entity e join execution_data d on d."executionId" = e.id where e."workflowId" = '${ID}' order by e.id`,
		)
	).map(([id, status, size]) => ({ id, status, size: Number(size) }));

describe(`n8n ${MAJOR}.x queue mode: a durable wait through a crash`, () => {
	beforeAll(async () => {
		// Calls of 11-31 s: still open at the first check, however slow the machine, ended
		// before the second.
		sandbox = await createSandbox({ port: 0, clock: 'real', speed: 2, seed: 8 });
		n8n = await ensureN8n({ major: MAJOR, log: () => undefined });
		userFolder = mkdtempSync(path.join(tmpdir(), 'voice-agent-queue-durable-'));
		await env.installForSuite(userFolder);
		cluster = new Cluster({ n8n, userFolder, log: (line) => console.log(`[queue] ${line}`) });
		await cluster.startStores();
		await env.importAll(n8n, await cluster.cliEnv(), {
			credentials: [env.sandboxCredential({ ...CREDENTIAL, baseUrl: sandbox.url })],
			workflows: [workflow()],
		});
		await cluster.startMain();
		const rest = env.restClient(cluster.mainPort);
		await rest.ownerLogin();
		await env.activateInN8n(n8n, rest, ID, { log: () => cluster.main?.lines ?? [] });
		await cluster.startWorker();
		await cluster.startWebhook();
	}, bound('queueTest'));

	afterAll(async () => {
		if (cluster) await cluster.stop();
		await sandbox?.close();
		if (userFolder && !process.env.E2E_KEEP) rmSync(userFolder, { recursive: true, force: true });
	});

	test(`${ROWS} rows: every outcome once after kill -9 of every n8n process mid-wait, no row dialled again`, async () => {
		const rows = Array.from({ length: ROWS }, (_, n) => ({ name: `Row ${n}`, phone: phone(n) }));
		const answer = await n8nRequest(
			`http://127.0.0.1:${cluster.webhooks[0].port}/webhook/q-durable`,
			'POST',
			{ 'content-type': 'application/json' },
			JSON.stringify({ rows }),
		);
		expect(answer.status).toBe(200);
		await waitFor(
			'the execution to be saved as waiting',
			async () => (await executions())[0]?.status === 'waiting',
			bound('event'),
		);
		const [waiting] = await executions();
		// The worker lets the job go (it says so just after the status is saved): no process
		// runs the execution while it waits.
		await waitFor(
			'the worker to finish its part of the execution',
			() => Cluster.workerRan(cluster.workers, waiting.id).finished.length === 1,
			bound('event'),
		);
		expect((await executions())[0].status).toBe('waiting');
		const dialled = sandbox.ledger.length;
		expect(dialled).toBe(ROWS);

		// A crash of everything, in the middle of the wait.
		for (const proc of [cluster.main!, ...cluster.workers, ...cluster.webhooks])
			await cluster.kill9(proc);
		cluster.workers = [];
		cluster.webhooks = [];
		expect((await executions())[0].status).toBe('waiting');
		await cluster.startMain();
		await cluster.startWorker();

		await waitFor(
			'the execution to end after the restart',
			async () => !['new', 'running', 'waiting'].includes((await executions())[0].status),
			bound('queueTest'),
		);
		const [done] = await executions();
		expect(done.status).toBe('success');
		expect(sandbox.ledger.length).toBe(dialled);

		const rest = env.restClient(cluster.mainPort);
		await rest.ownerLogin();
		const detail = await rest.request('GET', `/executions/${done.id}`);
		const runData = parseFlatted(n8n.dir, detail.json.data.data).resultData.runData;
		const checks = runData['Check Calls'] as any[];
		const ended = checks.flatMap((run) => (run.data.main[0] ?? []).map((i: any) => i.json));
		expect(ended.map((e) => e.call_id).sort()).toEqual(
			sandbox.ledger.map((l: any) => l.call_id).sort(),
		);
		expect(ended.every((e) => e.timed_out === false && e.row.call_id === e.call_id)).toBe(true);
		const outcomes = JSON.stringify(ended).length;
		console.log(
			`n8n ${MAJOR}.x queue mode: ${ROWS} calls, ${checks.length} checks, resumed after kill -9 of main, worker and webhook process; stored execution ${done.size} bytes, ${(done.size / outcomes).toFixed(2)} x the outcomes (${outcomes} bytes as JSON)`,
		);
		expect(done.size).toBeLessThan(2 * outcomes);
	});
});

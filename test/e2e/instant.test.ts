/**
 * End to end: the instant trigger in a real n8n (`n8n start`, production webhook URL), the
 * sandbox pushing real event deliveries to it. Run with
 * `npm run test:e2e -- -t 'Instant'` (`-- --n8n2` for n8n 2.x).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { createSandbox, fixtures, type Sandbox } from '../../sandbox';
import { ensureN8n, type N8nInstall } from '../../scripts/n8n/install';
import { bound } from '../../lib/bounds';
import * as env from '../../scripts/n8n/env';
import { n8nRequest } from '../../scripts/n8n/rest';
import { runFailure, runWorkflow } from '../helpers/n8nRunner';
import { EVENT_TYPES } from '../helpers/events';
import { withN8nLog } from '../helpers/n8nLog';

const REPO = path.resolve(__dirname, '../..');
const MAJOR = process.env.N8N_MAJOR === '2' ? 2 : 1;
const PKG = 'n8n-nodes-voice-agent';
const INSTANT = `${PKG}.voiceAgentInstantTrigger`;
const CALLING = `${PKG}.voiceAgentCalling`;
const CREDENTIAL = { id: 'vaSandboxCred001', name: 'Voice Agent (local sandbox)' };
const AGENT = fixtures.AGENTS[0].id;
const FROM = fixtures.NUMBERS[0].number;
const SECRET = 'e2e-instant-secret-0123456789';
const WEBHOOK_ID = '6d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
const WEBHOOK_ALL = '6d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d7';
/**
 * Another integration's subscription (every event type, a header, PUT), set before
 * activation: it must survive it all, exactly as stored. Its receiver does not listen; the
 * sandbox's ledger keeps the payloads it tried to send.
 */
const OTHERS = [
	{
		event_type: EVENT_TYPES,
		callback_url: 'http://127.0.0.1:9/other/events',
		headers: { 'X-Team': 'analytics' },
		method_type: 'PUT',
	},
];
/** One whose secret the service shows masked: registering must refuse, and keep it. */
const WITH_AUTH = {
	event_type: 'call_completed',
	callback_url: 'http://127.0.0.1:9/crm/hook',
	headers: { Authorization: 'Bearer crm-token-123' },
	method_type: 'POST',
};

/** A publication that ended, well or not (n8n 2.x). */
const PUBLISHED = ['published', 'partial', 'failed'];
/** Execution states that are not over yet. */
const RUNNING = ['new', 'running', 'waiting'];

const declared = new Set<string>(
	env.declaredNodeTypes(JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8'))),
);
const forNode = (type: string) => (declared.has(type) ? test : test.skip);

function instantWorkflow() {
	const wf = JSON.parse(
		readFileSync(path.join(REPO, 'examples', 'instant-call-ended.json'), 'utf8'),
	);
	wf.id = 'e2eInstant';
	wf.name = 'E2E instant trigger';
	const trigger = wf.nodes.find((n: any) => n.type === INSTANT);
	trigger.webhookId = WEBHOOK_ID;
	Object.assign(trigger.parameters, {
		secret: SECRET,
		events: ['all_processing_completed', 'call_completed'],
		// Deliveries never sweep here (the first sweep is the baseline at activation); the
		// test asks for one, and a call is judged as soon as the sweep sees it.
		safetyNetOptions: { sweepMinutes: 60, graceMinutes: 0 },
	});
	return wf;
}

/** Every event type, no registration: each payload as the service delivers it. */
function allEventsWorkflow() {
	const wf = instantWorkflow();
	wf.id = 'e2eInstantAll';
	wf.name = 'E2E instant trigger, every event';
	const trigger = wf.nodes.find((n: any) => n.type === INSTANT);
	trigger.webhookId = WEBHOOK_ALL;
	Object.assign(trigger.parameters, {
		events: EVENT_TYPES,
		registerOnAssistant: false,
		safetyNet: false,
	});
	return wf;
}

const startWorkflow = {
	id: 'e2eInstantStart',
	name: 'E2E instant: start a call',
	active: false,
	nodes: [
		{
			id: '7e2f3a4b-0000-4000-8000-000000000001',
			name: 'Manual Trigger',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{
			id: '7e2f3a4b-0000-4000-8000-000000000002',
			name: 'Start',
			type: CALLING,
			typeVersion: 1,
			position: [220, 0],
			credentials: { voiceAgentApi: CREDENTIAL },
			parameters: {
				resource: 'call',
				operation: 'start',
				assistant: { __rl: true, mode: 'id', value: AGENT },
				name: 'Ivy Instant',
				mobileNumber: '+14155550155',
				fromNumber: { __rl: true, mode: 'number', value: FROM },
				variablesMode: 'json',
				variablesJson: '{"clinic": "Sunrise Clinic", "date": "June 9", "time": "12:00"}',
			},
		},
	],
	connections: {
		'Manual Trigger': { main: [[{ node: 'Start', type: 'main', index: 0 }]] },
	},
	settings: { executionOrder: 'v1' },
};

let sandbox: Sandbox;
let n8n: N8nInstall;
let n8nEnv: NodeJS.ProcessEnv;
let userFolder: string;
const figures: string[] = [];
/** How long each wait took: where a slow machine spends the suite's time. */
const waits: string[] = [];

/** n8n's environment on two fresh free ports (web, task broker): other suites run beside. */
async function freshEnv() {
	return env.freshN8nEnv({ userFolder, major: MAJOR, extra: { ...env.NO_EDITOR } });
}

const api = async (method: string, route: string, body?: unknown) =>
	await fetch(sandbox.url + route, {
		method,
		headers: { 'X-API-KEY': sandbox.apiKey, 'Content-Type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	}).then(async (r) => (await r.json()) as any);
/** The list as the service shows it (secrets masked), and as it holds it. */
const subscriptions = async () => {
	const agent = (await api('GET', `/agent/${AGENT}`)).agents;
	return agent.version_details[agent.active_agent_version_id].event_subscriptions;
};
const storedSubscriptions = () => sandbox.store.agents.get(AGENT).versions[0].event_subscriptions;

beforeAll(async () => {
	sandbox = await createSandbox({ port: 0, clock: 'real', speed: 20, seed: 3 });
	n8n = await ensureN8n({ major: MAJOR, log: () => undefined });
	userFolder = mkdtempSync(path.join(tmpdir(), 'voice-agent-e2e-instant-'));
	n8nEnv = await freshEnv();
	await env.installForSuite(userFolder);
	await env.importAll(n8n, n8nEnv, {
		credentials: [env.sandboxCredential({ ...CREDENTIAL, baseUrl: sandbox.url })],
		workflows: [instantWorkflow(), allEventsWorkflow(), startWorkflow],
	});
});

afterAll(async () => {
	await sandbox?.close();
	if (userFolder && !process.env.E2E_KEEP) rmSync(userFolder, { recursive: true, force: true });
	console.log(
		`n8n ${n8n?.version}, instant trigger:\n  ${figures.join('\n  ')}\n  waits: ${waits.join(', ')}`,
	);
});

describe(`n8n ${MAJOR}.x instant trigger`, () => {
	forNode(INSTANT)(
		'Instant trigger: registers beside another subscription, fires on a call started through the package, one execution per event of each payload type, emits duplicates once, refuses a missing secret, catches a dropped delivery, remembers across a restart, unregisters and registers again keeping the other subscription, refuses beside an Authorization header',
		async () => {
			await api('PATCH', '/agent/v1', {
				operation: 'edit_event_subscriptions',
				agent_id: AGENT,
				event_subscriptions: OTHERS,
			});
			const port = Number(n8nEnv.N8N_PORT);
			const url = `http://localhost:${port}/webhook/${WEBHOOK_ID}/events`;
			const urlAll = `http://localhost:${port}/webhook/${WEBHOOK_ALL}/events`;
			// Our entry: the bare URL, the secret in a header.
			const ours = {
				event_type: ['all_processing_completed', 'call_completed'],
				callback_url: url,
				headers: { 'x-voice-agent-secret': SECRET },
				method_type: 'POST',
			};
			// The subscription holds n8n's URL, made from the port set before the start: only the
			// broker's port may move if found taken (n8n's own is named in the error then).
			let server = await env.startN8n(n8n, n8nEnv, { movable: ['N8N_RUNNERS_BROKER_PORT'] });
			try {
				let rest = env.restClient(port);
				await rest.ownerLogin();
				// Activated as the editor does. n8n 2.x publishes in the background: a delivery
				// served before the publication saved its static data (registration, sweep cursor)
				// would lose it, so this waits until it has.
				for (const id of ['e2eInstant', 'e2eInstantAll']) await env.activateInN8n(n8n, rest, id);

				// Activation added our entry and kept the other one exactly as stored.
				expect(storedSubscriptions()).toEqual([...OTHERS, ours]);
				expect(await subscriptions()).toEqual([
					...OTHERS,
					{ ...ours, headers: { 'x-voice-agent-secret': `${SECRET.slice(0, 4)}***` } },
				]);

				// Two copies of call_completed, and the processing event lost for good.
				// (times 2: the other subscriber's copy is dispatched first, then ours)
				sandbox.setDeliveryFaults([
					{ event: 'call_completed', action: 'duplicate', times: 2 },
					{ event: 'all_processing_completed', action: 'drop', times: 2 },
				]);
				// Run in this n8n, as the editor runs it (no second n8n starting beside it).
				const started = await runWorkflow(n8n, rest, 'e2eInstantStart');
				if (!started.succeeded) throw new Error(runFailure('e2eInstantStart', started));
				const callId = env.nodeOutput(started.data, 'Start')![0].call_id as string;

				const executions = async () => {
					const r = await rest.request(
						'GET',
						`/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: 'e2eInstant' }))}`,
					);
					expect(r.status).toBe(200);
					const list = (r.json.data.results ?? r.json.data) as any[];
					return list.sort((a, b) => Number(a.id) - Number(b.id));
				};
				/** At least n executions, all over (an execution's data is complete only then). */
				const settled = async (list: () => Promise<any[]>, n: number) =>
					await waitFor(
						`${n} finished execution(s)`,
						async () => {
							const all = await list();
							return all.length >= n && all.every((e) => !RUNNING.includes(e.status));
						},
						bound('event'),
						async () => JSON.stringify((await list()).map((e) => [e.id, e.status])),
					);
				const items = async (execution: any) => {
					const detail = await rest.request('GET', `/executions/${execution.id}`);
					const runData = parseFlatted(detail.json.data.data).resultData.runData;
					return runData['When a call ends'][0].data.main[0].map((i: any) => i.json);
				};

				await waitFor('the call to end', () =>
					['completed', 'failed', 'error'].includes(sandbox.call(callId)!.status),
				);
				await waitFor('the processing event (dropped)', () =>
					sandbox.deliveries.some(
						(d: any) => d.call_id === callId && d.event_type === 'all_processing_completed',
					),
				);
				await sandbox.flushDeliveries();
				const copies = sandbox.deliveries.filter(
					(d: any) => d.call_id === callId && d.event_type === 'call_completed' && d.url === url,
				);
				expect(copies.map((d: any) => [d.duplicate, d.state, d.attempts.at(-1)?.status])).toEqual([
					[false, 'delivered', 200],
					[true, 'delivered', 200],
				]);
				// What the trigger answered says which copy started an execution: one of the two
				// (they are sent at the same moment, either may be first).
				expect(copies.map((d: any) => d.attempts.at(-1)?.answer).sort()).toEqual([
					'{"received":true,"duplicate":true}',
					'{"received":true}',
				]);
				await settled(executions, 1);
				const afterDeliveries = await executions();
				figures.push(`executions from the two copies: ${afterDeliveries.length}`);
				const post = async (
					query: string,
					headers: Record<string, string>,
					body: unknown,
					to = url,
				) => {
					// Sent again while n8n answers 503 (its database check failed): no workflow ran.
					const answer = await n8nRequest(
						to + query,
						'POST',
						{ 'content-type': 'application/json', ...headers },
						JSON.stringify(body),
					);
					return {
						status: answer.status,
						json: async () => answer.json,
						text: async () => answer.text,
					};
				};

				// The service retries the delivery once everything is done: the memory n8n saved
				// with the first request answers it (nothing starts).
				const memoryEntries = async () => {
					const saved = await rest.request('GET', '/workflows/e2eInstant');
					const nodeData = (saved.json.data.staticData ?? {})['node:When a call ends'] ?? {};
					return {
						memory: Object.keys(nodeData.memory ?? {}).length,
						cursor: nodeData.sweep?.cursor !== undefined,
					};
				};
				const afterFirst = await memoryEntries();
				figures.push(`static data after the first execution: ${JSON.stringify(afterFirst)}`);
				const retry = async (to: string) => {
					const r = await post('', { 'x-voice-agent-secret': SECRET }, copies[0].body, to);
					expect(r.status).toBe(200);
					return await r.json();
				};
				const retried = await retry(url);
				figures.push(`the delivery again, later: ${JSON.stringify(retried)}`);
				expect(afterDeliveries).toHaveLength(1);
				expect(retried).toEqual({ received: true, duplicate: true });
				expect(afterFirst.memory).toBeGreaterThanOrEqual(1);
				const [first] = afterDeliveries;
				expect(await items(first)).toEqual([
					expect.objectContaining({
						event_type: 'call_completed',
						call_id: callId,
						source: 'event',
						status: sandbox.call(callId)!.status,
					}),
				]);
				// Every payload the service sends for this call (the other subscriber's copies),
				// delivered twice to a trigger of every event type: one execution each, and a
				// call_completed with status "retry" before the final one is its own event.
				await waitFor('the six payloads', () =>
					EVENT_TYPES.every((t) =>
						sandbox.deliveries.some(
							(d: any) =>
								d.call_id === callId && d.event_type === t && d.url === OTHERS[0].callback_url,
						),
					),
				);
				const payload = (t: string) =>
					sandbox.deliveries.find(
						(d: any) =>
							d.call_id === callId && d.event_type === t && d.url === OTHERS[0].callback_url,
					)!.body;
				const retryAttempt = {
					...payload('call_completed'),
					status: 'retry',
					sub_status: 'RETRY_SCHEDULED',
				};
				const bodies = [
					payload('call_started'),
					retryAttempt,
					...EVENT_TYPES.slice(1).map(payload),
				];
				const answers: unknown[] = [];
				for (const body of bodies) {
					for (let copy = 0; copy < 2; copy++) {
						const r = await post('', { 'x-voice-agent-secret': SECRET }, body, urlAll);
						expect(r.status).toBe(200);
						answers.push(await r.json());
					}
				}
				// Each first copy started an execution, each second one did not.
				expect(answers).toEqual(
					bodies.flatMap(() => [{ received: true }, { received: true, duplicate: true }]),
				);
				const allRuns = async () => {
					const r = await rest.request(
						'GET',
						`/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: 'e2eInstantAll' }))}`,
					);
					expect(r.status).toBe(200);
					return (r.json.data.results ?? r.json.data) as any[];
				};
				await settled(allRuns, bodies.length);
				const perEvent = [];
				for (const run of (await allRuns()).sort((a, b) => Number(a.id) - Number(b.id)))
					perEvent.push(
						...(await items(run)).map((i: any) => `${i.event_type}:${i.status ?? '-'}`),
					);
				expect(perEvent).toEqual([
					'call_started:registered',
					'call_completed:retry',
					'call_completed:completed',
					'recording_completed:-',
					'platform_analysis_completed:completed',
					'client_analysis_completed:completed',
					'all_processing_completed:completed',
				]);

				// Latency: from the moment the call ended (sandbox clock, back to wall time) to
				// the moment n8n started the execution.
				const offset = sandbox.store.now() - Date.now();
				const endedAt = Date.parse(copies[0].created_at) - offset;
				const latencyMs = Date.parse(first.startedAt) - endedAt;
				// A figure, not an assertion: timings depend on the machine (1.x ~0.2 s, 2.x ~1.4 s here).
				figures.push(`call end -> execution started: ${latencyMs} ms`);

				// No secret, a wrong one: 401 and nothing starts.
				const forged = {
					event_type: 'call_completed',
					call_id: '00000000-0000-4000-8000-00000000dead',
					agent_id: AGENT,
					status: 'completed',
					attempts: 1,
				};
				expect((await post('', {}, forged)).status).toBe(401);
				expect((await post('?secret=wrong-secret-0123456789', {}, forged)).status).toBe(401);
				expect(
					(await post('', { 'x-voice-agent-secret': 'wrong-secret-0123456789' }, forged)).status,
				).toBe(401);

				// The safety net: the dropped call is emitted by a sweep, once.
				const sweep = await post('?sweep=1', { 'x-voice-agent-secret': SECRET }, {});
				const sweepText = await sweep.text();
				figures.push(`first sweep answered ${sweep.status} ${sweepText}`);
				expect(sweep.status).toBe(200);
				expect(JSON.parse(sweepText)).toEqual({ received: true, swept: 1 });
				const again = await post('?sweep=1', { 'x-voice-agent-secret': SECRET }, {});
				expect(again.status).toBe(200);
				expect(await again.json()).toEqual({ received: true, swept: 0 });
				await settled(executions, 2);
				const all = await executions();
				expect(all).toHaveLength(2);
				expect(await items(all[1])).toEqual([
					expect.objectContaining({
						event_type: 'all_processing_completed',
						call_id: callId,
						source: 'safety_net',
						transcript_text: expect.stringContaining('Ivy Instant'),
					}),
				]);

				// The memory is in the workflow's static data (saved by n8n for webhook requests).
				const saved = await rest.request('GET', '/workflows/e2eInstant');
				const staticData = saved.json.data.staticData ?? {};
				const nodeData = staticData['node:When a call ends'] ?? {};
				figures.push(
					`static data after the run: ${Object.keys(nodeData.memory ?? {}).length} memory entries, sweep cursor ${nodeData.sweep?.cursor ? 'saved' : 'missing'}`,
				);
				expect(Object.keys(nodeData.memory ?? {}).length).toBe(2);
				expect(nodeData.sweep?.cursor).toBeDefined();

				// A restart on fresh ports: the memory and the sweep cursor come back from the
				// database; the old delivery and a sweep emit nothing. n8n 1.x activates again at
				// startup and moves the subscription to the new URL; 2.41.1 leaves it as it was.
				await server.stop();
				n8nEnv = await freshEnv();
				const port2 = Number(n8nEnv.N8N_PORT);
				const url2 = `http://localhost:${port2}/webhook/${WEBHOOK_ID}/events`;
				server = await env.startN8n(n8n, n8nEnv, { movable: ['N8N_RUNNERS_BROKER_PORT'] });
				rest = env.restClient(port2);
				await rest.ownerLogin();
				await env.publicationSettled(n8n, rest, 'e2eInstant', { until: PUBLISHED });
				expect(storedSubscriptions()).toEqual([
					...OTHERS,
					{ ...ours, callback_url: MAJOR === 1 ? url2 : url },
				]);
				const retriedAfterRestart = await retry(url2);
				figures.push(`the delivery again, after a restart: ${JSON.stringify(retriedAfterRestart)}`);
				expect(retriedAfterRestart).toEqual({ received: true, duplicate: true });
				const sweepAfterRestart = await post(
					'?sweep=1',
					{ 'x-voice-agent-secret': SECRET },
					{},
					url2,
				);
				expect(await sweepAfterRestart.json()).toEqual({ received: true, swept: 0 });
				expect(await executions()).toHaveLength(2);

				// Deactivation removes our entry and nothing else; reactivation adds it back.
				const workflowVersion = async () =>
					(await rest.request('GET', '/workflows/e2eInstant')).json.data.versionId as string;
				const activate = async () =>
					await rest.request('POST', '/workflows/e2eInstant/activate', {
						versionId: await workflowVersion(),
					});
				const deactivate = async () =>
					await rest.request('POST', '/workflows/e2eInstant/deactivate', {});
				// Each is applied when n8n says so: at once on 1.x, by its publication on 2.x.
				const applied = async () => await env.publicationSettled(n8n, rest, 'e2eInstant');
				expect((await deactivate()).status).toBe(200);
				await applied();
				expect(storedSubscriptions()).toEqual(OTHERS);
				expect((await activate()).status).toBe(200);
				expect(await applied()).toBe(MAJOR === 2 ? 'published' : undefined);
				expect(storedSubscriptions()).toEqual([...OTHERS, { ...ours, callback_url: url2 }]);
				expect((await deactivate()).status).toBe(200);
				await applied();
				expect(storedSubscriptions()).toEqual(OTHERS);

				// A subscription with an Authorization header reads back masked: activation refuses
				// (saying what to set by hand), every time, and it keeps its real secret.
				await api('PATCH', '/agent/v1', {
					operation: 'edit_event_subscriptions',
					agent_id: AGENT,
					event_subscriptions: [...OTHERS, WITH_AUTH],
				});
				// Reads and writes of the assistant, counted (a 'pass' rule fires on each).
				sandbox.setFaults([
					{ endpoint: 'GET /agent/{agent_id}', action: 'pass' },
					{ endpoint: 'PATCH /agent/v1', action: 'pass' },
				]);
				const fired = (n: number) => Number((sandbox.faults.describe() as any).rules[n].fired);
				const refusal = 'not activated, to keep another subscription';
				const logged = () => server.log().split(refusal).length - 1;
				for (let round = 0; round < 2; round++) {
					const reads = fired(0);
					const before = logged();
					const refused = await activate();
					figures.push(
						`activation beside an Authorization header: ${refused.status} ${refused.text.slice(0, 120)}`,
					);
					if (refused.status === 200) {
						// n8n 2.x publishes in the background, retries, then logs the refusal.
						expect(await applied()).toBe('failed');
						expect(fired(0)).toBeGreaterThan(reads);
						await waitFor('the refusal in the n8n log', () => logged() > before);
					} else {
						expect(refused.text).toContain(refusal);
					}
					expect(fired(1)).toBe(0);
					expect(storedSubscriptions()).toEqual([...OTHERS, WITH_AUTH]);
					await deactivate();
					await applied();
					expect(storedSubscriptions()).toEqual([...OTHERS, WITH_AUTH]);
				}
				sandbox.setFaults(null);
			} catch (error) {
				throw withN8nLog(error, server.log());
			} finally {
				await server.stop();
				sandbox.setDeliveryFaults(null);
			}
		},
	);
});

/** n8n stores execution data with `flatted`; its own copy reads it. */
function parseFlatted(text: string) {
	const flatted = require(
		require.resolve('flatted', { paths: [path.join(n8n.dir, 'node_modules', 'n8n')] }),
	);
	return flatted.parse(text);
}

/** Polls `check`; on a timeout says what it last saw (`seen`). Records how long it took. */
async function waitFor(
	what: string,
	check: () => boolean | Promise<boolean>,
	timeoutMs = bound('event'),
	seen?: () => string | Promise<string>,
) {
	const started = Date.now();
	while (!(await check())) {
		if (Date.now() - started > timeoutMs)
			throw new Error(
				`timed out after ${timeoutMs} ms waiting for ${what}${seen ? ` (last seen: ${await seen()})` : ''}`,
			);
		await new Promise((r) => setTimeout(r, 250));
	}
	waits.push(`${what} ${Date.now() - started} ms`);
}

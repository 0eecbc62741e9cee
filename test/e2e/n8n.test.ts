/**
 * End to end: the packed package installed into a real n8n (as a user installs it), its
 * workflows created, run and the trigger activated in one `n8n start` as the editor does
 * (test/helpers/n8nRunner.ts), all against the local sandbox. Run with `npm run test:e2e`
 * (`-- --n8n2` for n8n 2.x).
 */
import { existsSync, readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { createSandbox, fixtures, type Sandbox } from '../../sandbox';
import { ensureN8n, type N8nInstall } from '../../scripts/n8n/install';
import { bound } from '../../lib/bounds';
import * as env from '../../scripts/n8n/env';
import { stopwatch } from '../helpers/timings';
import { parseCsv, unzip } from '../sandbox/helpers';
import { locator, VAD_FIELDS, VAD_SETTINGS } from '../helpers/fixtures';
import { executionsOf, n8nRunner, runFailure, type Imports } from '../helpers/n8nRunner';
import { morePolls, settle, waitFor } from '../helpers/wait';
import { withN8nLog } from '../helpers/n8nLog';

const REPO = path.resolve(__dirname, '../..');
const MAJOR = process.env.N8N_MAJOR === '2' ? 2 : 1;
const PKG = 'n8n-nodes-voice-agent';
const CALLING = `${PKG}.voiceAgentCalling`;
const ASSISTANT = `${PKG}.voiceAgentAssistant`;
const WORKSPACE = `${PKG}.voiceAgentWorkspace`;
const CAMPAIGN = `${PKG}.voiceAgentCampaign`;
const TRIGGER = `${PKG}.voiceAgentTrigger`;
const ANALYTICS = `${PKG}.voiceAgentAnalytics`;

const CREDENTIAL = { id: 'vaSandboxCred001', name: 'Voice Agent (local sandbox)' };
const CREDENTIALS = { voiceAgentApi: CREDENTIAL };

const AGENT_1 = fixtures.AGENTS[0].id;
const AGENT_2 = fixtures.AGENTS[1].id;
const FROM = fixtures.NUMBERS[0].number;
const NUMBER_2 = fixtures.NUMBERS[1].id;
const NUMBER_3 = fixtures.NUMBERS[2].id;
const KB_2 = fixtures.KNOWLEDGE_BASES[1].id;
const KB_3 = fixtures.KNOWLEDGE_BASES[2].id;
const VOICE_KABIR = fixtures.VOICES[1].id;
const LIST_1 = fixtures.CONTACT_LISTS[0].id;
/**
 * Polls without an emission after the one that emitted, before "exactly once" holds: the
 * example polls every minute, as shipped.
 */
const QUIET_POLLS = 1;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The node types package.json declares, and where each one's e2e steps are: a test of this
 * file declares its node with forNode; a node tested in a file of its own is in ELSEWHERE.
 * "every node package.json declares has its e2e step" fails for a node in neither, so a new
 * node cannot pass without one, and for a step of a node package.json does not declare.
 */
const declared = new Set<string>(
	env.declaredNodeTypes(JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8'))),
);
const stepped = new Set<string>();
const ELSEWHERE: Record<string, string> = {
	[`${PKG}.voiceAgentKnowledgeBase`]: 'knowledgeBase.test.ts',
	[`${PKG}.voiceAgentInstantTrigger`]: 'instant.test.ts',
};
const forNode = (type: string) => {
	stepped.add(type);
	return test;
};

interface Step {
	name: string;
	type: string;
	parameters: Record<string, unknown>;
	/** Run once for the first input item (later steps get many items from earlier ones). */
	once?: boolean;
	continueOnFail?: boolean;
}

const typeVersion = (type: string) => (type === 'n8n-nodes-base.set' ? 3.4 : 1);

/** A workflow: Manual Trigger -> steps, one after another. */
function chain(id: string, name: string, steps: Step[]) {
	const trigger = {
		id: uuidFor(id, 0),
		name: 'Manual Trigger',
		type: 'n8n-nodes-base.manualTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const nodes = [
		trigger,
		...steps.map((s, n) => ({
			id: uuidFor(id, n + 1),
			name: s.name,
			type: s.type,
			typeVersion: typeVersion(s.type),
			position: [(n + 1) * 220, 0],
			parameters: s.parameters,
			...(s.type.startsWith(PKG) ? { credentials: CREDENTIALS } : {}),
			...(s.once ? { executeOnce: true } : {}),
			...(s.continueOnFail ? { onError: 'continueRegularOutput' } : {}),
		})),
	];
	const connections: Record<string, unknown> = {};
	for (let n = 0; n < nodes.length - 1; n++) {
		connections[nodes[n].name] = { main: [[{ node: nodes[n + 1].name, type: 'main', index: 0 }]] };
	}
	return { id, name, active: false, nodes, connections, settings: { executionOrder: 'v1' } };
}

/**
 * The durable wait's loop as a user wires it: rows -> Start -> Check Calls; its Pending output
 * through a Wait node back into it, its Ended output to a node of its own. (A Wait of 2 s stays
 * in memory; bench/waitLoop.js measures the saved waits of a minute or more.)
 */
function checkCallsWorkflow() {
	const id = 'e2eCheckCalls';
	const wf = chain(id, 'E2E Check Calls loop', [
		{
			name: 'Rows',
			type: 'n8n-nodes-base.code',
			parameters: {
				jsCode:
					"return [['Ada Lovelace', '+14155550181'], ['Alan Turing', '+14155550182'], ['Grace Hopper', '+14155550183']].map(([name, phone]) => ({ json: { name, phone } }));",
			},
		},
		startNode({
			name: '={{ $json.name }}',
			mobileNumber: '={{ $json.phone }}',
			variablesMode: 'json',
			variablesJson: '{"clinic": "Sunrise Clinic", "date": "June 8", "time": "11:00"}',
		}),
		{
			name: 'Check Calls',
			type: CALLING,
			parameters: { resource: 'call', operation: 'checkCalls', maxWaitMinutes: 10 },
		},
		{ name: 'Ended', type: 'n8n-nodes-base.noOp', parameters: {} },
	]);
	const wait = {
		id: uuidFor(id, 9),
		name: 'Wait',
		type: 'n8n-nodes-base.wait',
		typeVersion: 1.1,
		position: [880, 200],
		parameters: { resume: 'timeInterval', amount: 2, unit: 'seconds' },
	};
	wf.nodes.push(wait as (typeof wf.nodes)[number]);
	const link = (node: string) => [{ node, type: 'main', index: 0 }];
	wf.connections['Check Calls'] = { main: [link('Ended'), link('Wait')] };
	wf.connections.Wait = { main: [link('Check Calls')] };
	return wf;
}

function uuidFor(id: string, n: number) {
	const hex = Buffer.from(id).toString('hex').padEnd(20, '0').slice(0, 20);
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${String(n).padStart(12, '0')}`;
}

const examples = readdirSync(path.join(REPO, 'examples'))
	.filter((f) => f.endsWith('.json'))
	.map((f) => JSON.parse(readFileSync(path.join(REPO, 'examples', f), 'utf8')));
const example = (id: string) => {
	const found = examples.find((w) => w.id === id);
	if (!found) throw new Error(`no example workflow with id ${id}`);
	return found;
};

// ---------------------------------------------------------------------------------------

let sandbox: Sandbox;
let n8n: N8nInstall;
let n8nEnv: NodeJS.ProcessEnv;
let userFolder: string;
const timings: string[] = [];

const timed = stopwatch(timings);

const runner = n8nRunner(() => ({
	n8n,
	n8nEnv,
	imports: () => ({
		credentials: [env.sandboxCredential({ ...CREDENTIAL, baseUrl: sandbox.url })],
		workflows: [
			...examples,
			workflows.calling,
			workflows.checkCalls,
			workflows.badInput,
			workflows.missingVariables,
			assistantWorkflow,
			lifeWorkflow,
			workspaceWorkflow,
			liveReadsWorkflow,
			campaignWorkflow,
			analyticsWorkflow,
			featuresWorkflow,
			apiKeyWorkflow,
			triggerWorkflow(),
		] as Imports['workflows'],
	}),
}));

/**
 * Until no call of an earlier run changes within the next two minutes (the sandbox's clock is
 * the real one, its ringing, talking and retry delays divided by its speed: seconds). The runs
 * follow each other at once, and the checks after a run read the sandbox: a call ending
 * between the two would differ. A call scheduled later than that does not count.
 */
async function callsSettled() {
	const moving = () =>
		(sandbox.store.calls as any[]).filter(
			(c) => c.next_event_at !== null && c.next_event_at <= sandbox.now() + 2 * 60_000,
		).length;
	await waitFor('the calls of earlier runs to settle', () => moving() === 0, bound('event'));
}

/** Runs a workflow and returns its run data; fails with n8n's error otherwise. */
async function execute(id: string, expectFailure = false) {
	await callsSettled();
	const result = await timed(`run ${id}`, () => runner.run(id));
	if (!expectFailure && !result.succeeded)
		throw withN8nLog(new Error(runFailure(id, result)), runner.log());
	return result;
}

const out = (data: unknown, node: string) => env.nodeOutput(data, node) as any[];

/** A Start node: the first seeded assistant, called from FROM, with these parameters. */
const startNode = (parameters: Record<string, unknown>) => ({
	name: 'Start',
	type: CALLING,
	parameters: {
		resource: 'call',
		operation: 'start',
		assistant: locator(AGENT_1),
		fromNumber: locator(FROM, 'number'),
		...parameters,
	},
});

/** A Cancel Queued node (run once) cancelling the campaign picked as `campaign`. */
const cancelByCampaign = (name: string, campaign: object) => ({
	name,
	type: CALLING,
	once: true,
	parameters: {
		resource: 'call',
		operation: 'cancelQueued',
		cancelBy: 'campaign',
		cancelCampaign: campaign,
	},
});

/** All calls the sandbox holds, newest first (as the history lists them). */
const callsNewestFirst = () =>
	[...sandbox.store.calls].sort((a: any, b: any) => b.created_at - a.created_at);

const workflows = {
	calling: chain('e2eCalling', 'E2E Calling', [
		startNode({
			name: 'Ada Lovelace',
			mobileNumber: '+14155550142',
			variablesMode: 'json',
			variablesJson: '{"clinic": "Sunrise Clinic", "date": "June 6", "time": "10:30"}',
			waitForCompletion: true,
			waitOptions: { pollIntervalSeconds: 2, maxWaitSeconds: 120, includeAnalysis: true },
		}),
		{
			name: 'Get',
			type: CALLING,
			parameters: {
				resource: 'call',
				operation: 'get',
				callId: '={{ $json.call_id }}',
				includeAnalysis: true,
			},
		},
		{
			name: 'Get Many',
			type: CALLING,
			parameters: {
				resource: 'call',
				operation: 'getMany',
				returnAll: false,
				limit: 5,
				filters: { status: 'completed' },
			},
		},
		{
			name: 'Export File',
			type: CALLING,
			once: true,
			parameters: {
				resource: 'call',
				operation: 'exportHistory',
				delivery: 'file',
				binaryPropertyName: 'history',
				filters: { status: 'completed', agentIds: [AGENT_1] },
				options: { maxRecords: 50 },
			},
		},
		{
			name: 'Export Email',
			type: CALLING,
			once: true,
			parameters: {
				resource: 'call',
				operation: 'exportHistory',
				delivery: 'email',
				filters: { status: 'completed' },
			},
		},
		{
			name: 'Delete List',
			type: CALLING,
			once: true,
			parameters: { resource: 'contactList', operation: 'delete', listId: LIST_1 },
		},
	]),
	// A sheet with name, phone and city; the assistant's prompt uses clinic, date and time.
	missingVariables: chain('e2eMissingVars', 'E2E missing prompt variables', [
		{
			name: 'Rows',
			type: 'n8n-nodes-base.code',
			parameters: {
				jsCode:
					"return [{ name: 'Ada Lovelace', phone: '+14155550171', city: 'Pune' }, { name: 'Alan Turing', phone: '+14155550172', city: 'Delhi' }].map((json) => ({ json }));",
			},
		},
		startNode({
			name: '={{ $json.name }}',
			mobileNumber: '={{ $json.phone }}',
			variablesMode: 'row',
			variablesExclude: 'name, phone',
		}),
	]),
	checkCalls: checkCallsWorkflow(),
	badInput: chain('e2eBadInput', 'E2E bad input', [
		startNode({
			mobileNumber: '12345',
			variablesMode: 'none',
		}),
	]),
};

/** [node operation, parameters, what the sandbox's assistant must then hold]. */
const assistantEdits: Array<[string, Record<string, unknown>, (agent: any) => void]> = [
	[
		'updateDisplayName',
		{ displayName: ' Solar Qualifier ' },
		(a) => expect(a.agent_display_name).toBe('Solar Qualifier'),
	],
	[
		'updatePrompt',
		{ prompt: 'You are Arjun. Ask @{{callee_name}} about @{{product}}.' },
		(a) => expect(a.agent_prompt).toBe('You are Arjun. Ask @{{callee_name}} about @{{product}}.'),
	],
	[
		'updateIntroMessage',
		{ introMessage: 'Hello @{{callee_name}}, Arjun here.' },
		(a) => expect(a.intro_message).toBe('Hello @{{callee_name}}, Arjun here.'),
	],
	[
		'updateCustomVariables',
		{ customVariables: 'product, budget' },
		(a) => expect(a.custom_variables).toEqual(['product', 'budget']),
	],
	['updateLanguage', { language: 'en-IN' }, (a) => expect(a.language).toBe('en-IN')],
	[
		'updateVoice',
		{ voiceId: VOICE_KABIR, language: 'en-IN' },
		(a) => expect(a.voice_id).toBe(VOICE_KABIR),
	],
	[
		'updateSecondaryLanguage',
		{ secondaryLanguage: 'mr-IN' },
		(a) => expect(a.secondary_language).toBe('mr-IN'),
	],
	[
		'updateSecondaryVoice',
		{ secondaryVoiceId: VOICE_KABIR },
		(a) => expect(a.secondary_voice_id).toBe(VOICE_KABIR),
	],
	[
		'updateNoiseSettings',
		{ muteWhileBotSpeaking: true, muteDuringIntro: false },
		(a) => {
			expect(a.mute_while_bot_speaking).toBe(true);
			expect(a.mute_during_intro).toBe(false);
		},
	],
	[
		'updateQueryPhrases',
		{ phrases: 'One moment, please.\nLet me check.', phraseOptions: { probability: 0.5 } },
		(a) => {
			expect(a.pre_query_response_phrases).toEqual(['One moment, please.', 'Let me check.']);
			expect(a.pre_query_phrase_probability).toBe(0.5);
		},
	],
	[
		'updateDtmfSettings',
		{ dtmfCapturingEnabled: true, dtmfDigits: 6, dtmfEnd: '#', dtmfReset: '*', dtmfTimeout: 4 },
		(a) =>
			expect(a.dtmf_settings).toEqual({
				dtmf_capturing_enabled: true,
				dtmf_input: { digits: 6, end: '#', reset: '*', timeout: 4 },
			}),
	],
	['updateVadSettings', VAD_FIELDS, (a) => expect(a.vad_settings).toEqual(VAD_SETTINGS)],
	[
		'updateWhitelistedDomains',
		{ whitelistedDomains: 'https://Solar.example.com/, http://localhost:3000' },
		(a) =>
			expect(a.whitelisted_domains).toEqual(['https://solar.example.com', 'http://localhost:3000']),
	],
	['updateVoiceSpeed', { voiceSpeed: 1.2 }, (a) => expect(a.voice_speed).toBe(1.2)],
	[
		'updateExtractCalleeName',
		{ extractCalleeName: true },
		(a) => expect(a.extract_callee_name).toBe(true),
	],
	[
		'updateVocabulary',
		{ vocabulary: 'Acme Solar, kWh\nPune' },
		(a) => expect(a.vocab).toEqual(['Acme Solar', 'kWh', 'Pune']),
	],
	[
		'updateApiSettings',
		{ apiSettings: '{"webhook_url": "https://hooks.example.com/solar"}' },
		(a) => expect(a.api_settings).toEqual({ webhook_url: 'https://hooks.example.com/solar' }),
	],
	['attachKnowledgeBase', { knowledgeBaseId: KB_3 }, (a) => expect(a.kb_ids).toContain(KB_3)],
	['removeKnowledgeBase', { knowledgeBaseId: KB_2 }, (a) => expect(a.kb_ids).not.toContain(KB_2)],
	[
		'attachInboundNumber',
		{ numberId: locator(NUMBER_3) },
		() => expect(sandbox.store.numbers.find((n: any) => n.id === NUMBER_3).agent_id).toBe(AGENT_2),
	],
	[
		'removeInboundNumber',
		{ numberId: locator(NUMBER_2) },
		() => expect(sandbox.store.numbers.find((n: any) => n.id === NUMBER_2).agent_id).toBeNull(),
	],
];

const assistantWorkflow = chain(
	'e2eAssistant',
	'E2E Assistant',
	assistantEdits.map(([operation, parameters]) => ({
		name: operation,
		type: ASSISTANT,
		parameters: { resource: 'assistant', operation, assistant: locator(AGENT_2), ...parameters },
	})),
);

/**
 * An assistant's whole life: Create, Get the new one, Delete it; Update Event Subscriptions on
 * another assistant (whose foreign entry must stay); Start from a number pool (the v2 path).
 */
const AGENT_3 = fixtures.AGENTS[2].id;
const POOL = (fixtures.NUMBERS as Array<{ number: string; number_pool_id?: string }>).find(
	(n) => n.number_pool_id,
)!;
const HOOK_URL = 'https://hooks.example.com/e2e-voice';
const FOREIGN_HOOK = {
	event_type: ['call_started'],
	callback_url: 'https://bi.example.com/in',
	headers: { 'X-Team': 'sales' },
	method_type: 'PUT',
};
const createdId = "={{ $('Create').item.json.assistant_id }}";
const lifeWorkflow = chain('e2eAssistantLife', 'E2E Assistant life', [
	{
		name: 'Create',
		type: ASSISTANT,
		parameters: {
			resource: 'assistant',
			operation: 'create',
			assistantName: 'E2E Solar Survey',
			introductionAndObjective: 'You are Arjun from Acme Solar.',
			responseGuidelines: 'Be brief and polite.',
			task: 'Ask @{{callee_name}} about @{{product}}.',
			introMessage: 'Hello @{{callee_name}}, Arjun here.',
			language: 'hi-IN',
			voiceId: locator(VOICE_KABIR, 'list'),
			agentType: 'outbound',
			createOptions: { customVariables: 'product', faq: 'Q: Price?\nA: On request.' },
		},
	},
	{
		name: 'Get New',
		type: ASSISTANT,
		parameters: { resource: 'assistant', operation: 'get', assistant: locator(createdId) },
	},
	{
		name: 'Subscribe',
		type: ASSISTANT,
		parameters: {
			resource: 'assistant',
			operation: 'updateEventSubscriptions',
			assistant: locator(AGENT_3, 'list'),
			subscriptionAction: 'set',
			callbackUrl: HOOK_URL,
			eventTypes: ['call_completed', 'all_processing_completed'],
			method: 'POST',
			headers: { header: [{ name: 'Authorization', value: 'Bearer e2e-secret' }] },
		},
	},
	{
		name: 'Start From Pool',
		type: CALLING,
		parameters: {
			resource: 'call',
			operation: 'start',
			assistant: locator(AGENT_1, 'list'),
			name: 'Pia Pool',
			mobileNumber: '+14155550143',
			fromNumber: locator(POOL.number_pool_id!, 'pool'),
			variablesMode: 'json',
			variablesJson: '{"clinic": "Sunrise Clinic", "date": "June 8", "time": "11:00"}',
		},
	},
	{
		name: 'Delete New',
		type: ASSISTANT,
		parameters: { resource: 'assistant', operation: 'delete', assistant: locator(createdId) },
	},
]);

const workspaceWorkflow = chain('e2eWorkspace', 'E2E Workspace', [
	{
		name: 'Numbers',
		type: WORKSPACE,
		parameters: { resource: 'phoneNumber', operation: 'getMany', returnAll: true },
	},
	{
		name: 'Users',
		type: WORKSPACE,
		once: true,
		parameters: { resource: 'user', operation: 'getMany', returnAll: false, limit: 3 },
	},
]);

/** The reads that rely on the live service's shapes: the workspace, each kind of assistant. */
const AGENT_AB = fixtures.AGENTS[4].id;
const AGENT_SPLIT = fixtures.AGENTS[5].id;
const AGENT_MULTI = fixtures.AGENTS[6].id;
const liveReadsWorkflow = chain('e2eLiveReads', 'E2E live shapes', [
	{ name: 'Workspace', type: WORKSPACE, parameters: { resource: 'workspace', operation: 'get' } },
	...(
		[
			['Plain', AGENT_1],
			['AB winner', AGENT_AB],
			['AB split', AGENT_SPLIT],
			['Multi node', AGENT_MULTI],
		] as const
	).map(([name, id]) => ({
		name,
		type: ASSISTANT,
		once: true,
		// 'list' mode: n8n 2.x checks a By ID value with a regex under a time limit, which a
		// loaded machine can exceed; the value is the same.
		parameters: { resource: 'assistant', operation: 'get', assistant: locator(id, 'list') },
	})),
]);

const campaignWorkflow = chain('e2eCampaign', 'E2E Campaign', [
	{
		name: 'Campaigns',
		type: CAMPAIGN,
		parameters: { resource: 'campaign', operation: 'getMany', returnAll: true },
	},
]);

const CAMPAIGN_1 = fixtures.CAMPAIGNS[0].id;

/** Every analytics report over the sandbox's whole history (fixed days: no zone involved). */
const ANALYTICS_DAYS = { startDate: '2020-01-01', endDate: '2030-12-31' };
const analyticsWorkflow = chain('e2eAnalytics', 'E2E Analytics', [
	{
		name: 'Platform',
		type: ANALYTICS,
		parameters: { resource: 'analytics', operation: 'platform', ...ANALYTICS_DAYS },
	},
	{
		name: 'Campaign',
		type: ANALYTICS,
		parameters: {
			resource: 'analytics',
			operation: 'drillDown',
			campaign: locator(CAMPAIGN_1),
			...ANALYTICS_DAYS,
		},
	},
	{
		name: 'Numbers',
		type: ANALYTICS,
		parameters: { resource: 'analytics', operation: 'numbers', ...ANALYTICS_DAYS },
	},
	{
		name: 'Durations',
		type: ANALYTICS,
		once: true,
		parameters: {
			resource: 'analytics',
			operation: 'durationDistribution',
			voicemail: 'exclude',
			...ANALYTICS_DAYS,
		},
	},
	{
		name: 'Classification',
		type: ANALYTICS,
		parameters: {
			resource: 'analytics',
			operation: 'classification',
			assistant: locator(AGENT_1),
			...ANALYTICS_DAYS,
		},
	},
]);

/** Issue 12's reads and actions: recording, cancel, assistant and workspace reads. */
const featuresWorkflow = chain('e2eFeatures', 'E2E features', [
	{
		name: 'Recent',
		type: CALLING,
		parameters: {
			resource: 'call',
			operation: 'getMany',
			returnAll: false,
			limit: 1,
			filters: { status: 'completed' },
		},
	},
	{
		name: 'Recording',
		type: CALLING,
		parameters: {
			resource: 'call',
			operation: 'downloadRecording',
			callId: '={{ $json.call_id }}',
		},
	},
	{
		name: 'Get With Recording',
		type: CALLING,
		parameters: {
			resource: 'call',
			operation: 'get',
			callId: '={{ $json.call_id }}',
			downloadRecording: true,
			recordingOptions: { binaryPropertyName: 'audio' },
		},
	},
	cancelByCampaign('Cancel Queued', locator(CAMPAIGN_1, 'list')),
	cancelByCampaign('Cancel Again', locator(CAMPAIGN_1)),
	{
		name: 'Assistant',
		type: ASSISTANT,
		once: true,
		parameters: { resource: 'assistant', operation: 'get', assistant: locator(AGENT_1) },
	},
	{
		name: 'Assistants',
		type: ASSISTANT,
		once: true,
		parameters: { resource: 'assistant', operation: 'getMany', returnAll: true },
	},
	{
		name: 'Workspace',
		type: WORKSPACE,
		once: true,
		parameters: { resource: 'workspace', operation: 'get' },
	},
]);

const apiKeyWorkflow = chain('e2eApiKey', 'E2E API key', [
	{
		name: 'Regenerate',
		type: WORKSPACE,
		parameters: { resource: 'apiKey', operation: 'regenerate', confirm: true },
	},
]);

/** The example follow-up workflow as shipped (it polls every minute), under its own id. */
function triggerWorkflow() {
	const wf = structuredClone(example('exFollowUp'));
	wf.id = 'e2eTrigger';
	wf.name = 'E2E trigger';
	return wf;
}

beforeAll(async () => {
	sandbox = await createSandbox({ port: 0, clock: 'real', speed: 20, seed: 1 });
	n8n = await timed('n8n install (cached after the first run)', () =>
		ensureN8n({ major: MAJOR, log: () => undefined }),
	);
	userFolder = mkdtempSync(path.join(tmpdir(), 'voice-agent-e2e-'));
	n8nEnv = await env.freshN8nEnv({
		userFolder,
		major: MAJOR,
		// Binary output inline in the run's data; no editor (no test opens it).
		extra: { N8N_DEFAULT_BINARY_DATA_MODE: 'default', ...env.NO_EDITOR },
	});
	await timed('build, npm pack + install into .n8n/nodes', () => env.installForSuite(userFolder));
	// One n8n for every run (credential and workflows created at its start) and the trigger.
	await timed('n8n start, credential + workflows created (until ready)', () => runner.ready());
});

afterAll(async () => {
	await runner.stop();
	await sandbox?.close();
	if (userFolder && !process.env.E2E_KEEP) rmSync(userFolder, { recursive: true, force: true });
	console.log(
		`n8n ${n8n?.version} (Node ${n8n?.major === 2 ? '24' : process.version}):\n  ${timings.join('\n  ')}`,
	);
});

describe(`n8n ${MAJOR}.x with the packed package`, () => {
	test('every node package.json declares has its e2e step', () => {
		expect(declared.size).toBeGreaterThan(0);
		const missing = [...declared].filter((type) => !stepped.has(type) && !ELSEWHERE[type]);
		expect(missing).toEqual([]);
		const stale = [...stepped, ...Object.keys(ELSEWHERE)].filter((type) => !declared.has(type));
		expect(stale).toEqual([]);
		const absent = Object.values(ELSEWHERE).filter(
			(file) => !existsSync(path.join(__dirname, file)),
		);
		expect(absent).toEqual([]);
	});

	forNode(CALLING)(
		'Calling: start (waiting for the end), get, get many, export, delete list',
		async () => {
			const ledgerBefore = sandbox.ledger.length;
			const { data } = await execute('e2eCalling');

			const [started] = out(data, 'Start');
			expect(sandbox.ledger.slice(ledgerBefore)).toEqual([
				expect.objectContaining({
					call_id: started.call_id,
					mobile_number: '+14155550142',
					from_number: FROM,
					agent_id: AGENT_1,
				}),
			]);
			const call = sandbox.call(started.call_id)!;
			expect(call.status).toBe('completed');
			expect(call.custom_args_values).toEqual({
				clinic: 'Sunrise Clinic',
				date: 'June 6',
				time: '10:30',
			});
			expect(started).toMatchObject({
				call_id: call.id,
				status: 'completed',
				timed_out: false,
			});
			expect(started.transcript_text).toContain(
				'Hi Ada Lovelace, this is Maya calling from Sunrise Clinic.',
			);

			const [got] = out(data, 'Get');
			expect(got).toMatchObject({ status: 'completed' });
			expect(got.transcript_turns[0]).toEqual({
				speaker: expect.any(String),
				text: 'Hi Ada Lovelace, this is Maya calling from Sunrise Clinic.',
			});

			const many = out(data, 'Get Many');
			const expected = callsNewestFirst()
				.filter((c: any) => c.status === 'completed')
				.slice(0, 5)
				.map((c: any) => c.id);
			expect(many.map((c) => c.call_id)).toEqual(expected);
			expect(many[0].call_id).toBe(call.id);

			const file = (data as any).data.resultData.runData['Export File'][0].data.main[0][0];
			expect(file.json).toMatchObject({ mimeType: 'application/zip' });
			expect(file.binary.history.mimeType).toBe('application/zip');
			const csv = parseCsv(unzip(binaryBuffer(file.binary.history))['call-history.csv'].toString());
			expect(csv[0][0]).toBe('id');
			expect(csv.slice(1).map((row) => row[0])).toEqual(
				callsNewestFirst()
					.filter((c: any) => c.status === 'completed' && c.agent.id === AGENT_1)
					.slice(0, 50)
					.map((c: any) => c.id),
			);

			expect(out(data, 'Export Email')).toEqual([
				{
					message:
						'Export queued; you will receive an e-mail with the download link when it is ready.',
				},
			]);
			const queued = sandbox.store.exports.at(-1);
			// Both dates are always sent (a missing one reads as a fixed day of 2025): the open
			// start is the history's floor, the open end a day past n8n's clock.
			expect(queued.query).toEqual({
				status: 'completed',
				start_date: '2020-01-01T00:00:00+00:00',
				end_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/),
			});
			const dayAhead = Date.parse(queued.query.end_date) - Date.now();
			expect(dayAhead).toBeGreaterThan(23 * 3600_000);
			expect(dayAhead).toBeLessThanOrEqual(24 * 3600_000);
			expect(queued.records).toBe(
				callsNewestFirst().filter((c: any) => c.status === 'completed').length,
			);

			expect(out(data, 'Delete List')).toHaveLength(1);
			expect(sandbox.store.contactLists.has(LIST_1)).toBe(false);
		},
	);

	forNode(CALLING)(
		'Calling: Check Calls loops through a Wait node until every call has left on Ended, once, with its row',
		async () => {
			const ledgerBefore = sandbox.ledger.length;
			const { data } = await execute('e2eCheckCalls');
			const placed = sandbox.ledger.slice(ledgerBefore);
			expect(placed.map((e) => e.mobile_number).sort()).toEqual([
				'+14155550181',
				'+14155550182',
				'+14155550183',
			]);
			const runs = (data as any).data.resultData.runData['Check Calls'] as any[];
			const ended = runs.flatMap((run) => (run.data.main[0] ?? []).map((i: any) => i.json));
			const pending = runs.flatMap((run) => (run.data.main[1] ?? []).map((i: any) => i.json));
			// Every call once, as the service has it now, with the item Start made for it.
			expect(ended.map((e) => e.call_id).sort()).toEqual(placed.map((e) => e.call_id).sort());
			for (const e of ended) {
				expect(e).toMatchObject({
					status: sandbox.call(e.call_id)!.status,
					timed_out: false,
					row: { call_id: e.call_id },
				});
			}
			const passedOn = (data as any).data.resultData.runData.Ended as any[];
			expect(passedOn.flatMap((run) => run.data.main[0]).length).toBe(3);
			// One Pending item a round while calls are open, each holding only the open ones.
			expect(pending).toHaveLength(runs.length - 1);
			for (const [round, p] of pending.entries()) {
				expect(p).toMatchObject({ rounds: round + 1, pending_count: p.pending.length });
				expect(p.pending.length).toBeGreaterThan(0);
			}
		},
	);

	forNode(CALLING)(
		'Calling: bad input fails the run naming the field, and dials no one',
		async () => {
			const ledgerBefore = sandbox.ledger.length;
			const result = await execute('e2eBadInput', true);
			expect(result.succeeded).toBe(false);
			expect(runFailure('e2eBadInput', result)).toContain('Phone Number');
			expect(sandbox.ledger.length).toBe(ledgerBefore);
		},
	);

	forNode(CALLING)(
		"Calling: rows without the assistant's prompt variables are refused, and no one is dialled",
		async () => {
			const ledgerBefore = sandbox.ledger.length;
			const result = await execute('e2eMissingVars', true);
			expect(result.succeeded).toBe(false);
			// Both rows named, and what happened to the batch.
			const said = runFailure('e2eMissingVars', result);
			expect(said).toContain(
				'Custom Variables: 2 rows give no value for variables their assistant uses: item 0 lacks @{{clinic}}, @{{date}}, @{{time}}; item 1 lacks @{{clinic}}, @{{date}}, @{{time}} [item 0]',
			);
			expect(said).toContain('Nobody was called: the batch stops before any call');
			expect(sandbox.ledger.length).toBe(ledgerBefore);
		},
	);

	forNode(CALLING)(
		'example "Start a call" runs as shipped and waits for the transcript',
		async () => {
			const { data } = await execute('exStartCall');
			const [result] = out(data, 'Start a call');
			expect(result).toMatchObject({ status: 'completed', timed_out: false });
			// Someone no other example calls: Start's Duplicate Protection (Automatic) checks manual
			// runs too, and the next example's first row would otherwise be a call already made.
			expect(sandbox.call(result.call_id)!.to_number).toBe('+14155550131');
		},
	);

	forNode(CALLING)(
		'example "Dial a sheet" calls every row with its columns as variables',
		async () => {
			const ledgerBefore = sandbox.ledger.length;
			const { data } = await execute('exDialSheet');
			const started = out(data, 'Call every row');
			expect(started).toHaveLength(3);
			const placed = sandbox.ledger.slice(ledgerBefore);
			expect(placed.map((e) => e.mobile_number).sort()).toEqual([
				'+14155550123',
				'+14155550124',
				'+14155550199',
			]);
			expect(started.map((s) => s.call_id).sort()).toEqual(placed.map((e) => e.call_id).sort());
			const grace = sandbox.call(placed.find((e) => e.mobile_number === '+14155550199')!.call_id)!;
			expect(grace.name).toBe('Grace Hopper');
			expect(grace.custom_args_values).toEqual({
				clinic: 'Sunrise Clinic',
				date: 'June 7',
				time: '09:15',
			});
		},
	);

	forNode(CALLING)('example "Export history" returns the ZIP', async () => {
		const { data } = await execute('exExportHistory');
		const item = (data as any).data.resultData.runData['Export call history'][0].data.main[0][0];
		expect(item.binary.data.mimeType).toBe('application/zip');
		const csv = parseCsv(unzip(binaryBuffer(item.binary.data))['call-history.csv'].toString());
		expect(csv.length - 1).toBe(
			Math.min(1000, callsNewestFirst().filter((c: any) => c.status === 'completed').length),
		);
	});

	forNode(ASSISTANT)('Assistant: all 21 edit operations reach the assistant', async () => {
		const { data } = await execute('e2eAssistant');
		// The assistant's root and its (single) version's configuration, as one view.
		const stored = sandbox.store.agents.get(AGENT_2);
		const agent = { ...stored, ...stored.versions[0] };
		for (const [operation, , check] of assistantEdits) {
			const items = out(data, operation);
			expect({ operation, items }).toEqual({
				operation,
				items: [expect.objectContaining({ agent_id: AGENT_2 })],
			});
			check(agent);
		}
		expect(new Set(assistantEdits.map(([op]) => op)).size).toBe(21);
	});

	forNode(ASSISTANT)(
		'Assistant life: create, get the new one, subscribe, start from a number pool, delete',
		async () => {
			const patch = await fetch(`${sandbox.url}/agent/v1`, {
				method: 'PATCH',
				headers: { 'content-type': 'application/json', 'x-api-key': sandbox.apiKey },
				body: JSON.stringify({
					operation: 'edit_event_subscriptions',
					agent_id: AGENT_3,
					event_subscriptions: [FOREIGN_HOOK],
				}),
			});
			expect(patch.status).toBe(200);
			const ledgerBefore = sandbox.ledger.length;
			const { data } = await execute('e2eAssistantLife');

			const [created] = out(data, 'Create');
			expect(created).toEqual({
				created: true,
				assistant_id: expect.stringMatching(UUID),
				version: 'v1',
				created_at: expect.any(String),
				assistant_name: 'E2E Solar Survey',
				agent_type: 'outbound',
				primary_language: 'hi-IN',
				voice_id: VOICE_KABIR,
				message: 'Agent created successfully',
			});
			const id = created.assistant_id as string;
			const stored = sandbox.store.agents.get(id);
			expect(stored).toMatchObject({
				agent_display_name: 'E2E Solar Survey',
				agent_type: 'outbound',
			});
			expect(stored.versions[0]).toMatchObject({
				language: 'hi-IN',
				voice_id: VOICE_KABIR,
				intro_message: 'Hello @{{callee_name}}, Arjun here.',
				custom_variables: ['callee_name', 'mobile_number', 'product'],
			});

			expect(out(data, 'Get New')).toEqual([
				expect.objectContaining({
					id,
					agent_display_name: 'E2E Solar Survey',
					language: 'hi-IN',
					custom_variables: ['callee_name', 'mobile_number', 'product'],
				}),
			]);

			expect(out(data, 'Subscribe')).toEqual([
				expect.objectContaining({ assistant_id: AGENT_3, action: 'set', callback_url: HOOK_URL }),
			]);
			expect(sandbox.store.agents.get(AGENT_3).versions[0].event_subscriptions).toEqual([
				FOREIGN_HOOK,
				{
					event_type: ['call_completed', 'all_processing_completed'],
					callback_url: HOOK_URL,
					headers: { Authorization: 'Bearer e2e-secret' },
					method_type: 'POST',
				},
			]);

			const [pooled] = out(data, 'Start From Pool');
			expect(sandbox.ledger.slice(ledgerBefore)).toEqual([
				expect.objectContaining({
					call_id: pooled.call_id,
					mobile_number: '+14155550143',
					from_number: POOL.number,
					agent_id: AGENT_1,
					v2: true,
					number_pool_id: POOL.number_pool_id,
					voice_id: null,
				}),
			]);

			expect(out(data, 'Delete New')).toEqual([
				{ deleted: true, assistant_id: id, message: 'Agent deleted successfully!' },
			]);
			expect(sandbox.store.agents.get(id).is_archived).toBe(true);
		},
	);

	forNode(WORKSPACE)('Workspace: phone numbers and users', async () => {
		const { data } = await execute('e2eWorkspace');
		expect(out(data, 'Numbers').map((n) => n.id)).toEqual(
			expect.arrayContaining(fixtures.NUMBERS.map((n) => n.id)),
		);
		expect(out(data, 'Numbers')).toHaveLength(fixtures.NUMBERS.length);
		expect(out(data, 'Users')).toHaveLength(3);
		expect(out(data, 'Users').every((u) => UUID.test(u.id))).toBe(true);
	});

	forNode(ASSISTANT)(
		'Live shapes: Workspace Get, and Assistant Get on each kind, in both shapes',
		async () => {
			for (const shape of ['live', 'docs'] as const) {
				sandbox.setShape(shape);
				try {
					const { data } = await execute('e2eLiveReads');
					const [workspace] = out(data, 'Workspace');
					expect(workspace).toEqual({
						id: fixtures.WORKSPACE.id,
						name: fixtures.WORKSPACE.name,
						created_at: expect.any(String),
						credits: expect.any(Number),
						locked_credits: 0,
					});
					expect(JSON.stringify(out(data, 'Workspace'))).not.toContain(sandbox.apiKey);
					const read = (node: string) => out(data, node)[0];
					if (shape === 'docs') {
						for (const node of ['Plain', 'AB winner', 'AB split', 'Multi node'])
							expect(read(node)).toMatchObject({ shape: 'flat', version_resolved_by: 'flat' });
						expect(read('Plain').prompt_variables).toEqual([
							'clinic',
							'callee_name',
							'date',
							'time',
						]);
						continue;
					}
					expect(read('Plain')).toMatchObject({
						version_resolved_by: 'active',
						prompt: expect.stringMatching(/^You are Maya/),
						prompt_variables: ['clinic', 'callee_name', 'date', 'time'],
					});
					expect(read('AB winner')).toMatchObject({
						version: { version_slug: 'discount-first' },
						version_resolved_by: 'traffic',
						prompt_variables: ['callee_name', 'policy_id', 'price', 'discount'],
					});
					expect(read('AB split')).toMatchObject({
						version: null,
						version_resolved_by: 'ambiguous',
						version_note: expect.stringContaining('split evenly'),
						prompt_variables: ['callee_name', 'installer'],
					});
					expect(read('Multi node')).toMatchObject({
						orchestration_mode: 'multi_node',
						prompt: null,
						prompt_variables: [],
						prompt_variables_note: expect.stringContaining('multi_node'),
					});
				} finally {
					sandbox.setShape('live');
				}
			}
		},
	);

	forNode(ANALYTICS)('Analytics: every report, exactly as the service serves it', async () => {
		const { data } = await execute('e2eAnalytics');
		const served = async (path: string, query: Record<string, string>) => {
			const qs = new URLSearchParams({
				start_date: '2020-01-01',
				end_date: '2030-12-31',
				...query,
			});
			const answer = await fetch(`${sandbox.url}/analytics/${path}?${qs}`, {
				headers: { 'x-api-key': sandbox.apiKey },
			});
			return (await answer.json()) as any;
		};
		expect(out(data, 'Platform')).toEqual([await served('platform-analytics', {})]);
		expect(out(data, 'Campaign')).toEqual([
			await served('drill-down-analytics', { bulk_list_id: CAMPAIGN_1 }),
		]);
		const numbers = (await served('number-analytics', {})).number_analytics;
		expect(numbers.length).toBeGreaterThan(0);
		expect(out(data, 'Numbers')).toEqual(numbers);
		expect(out(data, 'Durations')).toEqual([
			await served('duration-distribution', { voicemail: 'false' }),
		]);
		expect(out(data, 'Classification')).toEqual([
			await served('classification-analytics', { agent_id: AGENT_1 }),
		]);
	});

	forNode(CAMPAIGN)('Campaign: get many returns every campaign', async () => {
		const { data } = await execute('e2eCampaign');
		const names = out(data, 'Campaigns').map((c) => c.name);
		expect(names.sort()).toEqual(fixtures.CAMPAIGNS.map((c) => c.name).sort());
	});

	forNode(CALLING)(
		'Features: recording download (no key on the recording host), cancel queued calls, assistant and workspace reads',
		async () => {
			// A call that just completed, so its recording link is fresh.
			const placed = await fetch(`${sandbox.url}/calling/outbound/individual`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', 'x-api-key': sandbox.apiKey },
				body: JSON.stringify({
					name: 'Rec Test',
					mobile_number: '+14155550142',
					agent_id: AGENT_1,
					from_number: FROM,
				}),
			});
			const callId = ((await placed.json()) as any).data.call_id as string;
			await waitFor('the call to end', () => sandbox.call(callId)!.status === 'completed');
			expect(sandbox.call(callId)!.status).toBe('completed');
			const queued = sandbox.queueCampaignCalls(CAMPAIGN_1, {
				contacts: [{ mobile_number: '+14155550181' }, { mobile_number: '+14155550182' }],
			});
			const recordingsBefore = sandbox.recordingRequests.length;

			const { data } = await execute('e2eFeatures');

			const [recording] = (data as any).data.resultData.runData.Recording[0].data.main[0];
			expect(recording.json).toMatchObject({
				call_id: callId,
				file_name: `${callId}.wav`,
				mime_type: 'audio/wav',
			});
			expect(recording.binary.data.mimeType).toBe('audio/wav');
			expect(binaryBuffer(recording.binary.data).subarray(0, 4).toString()).toBe('RIFF');
			const [withAudio] = (data as any).data.resultData.runData['Get With Recording'][0].data
				.main[0];
			expect(withAudio.json).toMatchObject({ call_id: callId, status: 'completed' });
			expect(withAudio.binary.audio.fileName).toBe(`${callId}.wav`);
			const hits = sandbox.recordingRequests.slice(recordingsBefore);
			expect(hits).toHaveLength(2);
			for (const hit of hits) {
				expect(Object.keys(hit.headers).map((h) => h.toLowerCase())).not.toContain('x-api-key');
				expect(JSON.stringify(hit.headers)).not.toContain(sandbox.apiKey);
			}

			expect(out(data, 'Cancel Queued')).toEqual([
				{ cancelled: true, message: 'Calls terminated successfully!', campaign_id: CAMPAIGN_1 },
			]);
			expect(queued.map((c) => c.status)).toEqual(['cancelled', 'cancelled']);
			expect(out(data, 'Cancel Again')).toEqual([
				{ cancelled: false, message: 'No terminable calls found', campaign_id: CAMPAIGN_1 },
			]);

			expect(out(data, 'Assistant')).toEqual([
				expect.objectContaining({ id: AGENT_1, prompt_variables: expect.any(Array) }),
			]);
			expect(out(data, 'Assistants').map((a) => a.id)).toEqual(
				expect.arrayContaining(fixtures.AGENTS.map((a) => a.id)),
			);
			expect(out(data, 'Workspace')).toEqual([
				expect.objectContaining({ credits: expect.any(Number), locked_credits: 0 }),
			]);
		},
	);

	forNode(WORKSPACE)('Workspace: regenerating the API key returns the new key', async () => {
		const before = sandbox.apiKey;
		const { data } = await execute('e2eApiKey');
		const [result] = out(data, 'Regenerate');
		expect(result.new_api_key).toBe(sandbox.apiKey);
		expect(sandbox.apiKey).not.toBe(before);
		// Later tests use the credential's key again.
		sandbox.store.apiKey = before;
	});

	forNode(TRIGGER)(
		'Trigger: activated in n8n start, emits a completed call exactly once',
		async () => {
			// Back to the seeded workspace. The calls of the tests above ran at speed 20 but
			// report their nominal durations, so their start + duration still lies ahead of
			// now, and a first poll would count them as just completed.
			sandbox.reset();
			// Counts history reads: the trigger's polls.
			sandbox.setFaults([{ endpoint: 'GET /calling/history', action: 'pass' }]);
			const polls = () => Number(sandbox.faults.describe().rules[0]?.fired ?? 0);
			// Activated in the n8n the runs above used, as the editor does.
			await timed('activate', () => runner.activate('e2eTrigger'));
			const { rest } = await runner.ready();
			try {
				// The first poll, at activation, records what exists and emits nothing: wait
				// until it has read every page.
				await waitFor('the baseline poll', () => polls() >= 1, bound('poll'));
				await settle(polls);

				const fromSandbox = async (pathAndQuery: string, body: unknown) =>
					await fetch(sandbox.url + pathAndQuery, {
						method: 'POST',
						headers: { 'X-API-KEY': sandbox.apiKey, 'Content-Type': 'application/json' },
						body: JSON.stringify(body),
					}).then(async (r) => (await r.json()) as any);
				const answered = await fromSandbox('/calling/outbound/individual', {
					name: 'Lin Follow',
					mobile_number: '+14155550188',
					agent_id: AGENT_1,
					from_number: FROM,
					custom_args_values: { clinic: 'Sunrise Clinic', date: 'June 9', time: '12:00' },
				});
				const voicemail = await fromSandbox('/calling/outbound/individual', {
					name: 'Vee Mail',
					mobile_number: '+14155550299',
					agent_id: AGENT_1,
					from_number: FROM,
				});
				const callId = answered.data.call_id;
				// Both calls end now: the clock jumps past their ringing and talking.
				await fetch(`${sandbox.origin}/__sandbox/advance`, {
					method: 'POST',
					body: JSON.stringify({ ms: 120000 }),
				});
				expect(sandbox.call(callId)!.status).toBe('completed');
				expect(sandbox.call(voicemail.data.call_id)!.voicemail_detected).toBe(true);

				// Ended executions' run data is read once, however often the waits look.
				const known = new Map<string, unknown>();
				const executions = () => executionsOf(rest, n8n.dir, runner.id('e2eTrigger'), known);
				await waitFor(
					'one execution',
					async () => (await executions()).length >= 1,
					bound('poll', 2),
				);
				// More polls: nothing new may come.
				await morePolls(polls, QUIET_POLLS);
				await settle(polls);
				const runs = await executions();
				const emitted = runs.map((r) =>
					r.runData['On completed call'][0].data.main[0].map((i: any) => i.json.call_id),
				);
				// Exactly one execution, with exactly the answered call (voicemail is filtered out).
				const describeCall = (id: string) => {
					const c = sandbox.call(id);
					return `${id} ${c?.to_number} ${c?.status} created ${c?.created_at} attempts ${c?.attempts}`;
				};
				if (JSON.stringify(emitted) !== JSON.stringify([[callId]])) {
					throw new Error(
						`emitted per execution: ${JSON.stringify(emitted.map((ids) => ids.map(describeCall)))}; expected only ${describeCall(callId)}`,
					);
				}
				expect(runs[0].status).toBe('success');
				const { runData } = runs[0];
				const followUp = runData['Follow-up fields'][0].data.main[0].map((i: any) => i.json);
				expect(followUp).toEqual([
					expect.objectContaining({
						call_id: callId,
						callee: 'Lin Follow',
						phone: '+14155550188',
						transcript_text: expect.stringContaining(
							'Hi Lin Follow, this is Maya calling from Sunrise Clinic.',
						),
					}),
				]);
			} catch (error) {
				throw withN8nLog(error, runner.log());
			} finally {
				sandbox.setFaults(null);
			}
		},
	);
});

/** Binary data of an output item: inline base64, or a file in the user folder (filesystem mode). */
function binaryBuffer(binary: { data: string; id?: string }): Buffer {
	if (!binary.id) return Buffer.from(binary.data, 'base64');
	const [, location] = binary.id.split(':');
	return readFileSync(path.join(userFolder, '.n8n', 'binaryData', location));
}

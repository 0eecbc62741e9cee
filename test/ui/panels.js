// @ts-check
'use strict';

/**
 * Every node's panels, as a user sets each node up (PANELS, by type name): a workflow with
 * every declared node's check, each panel opened, no issue marker or error notice in any.
 */

const { randomUUID } = require('node:crypto');
const env = require('../../scripts/n8n/env');
const { bound } = require('../../lib/bounds');

const {
	CREDENTIAL,
	SECRET,
	closeNode,
	example,
	fromListFields,
	listOf,
	openNode,
	openWorkflow,
	outputLabels,
	panelShown,
	problems,
	rest,
} = require('./editor');

/** @typedef {import('./editor').Ctx} Ctx */

/** A voice of the sandbox, as the Voice field stores one picked from its list. */
async function aVoice(/** @type {Ctx} */ ctx) {
	const res = await fetch(`${ctx.sandbox}/agent/voices?language=en-US`, {
		headers: { 'X-API-KEY': env.SANDBOX_API_KEY },
	});
	const voice = (await res.json()).voices?.[0];
	if (!voice) throw new Error(`the sandbox lists no voice (${res.status})`);
	return { __rl: true, mode: 'list', value: voice.id, cachedResultName: voice.name };
}

/**
 * A node type as package.json declares it, read from the built class (test/ui/run.js).
 * @typedef {{ type: string, displayName: string, version: number, trigger: boolean, webhook: boolean }} DeclaredNode
 */

/**
 * A node on the every-node workflow, set up as a user would; `shows`: fields its panel must
 * show (the README's pictures show them too).
 * `outputs`: the labels of the node's outputs on the canvas, when it has more than one.
 * @typedef {{ name: string, parameters: object, shows?: string[], outputs?: string[] }} PanelNode
 */

const startParameters = () =>
	example('start-a-call.json').nodes.find((/** @type {any} */ n) => n.name === 'Start a call')
		.parameters;

/** Call Back's panel in each When mode, as a user sets it up after a trigger. */
const callBackPanels = () => {
	const callBack = { resource: 'call', operation: 'callBack', callId: '={{ $json.call_id }}' };
	return [
		{ name: 'Call back now', parameters: { ...callBack, when: 'now' }, shows: ['maxAttempts'] },
		{
			name: 'Call back when asked',
			parameters: { ...callBack, when: 'callbackAt' },
			shows: ['duplicateProtection'],
		},
		{
			name: 'Call back at a time',
			parameters: { ...callBack, when: 'at', callAt: '2030-01-15T10:00:00' },
			shows: ['callAt'],
		},
		{
			name: 'Call back in the next window',
			parameters: {
				...callBack,
				when: 'nextWindow',
				windowStart: '09:00',
				windowEnd: '18:00',
				windowTimeZone: 'America/New_York',
			},
			shows: ['windowStart', 'windowEnd', 'windowTimeZone'],
		},
	];
};

/**
 * The browser check of every node type, by type name: the nodes whose panels it opens. A node
 * package.json declares without an entry here fails the suite: add one with the node.
 * @type {Record<string, (ctx: Ctx) => Promise<PanelNode[]>>}
 */
const PANELS = {
	voiceAgentCalling: async () => [
		{ name: 'Start a call', parameters: startParameters(), shows: ['version'] },
		// Call Back in each of its When modes, each showing the fields of its mode.
		...callBackPanels(),
		{
			name: 'Check the calls',
			parameters: { resource: 'call', operation: 'checkCalls' },
			outputs: ['Ended', 'Pending'],
		},
	],
	voiceAgentAssistant: async (ctx) => {
		const { assistant } = startParameters();
		return [
			{
				name: 'Get an assistant',
				parameters: { resource: 'assistant', operation: 'get', assistant },
			},
			{
				name: 'Change the voice',
				parameters: {
					resource: 'assistant',
					operation: 'updateVoice',
					assistant,
					voiceId: await aVoice(ctx),
				},
				shows: ['version'],
			},
		];
	},
	voiceAgentWorkspace: async () => [{ name: 'Phone numbers', parameters: {} }],
	voiceAgentCampaign: async () => {
		const { assistant } = startParameters();
		const campaign = require('../../sandbox').fixtures.CAMPAIGNS[0];
		return [
			{
				name: 'Create a campaign',
				parameters: {
					assistant,
					campaignName: 'December reminders',
					mobileNumber: '={{ $json.phone }}',
					countryCode: '+91',
					startAt: '2030-01-15T09:30:00',
					endAt: '2030-01-15T18:00:00',
					startRightAway: true,
					// A dropdown of the assistant's numbers: the value must be one of them.
					fromNumbers: ['+14155550100'],
				},
				shows: ['countryCode', 'fromNumbers'],
			},
			{
				name: 'Get campaign results',
				parameters: {
					operation: 'getResults',
					campaign: {
						__rl: true,
						mode: 'list',
						value: campaign.id,
						cachedResultName: campaign.name,
					},
				},
				shows: ['campaign'],
			},
			{ name: 'Campaigns', parameters: { operation: 'getMany' } },
		];
	},
	voiceAgentKnowledgeBase: async () => [
		{ name: 'Create a knowledge base', parameters: { kbName: 'Clinic FAQ' } },
		{
			name: 'Update a knowledge base',
			parameters: {
				operation: 'update',
				knowledgeBaseId: {
					__rl: true,
					mode: 'list',
					value: require('../../sandbox').fixtures.KNOWLEDGE_BASES[0].id,
					cachedResultName: require('../../sandbox').fixtures.KNOWLEDGE_BASES[0].name,
				},
				urls: 'https://clinic.example/prices',
			},
		},
	],
	voiceAgentAnalytics: async () => [
		{ name: 'Platform report', parameters: {} },
		{
			name: 'Campaign report',
			parameters: {
				resource: 'analytics',
				operation: 'drillDown',
				// Picked from the list, as a user does: the panel checks the list opens.
				campaign: {
					__rl: true,
					mode: 'list',
					value: require('../../sandbox').fixtures.CAMPAIGNS[0].id,
					cachedResultName: require('../../sandbox').fixtures.CAMPAIGNS[0].name,
				},
			},
		},
	],
	voiceAgentTrigger: async () => [
		{ name: 'On completed call', parameters: {} },
		{ name: 'On ended campaign', parameters: { event: 'campaignEnded' } },
		{
			name: 'On ended call, unanswered',
			parameters: { event: 'callEnded', filters: { outcomes: ['no_answer', 'busy'] } },
			shows: ['outcomes'],
		},
	],
	voiceAgentInstantTrigger: async () => [
		{ name: 'When a call ends', parameters: { secret: SECRET } },
		{
			name: 'When a call is analysed, by outcome',
			parameters: { secret: SECRET, filters: { outcomes: ['answered'] } },
			shows: ['outcomes'],
		},
	],
};

/** Why a declared node has no browser check (empty when it has one). */
const missingCheck = (/** @type {DeclaredNode} */ node) =>
	Object.hasOwn(PANELS, node.type)
		? ''
		: `"${node.displayName}" (${node.type}) has no browser check: add its panel check to PANELS in test/ui/panels.js`;

/**
 * A workflow with the nodes of the given types' checks; returns its id and the node names
 * of each type.
 */
async function everyNodeWorkflow(/** @type {Ctx} */ ctx, /** @type {DeclaredNode[]} */ declared) {
	/** @type {Array<PanelNode & { node: DeclaredNode }>} */
	const nodes = [];
	for (const node of declared) {
		if (missingCheck(node)) continue;
		for (const entry of await PANELS[node.type](ctx)) nodes.push({ ...entry, node });
	}
	const workflow = {
		name: `UI: every node ${Date.now()}`,
		active: false,
		connections: {},
		settings: { executionOrder: 'v1' },
		nodes: nodes.map(({ name, parameters, node }, n) => ({
			id: randomUUID(),
			name,
			type: `${env.PACKAGE_NAME}.${node.type}`,
			typeVersion: node.version,
			position: [n * 220, node.trigger ? 0 : 220],
			parameters,
			credentials: CREDENTIAL,
			...(node.webhook ? { webhookId: randomUUID() } : {}),
		})),
	};
	const answer = await rest(ctx, 'POST', '/rest/workflows', workflow);
	const id = answer.json?.data?.id;
	if (answer.status !== 200 || !id)
		throw new Error(`creating the workflow: ${answer.status} ${answer.text}`);
	/** @type {Record<string, PanelNode[]>} */
	const byType = {};
	for (const { node, ...entry } of nodes) (byType[node.type] ??= []).push(entry);
	return { id, byType };
}

/**
 * Creates the workflow with every declared node's check and opens it: no issue marker on
 * the canvas. nodePanels then opens the panels on it.
 */
async function panelWorkflow(/** @type {Ctx} */ ctx, /** @type {DeclaredNode[]} */ declared) {
	const { page } = ctx;
	ctx.panels = await everyNodeWorkflow(ctx, declared);
	await openWorkflow(ctx, ctx.panels.id);
	const marked = await page.evaluate(() =>
		[...document.querySelectorAll('[data-test-id=canvas-node]')]
			.filter((n) => n.querySelector('[data-test-id=node-issues]'))
			.map((n) => n.getAttribute('data-node-name')),
	);
	if (marked.length) throw new Error(`issue markers on the canvas: ${marked.join(', ')}`);
	const stale = Object.keys(PANELS).filter((type) => !declared.some((n) => n.type === type));
	if (stale.length)
		throw new Error(`PANELS checks node types package.json does not declare: ${stale.join(', ')}`);
}

/** Opens the panels of one node type's check: no issue marker or error notice in any. */
async function nodePanels(/** @type {Ctx} */ ctx, /** @type {DeclaredNode} */ node) {
	const { page } = ctx;
	const missing = missingCheck(node);
	if (missing) throw new Error(missing);
	const made = ctx.panels;
	if (!made) throw new Error('the workflow with every node was not created');
	const entries = made.byType[node.type] ?? [];
	if (!entries.length) throw new Error(`the check of ${node.type} opens no panel`);
	// A check that failed before may have left a panel open or another page.
	if (!page.url().includes(`/workflow/${made.id}`) || (await page.evaluate(panelShown)))
		await openWorkflow(ctx, made.id);
	for (const { name, shows = [], outputs } of entries) {
		await openNode(ctx, name);
		// Dropdown values are checked against the service as the panel opens: let them settle
		// (n8n keeps its own connections open, so "idle" may never come: bounded).
		await page
			.waitForNetworkIdle({ idleTime: 300, timeout: bound('uiSettle') })
			.catch(() => undefined);
		const found = await page.evaluate(problems);
		if (found.length) throw new Error(`${name}: ${found.join('; ')}`);
		for (const field of shows) {
			const selector = `[data-test-id=ndv] [data-test-id=resource-locator-${field}], [data-test-id=ndv] [data-test-id=parameter-input-${field}]`;
			if (!(await page.$(selector))) throw new Error(`${name}: the panel shows no ${field} field`);
		}
		// Each list opens and fills: a missing list method only shows once a list is opened.
		for (const field of await page.evaluate(fromListFields)) {
			await listOf(ctx, field).catch((error) => {
				throw new Error(`${name}: ${error instanceof Error ? error.message : error}`);
			});
		}
		await closeNode(ctx);
		// The outputs the operation picked gives the node (an expression n8n evaluates).
		if (outputs) {
			const shown = await page.evaluate(outputLabels, name);
			if (JSON.stringify(shown) !== JSON.stringify(outputs))
				throw new Error(`${name}: the canvas shows the outputs ${JSON.stringify(shown)}`);
		}
	}
}

module.exports = { startParameters, missingCheck, everyNodeWorkflow, nodePanels, panelWorkflow };

// @ts-check
'use strict';

/**
 * The dropdowns: every resource locator's list fills from the sandbox, and Start's panel
 * says what is in effect before any run.
 */

const { randomUUID } = require('node:crypto');
const env = require('../../scripts/n8n/env');

const { CREDENTIAL, closeNode, listOf, openNode, openWorkflow, rest } = require('./editor');
const { everyNodeWorkflow, startParameters } = require('./panels');

/** @typedef {import('./editor').Ctx} Ctx */
/** @typedef {import('./panels').DeclaredNode} DeclaredNode */

async function dropdownsFill(/** @type {Ctx} */ ctx, /** @type {DeclaredNode[]} */ declared) {
	// Start a call, Change the voice and Update a knowledge base, on a workflow of their own.
	const types = [
		'voiceAgentCalling',
		'voiceAgentAssistant',
		'voiceAgentKnowledgeBase',
		'voiceAgentCampaign',
		'voiceAgentAnalytics',
	];
	const { id } = await everyNodeWorkflow(
		ctx,
		declared.filter((n) => types.includes(n.type)),
	);
	await openWorkflow(ctx, id);
	await openNode(ctx, 'Start a call');
	const assistants = await listOf(ctx, 'assistant');
	const chosen = startParameters().assistant.cachedResultName;
	if (!assistants.includes(chosen))
		throw new Error(`Assistant list ${JSON.stringify(assistants)} lacks ${chosen}`);
	const numbers = await listOf(ctx, 'fromNumber');
	// The list follows the assistant chosen above: each number is labelled with it.
	const others = numbers.filter((n) => !n.endsWith(`(${chosen})`));
	if (others.length)
		throw new Error(`From Number lists numbers of other assistants: ${others.join(', ')}`);
	await closeNode(ctx);
	await openNode(ctx, 'Change the voice');
	const voices = await listOf(ctx, 'voiceId');
	if (voices.length < 1) throw new Error('no voices listed');
	await closeNode(ctx);
	await openNode(ctx, 'Update a knowledge base');
	const kbs = await listOf(ctx, 'knowledgeBaseId');
	const seeded = require('../../sandbox').fixtures.KNOWLEDGE_BASES.map(
		(/** @type {{name: string}} */ k) => k.name,
	);
	if (JSON.stringify(kbs) !== JSON.stringify(seeded))
		throw new Error(`Knowledge base list ${JSON.stringify(kbs)} is not ${JSON.stringify(seeded)}`);
	await closeNode(ctx);
	// The campaigns by name (the list serves them newest first).
	await openNode(ctx, 'Get campaign results');
	const campaigns = await listOf(ctx, 'campaign');
	const named = require('../../sandbox').fixtures.CAMPAIGNS.map(
		(/** @type {{name: string}} */ c) => c.name,
	);
	if (JSON.stringify([...campaigns].sort()) !== JSON.stringify([...named].sort()))
		throw new Error(`Campaign list ${JSON.stringify(campaigns)} is not ${JSON.stringify(named)}`);
	await closeNode(ctx);
	// Analytics' filters: the same assistants as Start's list, the same campaigns.
	await openNode(ctx, 'Campaign report');
	const reportAssistants = await listOf(ctx, 'assistant');
	if (JSON.stringify(reportAssistants) !== JSON.stringify(assistants))
		throw new Error(
			`Analytics' Assistant list ${JSON.stringify(reportAssistants)} is not ${JSON.stringify(assistants)}`,
		);
	const reportCampaigns = await listOf(ctx, 'campaign');
	if (JSON.stringify([...reportCampaigns].sort()) !== JSON.stringify([...named].sort()))
		throw new Error(
			`Analytics' Campaign list ${JSON.stringify(reportCampaigns)} is not ${JSON.stringify(named)}`,
		);
	await closeNode(ctx);
}

/** The text of the open panel, and the value each given dropdown shows. */
async function panelState(/** @type {Ctx} */ ctx, /** @type {string[]} */ dropdowns) {
	return await ctx.page.evaluate((names) => {
		const ndv = /** @type {HTMLElement | null} */ (document.querySelector('[data-test-id=ndv]'));
		/** @type {Record<string, string | undefined>} */
		const values = {};
		for (const name of names) {
			const input = /** @type {HTMLInputElement | null} */ (
				ndv?.querySelector(`[data-test-id=parameter-input-${name}] input`) ?? null
			);
			values[name] = input?.value;
		}
		return { text: ndv?.innerText ?? '', values };
	}, dropdowns);
}

/**
 * Start's panel says what is in effect before any run: a new node (only its operation stored,
 * as the node creator leaves it) shows Duplicate Protection set to Automatic, its Look Back,
 * and a notice that From Number is required; a node saved with the old setting in the group
 * shows that setting.
 */
async function startPanelShowsWhatIsInEffect(
	/** @type {Ctx} */ ctx,
	/** @type {DeclaredNode[]} */ declared,
) {
	const calling = declared.find((n) => n.type === 'voiceAgentCalling');
	if (!calling) throw new Error('package.json declares no Voice Agent Calling node');
	const start = { resource: 'call', operation: 'start' };
	const workflow = {
		name: `UI: Start's panel ${Date.now()}`,
		active: false,
		connections: {},
		settings: { executionOrder: 'v1' },
		nodes: [
			['New Start', start],
			['Saved Start', { ...start, duplicates: { rerunGuard: 'off' } }],
		].map(([name, parameters], n) => ({
			id: randomUUID(),
			name,
			type: `${env.PACKAGE_NAME}.voiceAgentCalling`,
			typeVersion: calling.version,
			position: [n * 220, 0],
			parameters,
			credentials: CREDENTIAL,
		})),
	};
	const answer = await rest(ctx, 'POST', '/rest/workflows', workflow);
	const id = answer.json?.data?.id;
	if (answer.status !== 200 || !id)
		throw new Error(`creating the workflow: ${answer.status} ${answer.text}`);
	await openWorkflow(ctx, id);

	await openNode(ctx, 'New Start');
	await ctx.page.waitForSelector(
		'[data-test-id=ndv] [data-test-id=parameter-input-duplicateProtection]',
	);
	const fresh = await panelState(ctx, ['duplicateProtection']);
	const wanted = [
		'From Number is required',
		'Duplicate Protection',
		'Earlier Attempt Look Back',
		'Missing Prompt Variables',
	];
	const lacking = wanted.filter((w) => !fresh.text.includes(w));
	if (lacking.length) throw new Error(`a new Start's panel lacks ${lacking.join(', ')}`);
	if (fresh.values.duplicateProtection !== 'Automatic')
		throw new Error(
			`Duplicate Protection shows ${JSON.stringify(fresh.values.duplicateProtection)}`,
		);
	await closeNode(ctx);

	await openNode(ctx, 'Saved Start');
	await ctx.page.waitForSelector('[data-test-id=ndv] [data-test-id=parameter-input-rerunGuard]');
	const saved = await panelState(ctx, ['rerunGuard']);
	if (saved.values.rerunGuard !== 'Off')
		throw new Error(`the old setting shows ${JSON.stringify(saved.values.rerunGuard)}, not Off`);
	await closeNode(ctx);
}

module.exports = { dropdownsFill, startPanelShowsWhatIsInEffect };

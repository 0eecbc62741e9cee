// @ts-check
'use strict';

/**
 * What a user does in n8n's editor, one function per check of test/ui/run.js. Selectors are
 * the editor's own data-test-id attributes (the ones n8n's Playwright tests use), the same
 * in n8n 1.123 and 2.41 for everything here. Every wait is for something to appear, bounded
 * by the page's default timeout or another bound of lib/bounds.js: no fixed sleeps
 * decide a result.
 */

const fs = require('node:fs');
const path = require('node:path');
const { randomUUID } = require('node:crypto');

const env = require('../../scripts/n8n/env');
const { bound } = require('../../lib/bounds');
const { untilServed } = require('../../scripts/n8n/rest');

const REPO = env.REPO;
const CREDENTIAL = {
	voiceAgentApi: { id: 'vaSandboxCred001', name: 'Voice Agent (local sandbox)' },
};
const SECRET = 'ui-suite-secret-0123456789abcdef';

/**
 * @typedef {{ page: import('puppeteer-core').Page, base: string, sandbox: string, images?: string, major: 1 | 2, panels?: { id: string, byType: Record<string, PanelNode[]> } }} Ctx
 */

/** @returns {Ctx} */
function context(
	/** @type {import('puppeteer-core').Page} */ page,
	/** @type {string} */ base,
	/** @type {{ sandbox: string, screenshots?: string, major: 1 | 2 }} */ options,
) {
	// Leaving an edited workflow asks "Save changes before leaving?": the answer is no.
	page.on('dialog', (d) => void d.accept().catch(() => undefined));
	return {
		page,
		base,
		sandbox: options.sandbox,
		images: options.screenshots,
		major: options.major,
	};
}

const example = (/** @type {string} */ file) =>
	JSON.parse(fs.readFileSync(path.join(REPO, 'examples', file), 'utf8'));

/** A picture for the README (small: one panel, no device scaling), only with --screenshots. */
async function picture(/** @type {Ctx} */ ctx, /** @type {string} */ name) {
	if (!ctx.images) return;
	fs.mkdirSync(ctx.images, { recursive: true });
	// Toasts ("Workflow executed successfully") would cover the output.
	for (const close of await ctx.page.$$('.el-notification .el-notification__closeBtn'))
		await close.click().catch(() => undefined);
	await ctx.page
		.waitForFunction(
			() =>
				![...document.querySelectorAll('.el-notification')].some((e) =>
					e.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
				),
			{ polling: 100, timeout: bound('uiToast') },
		)
		.catch(() => undefined);
	await ctx.page.screenshot({ path: path.join(ctx.images, name), type: 'png' });
}

/** Clicks `target` until `done` appears (a panel that slides in moves its items meanwhile). */
async function clickUntil(
	/** @type {Ctx} */ ctx,
	/** @type {string} */ target,
	/** @type {string} */ done,
) {
	for (let attempt = 0; attempt < 5; attempt++) {
		const element = await ctx.page.waitForSelector(target, { visible: true });
		await element?.click().catch(() => undefined);
		if (await ctx.page.waitForSelector(done, { timeout: bound('uiAttempt') }).catch(() => null))
			return;
	}
	throw new Error(`clicking ${target} never showed ${done}`);
}

/** Waits until fn (run in the page) returns a truthy value; returns it. */
async function until(
	/** @type {Ctx} */ ctx,
	/** @type {string} */ what,
	/** @type {Function | string} */ fn,
	/** @type {any[]} */ ...args
) {
	try {
		const handle = await ctx.page.waitForFunction(
			/** @type {any} */ (fn),
			{ polling: 100 },
			...args,
		);
		return await handle.jsonValue();
	} catch (error) {
		throw new Error(`waited in vain for ${what}`);
	}
}

async function signIn(/** @type {Ctx} */ ctx) {
	const { page } = ctx;
	await page.goto(`${ctx.base}/signin`, { waitUntil: 'networkidle2' });
	await page.waitForSelector('input[name=emailOrLdapLoginId]');
	await page.type('input[name=emailOrLdapLoginId]', env.OWNER.email);
	await page.type('input[name=password]', env.OWNER.password);
	await page.click('[data-test-id=form-submit-button]');
	await until(
		ctx,
		'the home page after signing in',
		() => !location.pathname.startsWith('/signin'),
	);
}

/** Opens a workflow in the editor (its canvas drawn). */
async function openWorkflow(/** @type {Ctx} */ ctx, /** @type {string} */ id) {
	await ctx.page.goto(`${ctx.base}/workflow/${id}`, { waitUntil: 'networkidle2' });
	await ctx.page.waitForSelector(
		id === 'new' ? '[data-test-id=canvas-add-button]' : '[data-test-id=canvas-node]',
	);
}

/** The names the nodes panel lists right now. */
const listed = () =>
	[
		...document.querySelectorAll(
			'[data-test-id=node-creator] [data-test-id=node-creator-item-name]',
		),
	].map((e) => (e.textContent ?? '').trim());

/**
 * Searches the nodes panel: of a new workflow ("What triggers this workflow?") or, after
 * a trigger, "What happens next?". The panel lists a trigger that has events under its
 * name without " Trigger", as n8n does for every app.
 */
async function searchFinds(
	/** @type {Ctx} */ ctx,
	/** @type {'trigger' | 'next'} */ where,
	/** @type {string} */ query,
	/** @type {string[]} */ expected,
) {
	const { page } = ctx;
	if (where === 'trigger') {
		await openWorkflow(ctx, 'new');
		await page.click('[data-test-id=canvas-add-button]');
	} else {
		await openWorkflow(ctx, 'exStartCall');
		await page.click('[data-test-id=node-creator-plus-button]');
		await until(ctx, '"What happens next?"', () =>
			document
				.querySelector('[data-test-id=node-creator]')
				?.textContent?.includes('What happens next?'),
		);
	}
	await page.waitForSelector('[data-test-id=node-creator-search-bar]');
	await page.type('[data-test-id=node-creator-search-bar]', query);
	const accepted = expected.map((name) => [name, name.replace(/ Trigger$/, '')]);
	try {
		await page.waitForFunction(
			(accepted) => {
				const names = [
					...document.querySelectorAll(
						'[data-test-id=node-creator] [data-test-id=node-creator-item-name]',
					),
				].map((e) => (e.textContent ?? '').trim());
				return accepted.every((/** @type {string[]} */ ok) => ok.some((n) => names.includes(n)));
			},
			{ polling: 100 },
			accepted,
		);
	} catch {
		const names = await page.evaluate(listed);
		throw new Error(
			`searching "${query}" listed ${JSON.stringify(names)}; expected ${JSON.stringify(expected)}`,
		);
	}
	await page.keyboard.press('Escape');
}

/**
 * Calls n8n's REST API as the signed-in user (the editor's own session), through the one
 * waiting reader (scripts/n8n/rest.js): a 503 "Database is not ready!" is not an answer.
 */
async function rest(
	/** @type {Ctx} */ ctx,
	/** @type {string} */ method,
	/** @type {string} */ route,
	/** @type {any} */ body,
) {
	return await untilServed(method, `${method} ${route}`, () => restOnce(ctx, method, route, body));
}

/** One call of n8n's REST API from the page. */
async function restOnce(
	/** @type {Ctx} */ ctx,
	/** @type {string} */ method,
	/** @type {string} */ route,
	/** @type {any} */ body,
) {
	return await ctx.page.evaluate(
		async (method, route, body) => {
			const res = await fetch(route, {
				method,
				headers: {
					'content-type': 'application/json',
					'browser-id': localStorage.getItem('n8n-browserId') ?? '',
				},
				body: body === undefined ? undefined : JSON.stringify(body),
			});
			const text = await res.text();
			let json;
			try {
				json = JSON.parse(text);
			} catch {}
			return { status: res.status, json, text: text.slice(0, 500) };
		},
		method,
		route,
		body,
	);
}

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
		: `"${node.displayName}" (${node.type}) has no browser check: add its panel check to PANELS in test/ui/steps.js`;

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

/** Opens a node's panel from the canvas. */
async function openNode(/** @type {Ctx} */ ctx, /** @type {string} */ name) {
	const { page } = ctx;
	const selector = `[data-test-id=canvas-node][data-node-name="${name}"]`;
	// Select it, then Enter (the editor's shortcut): a double click can land while the
	// canvas is still fitting the view and only select the node.
	for (let attempt = 0; attempt < 3; attempt++) {
		const node = await page.waitForSelector(selector);
		await node?.click();
		await page.keyboard.press('Enter');
		const open = await page
			.waitForSelector('[data-test-id=ndv] [data-test-id=node-parameters]', {
				timeout: bound('uiAttempt'),
			})
			.catch(() => null);
		if (!open) continue;
		// The panel's title (n8n 2.x draws it in a header of its own).
		const title = await page.$eval('[data-test-id=ndv]', (e) => {
			const t = e.querySelector('[data-test-id=node-title-container]') ?? e;
			return /** @type {HTMLElement} */ (t).innerText.split('\n').slice(0, 3).join('\n');
		});
		if (title.includes(name)) return;
		// The click went to the canvas, not the node: Enter opened the node selected before.
		await closeNode(ctx);
	}
	throw new Error(`the panel of "${name}" did not open`);
}

/** Whether a node's panel is on screen (a fading one still takes clicks). */
const panelShown = () =>
	[...document.querySelectorAll('[data-test-id=ndv], [data-test-id=ndv-modal]')].some((e) =>
		e.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
	);

async function closeNode(/** @type {Ctx} */ ctx) {
	// n8n 1.x: "Back to canvas"; 2.x: a close button in the panel's header, or Escape.
	const back = await ctx.page.$('[data-test-id=back-to-canvas]');
	if (back) await back.click();
	else await ctx.page.keyboard.press('Escape');
	// Gone, not fading: a fading panel still takes the clicks meant for the canvas.
	await until(ctx, 'the panel to close', `!(${panelShown})()`);
}

/** Issue markers and error notices the editor shows, as text (empty when none). */
const problems = () =>
	[
		...document.querySelectorAll(
			'[data-test-id=ndv] [data-test-id=parameter-issues], [data-test-id=ndv] [data-test-id=node-issues], .el-notification--error, .el-notification.error',
		),
	].map(
		(e) => (e.getAttribute('data-test-id') ?? e.className) + ': ' + (e.textContent ?? '').trim(),
	);

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

/** The labels of a canvas node's main outputs, in order (run in the page). */
const outputLabels = (/** @type {string} */ name) =>
	[
		...document.querySelectorAll(
			`[data-test-id=canvas-node-output-handle][data-connection-type=main][data-node-name="${name}"]`,
		),
	]
		.sort((a, b) => Number(a.getAttribute('data-index')) - Number(b.getAttribute('data-index')))
		.map((e) => (e.textContent || '').trim());

/** The entries a resource locator's list shows now (an expression run in the page). */
const listItems = (/** @type {string} */ field) => `[...document.querySelectorAll(
	'[data-test-id=resource-locator-${field}] [data-test-id=rlc-item]')]
	.filter((e) => e.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
	.map((e) => (e.textContent || '').trim())`;

/** The fields of the open panel whose resource locator is in its "From List" mode. */
const fromListFields = () => [
	...new Set(
		[...document.querySelectorAll('[data-test-id=ndv] [data-test-id^="resource-locator-"]')]
			.filter((e) => {
				const mode = e.querySelector('[data-test-id=rlc-mode-selector] input');
				return /^from list$/i.test(/** @type {HTMLInputElement | null} */ (mode)?.value ?? '');
			})
			.map((e) => (e.getAttribute('data-test-id') ?? '').slice('resource-locator-'.length))
			// The list's popover wraps the locator and carries a test id of the same prefix.
			.filter((field) => field !== 'dropdown'),
	),
];

/** Whether a resource locator's list popover is on screen (fading out counts). */
const popoverShown = (/** @type {string} */ field) => `[...document.querySelectorAll(
	'[data-test-id=resource-locator-${field}] .el-popper, [data-test-id=resource-locator-${field}] [class*=popover]')]
	.some((e) => e.checkVisibility({ opacityProperty: true, visibilityProperty: true }))`;

/** The text of the error a list shows in place of its entries ("Could not load list"). */
const listError = `[...document.querySelectorAll('[data-test-id=rlc-error-container]')]
	.filter((e) => e.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
	.map((e) => (e.textContent || '').replace(/\\s+/g, ' ').trim()).join(' / ')`;

/** Opens a resource locator's list and returns the entries it shows; fails on its error. */
async function listOf(/** @type {Ctx} */ ctx, /** @type {string} */ field) {
	const { page } = ctx;
	const input = `[data-test-id=resource-locator-${field}] [data-test-id=rlc-input]`;
	// The list of the field above or below, closing, may still cover this one: a click then
	// picks one of its entries. Click only once this field's own input is on top.
	await page.$eval(input, (e) => e.scrollIntoView({ block: 'center' }));
	await until(
		ctx,
		`the ${field} field uncovered`,
		(/** @type {string} */ selector) => {
			const el = document.querySelector(selector);
			const r = el?.getBoundingClientRect();
			if (!el || !r) return false;
			const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
			const box = (/** @type {Element} */ e) => e.closest('[data-test-id=rlc-input-container]');
			if (!top) return false;
			return el.contains(top) || top.contains(el) || (box(el) !== null && box(top) === box(el));
		},
		input,
	);
	await page.click(input);
	try {
		await page.waitForFunction(`(${listItems(field)}).length > 0 || (${listError}) !== ''`, {
			polling: 100,
		});
	} catch {
		throw new Error(`the ${field} list did not fill`);
	}
	// The list first shows the value picked before; the service's answer replaces it.
	await page
		.waitForNetworkIdle({ idleTime: 500, timeout: bound('uiListSettle') })
		.catch(() => undefined);
	const error = /** @type {string} */ (await page.evaluate(listError));
	if (error) throw new Error(`the ${field} list shows "${error}"`);
	const items = /** @type {string[]} */ (await page.evaluate(listItems(field)));
	if (!items.length) throw new Error(`the ${field} list is empty`);
	// A click outside closes the list without changing the value.
	await page.click('[data-test-id=ndv] [data-test-id=tab-params]');
	// Gone, popover included: a fading one covers the next field and takes its click.
	await page
		.waitForFunction(`(${listItems(field)}).length === 0 && !(${popoverShown(field)})`, {
			polling: 100,
		})
		.catch(async () => {
			throw new Error(
				`the ${field} list stayed open: ${JSON.stringify(await page.evaluate(listItems(field)))}`,
			);
		});
	return items;
}

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
	if (fresh.values.duplicateProtection !== 'Automatic (Queue Executions)')
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

/** Runs the open workflow with "Execute workflow" and waits for the node to succeed. */
async function execute(/** @type {Ctx} */ ctx, /** @type {string} */ node) {
	const { page } = ctx;
	await page.click('[data-test-id=execute-workflow-button]');
	await until(
		ctx,
		`"${node}" to run successfully`,
		(name) => {
			const el = document.querySelector(`[data-test-id=canvas-node][data-node-name="${name}"]`);
			if (!el) return false;
			if (el.querySelector('[data-test-id=canvas-node-status-error]')) return 'error';
			return Boolean(el.querySelector('[data-test-id=canvas-node-status-success]'));
		},
		node,
	).then((state) => {
		if (state === 'error') throw new Error(`"${node}" failed`);
	});
}

/** Shows the output panel's JSON view (what is in the items, not how it is drawn). */
async function showJson(/** @type {Ctx} */ ctx) {
	await clickUntil(
		ctx,
		'[data-test-id=output-panel] [data-test-id=radio-button-json]',
		'[data-test-id=output-panel] [data-test-id=radio-button-json][class*=active], [data-test-id=output-panel] .json-data, [data-test-id=output-panel] [data-test-id=run-data-json]',
	).catch(() => undefined);
}

async function runStartACall(/** @type {Ctx} */ ctx) {
	const { page } = ctx;
	await openWorkflow(ctx, 'exStartCall');
	await execute(ctx, 'Start a call');
	await openNode(ctx, 'Start a call');
	await showJson(ctx);
	// The JSON view puts a key and its value on separate lines.
	const shown = [/"status":\s*"completed"/, /"transcript[a-z_]*":/, /Hi Ada Lovelace/];
	try {
		await page.waitForFunction(
			(sources) => {
				const text =
					/** @type {HTMLElement} */ (document.querySelector('[data-test-id=output-panel]'))
						?.innerText ?? '';
				return sources.every((/** @type {string} */ s) => new RegExp(s).test(text));
			},
			{ polling: 200 },
			shown.map((r) => r.source),
		);
	} catch {
		const text = await page.$eval(
			'[data-test-id=output-panel]',
			(e) => /** @type {HTMLElement} */ (e).innerText,
		);
		throw new Error(`the output does not show ${shown.join(', ')}:\n${text.slice(0, 800)}`);
	}
	await picture(ctx, 'node-panel.png');
	await closeNode(ctx);
}

async function runDialASheet(/** @type {Ctx} */ ctx) {
	const { page } = ctx;
	await openWorkflow(ctx, 'exDialSheet');
	await execute(ctx, 'Call every row');
	await openNode(ctx, 'Call every row');
	const table = await page.$('[data-test-id=output-panel] [data-test-id=radio-button-table]');
	await table?.click();
	const count = await until(ctx, 'three output items', () => {
		const text =
			/** @type {HTMLElement} */ (document.querySelector('[data-test-id=output-panel]'))
				?.innerText ?? '';
		return /\b3 items?\b/.test(text) ? 3 : undefined;
	});
	if (count !== 3) throw new Error(`expected 3 items, saw ${count}`);
	await picture(ctx, 'sheet-run.png');
	await closeNode(ctx);
}

async function setUpWebhookTrigger(/** @type {Ctx} */ ctx) {
	const { page } = ctx;
	await openWorkflow(ctx, 'new');
	await page.click('[data-test-id=canvas-add-button]');
	await page.waitForSelector('[data-test-id=node-creator-search-bar]');
	await page.type('[data-test-id=node-creator-search-bar]', 'voice agent webhook');
	await clickUntil(
		ctx,
		'[data-test-id=node-creator] ::-p-text(Voice Agent Webhook)',
		'[data-test-id=node-creator] ::-p-text(On call ended and processed)',
	);
	// The trigger's events, by the names the node uses (the list slides in: click once settled).
	await clickUntil(
		ctx,
		'[data-test-id=node-creator] ::-p-text(On call ended and processed)',
		'[data-test-id=ndv] [data-test-id=parameter-input-secret]',
	);
	await until(
		ctx,
		'the notice that the Secret is needed',
		(t) => {
			const text =
				/** @type {HTMLElement} */ (document.querySelector('[data-test-id=ndv]'))?.innerText ?? '';
			return text.includes(t);
		},
		'Fill in a secret of at least 16 characters',
	);
	const input = '[data-test-id=parameter-input-secret] input';
	// Shown while the Secret is empty (a short one is refused when the trigger listens). The
	// whole secret in one input event, as a paste: typed key by key, the notice went with the
	// first character, and "Execute step" could run before the editor held the rest (the
	// trigger refused the short secret and the test URL was never registered).
	await page.focus(input);
	await page.$eval(
		input,
		(el, value) => {
			const field = /** @type {HTMLInputElement} */ (el);
			field.value = value;
			field.dispatchEvent(new Event('input', { bubbles: true }));
		},
		SECRET,
	);
	await until(ctx, 'the notice to go once a secret is filled in', () => {
		const text =
			/** @type {HTMLElement} */ (document.querySelector('[data-test-id=ndv]'))?.innerText ?? '';
		return !text.includes('Fill in a secret');
	});
	const found = await page.evaluate(problems);
	if (found.length) throw new Error(`issues after setting it up: ${found.join('; ')}`);
	await picture(ctx, 'webhook-trigger.png');

	// Listen for a test event, then send one as the service would.
	await page.click('[data-test-id=ndv] [data-test-id=node-execute-button]');
	await until(ctx, 'the panel to listen', () =>
		/Listening/i.test(
			/** @type {HTMLElement} */ (document.querySelector('[data-test-id=ndv]'))?.innerText ?? '',
		),
	);
	const webhookId = await page.evaluate(() => {
		// The URL the panel shows under "Webhook URLs": read it from the page's text.
		const text =
			/** @type {HTMLElement} */ (document.querySelector('[data-test-id=ndv]'))?.innerText ?? '';
		return /\/webhook-test\/([^\s/]+)\/events/.exec(text)?.[1];
	});
	const id = webhookId ?? (await testWebhookId(ctx));
	const url = `${ctx.base}/webhook-test/${id}/events`;
	const callId = randomUUID();
	const res = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json', 'x-voice-agent-secret': SECRET },
		body: JSON.stringify({
			event_type: 'all_processing_completed',
			call_id: callId,
			agent_id: randomUUID(),
			status: 'completed',
			to_number: '+14155550123',
			transcript: [{ bot: 'Hello, this is a test.' }, { user: 'Hi!' }],
			recording_url: null,
		}),
	});
	if (res.status !== 200)
		throw new Error(`the test URL answered ${res.status}: ${await res.text()}`);
	await until(
		ctx,
		'the event in the output',
		(c) => {
			const out =
				/** @type {HTMLElement} */ (document.querySelector('[data-test-id=output-panel]'))
					?.innerText ?? '';
			return out.includes(c);
		},
		callId,
	);
	await closeNode(ctx);
}

/**
 * The Polling Trigger with Outcomes No Answer and Busy: Fetch Test Event finds nothing (the
 * history reports such calls as failed) and the panel says why, instead of staying empty.
 */
async function pollingTestSaysWhy(/** @type {Ctx} */ ctx) {
	const { page } = ctx;
	const workflow = {
		name: `UI: polling trigger, nothing matching ${Date.now()}`,
		active: false,
		connections: {},
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: randomUUID(),
				name: 'When a call ends',
				type: `${env.PACKAGE_NAME}.voiceAgentTrigger`,
				typeVersion: 1,
				position: [0, 0],
				parameters: {
					event: 'callEnded',
					assistant: { __rl: true, mode: 'list', value: '' },
					filters: { outcomes: ['no_answer', 'busy'] },
				},
				credentials: CREDENTIAL,
			},
		],
	};
	const answer = await rest(ctx, 'POST', '/rest/workflows', workflow);
	const id = answer.json?.data?.id;
	if (answer.status !== 200 || !id)
		throw new Error(`creating the workflow: ${answer.status} ${answer.text}`);
	await openWorkflow(ctx, id);
	await openNode(ctx, 'When a call ends');
	const hint = 'usually shows there as Failed';
	const ndvText = () =>
		/** @type {HTMLElement} */ (document.querySelector('[data-test-id=ndv]'))?.innerText ?? '';
	if (!(await page.evaluate(ndvText)).includes(hint))
		throw new Error(`the Outcomes field does not say what the history can tell ("${hint}")`);
	await page.click('[data-test-id=ndv] [data-test-id=node-execute-button]');
	// The error's message names the filter; its description (Not Reached) is under it.
	await until(ctx, 'the panel to say why nothing was fetched', () => {
		const text =
			/** @type {HTMLElement} */ (document.querySelector('[data-test-id=ndv]'))?.innerText ?? '';
		return /No ended call with the Outcomes chosen \(no_answer, busy\)/.test(text);
	});
	await closeNode(ctx);
}

/** The webhook id of the one node of the open (saved) workflow, from the REST API. */
async function testWebhookId(/** @type {Ctx} */ ctx) {
	const id = /\/workflow\/([^/?#]+)/.exec(ctx.page.url())?.[1];
	const answer = await rest(ctx, 'GET', `/rest/workflows/${id}`);
	const node = answer.json?.data?.nodes?.find((/** @type {any} */ n) => n.webhookId);
	if (!node) throw new Error(`no webhook id on the saved workflow ${id}`);
	return node.webhookId;
}

module.exports = {
	context,
	pollingTestSaysWhy,
	signIn,
	searchFinds,
	missingCheck,
	panelWorkflow,
	nodePanels,
	dropdownsFill,
	startPanelShowsWhatIsInEffect,
	runStartACall,
	runDialASheet,
	setUpWebhookTrigger,
};

// @ts-check
'use strict';

/**
 * The editor as the browser suite drives it: the page's context, signing in, the nodes panel,
 * opening workflows and nodes, reading a resource locator's list, running a workflow, n8n's
 * REST API from the page, and the README's pictures. Selectors are the editor's own
 * data-test-id attributes; every wait is for something to appear, bounded (lib/bounds.js).
 */

const fs = require('node:fs');
const path = require('node:path');
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

module.exports = {
	CREDENTIAL,
	SECRET,
	context,
	example,
	picture,
	execute,
	until,
	clickUntil,
	signIn,
	openWorkflow,
	searchFinds,
	rest,
	openNode,
	closeNode,
	panelShown,
	problems,
	outputLabels,
	fromListFields,
	listOf,
	showJson,
};

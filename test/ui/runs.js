// @ts-check
'use strict';

/**
 * What runs from the editor: the examples "Start a call" and "Dial a sheet", the Webhook
 * Trigger set up and fired, the Polling Trigger's Fetch Test Event saying why it is empty.
 */

const { randomUUID } = require('node:crypto');
const env = require('../../scripts/n8n/env');

const {
	CREDENTIAL,
	SECRET,
	clickUntil,
	closeNode,
	execute,
	openNode,
	openWorkflow,
	picture,
	problems,
	rest,
	showJson,
	until,
} = require('./editor');

/** @typedef {import('./editor').Ctx} Ctx */

async function runStartACall(/** @type {Ctx} */ ctx) {
	const { page } = ctx;
	await openWorkflow(ctx, 'exStartCall');
	await execute(ctx, 'Start a call');
	await openNode(ctx, 'Start a call');
	await showJson(ctx);
	// The JSON view puts a key and its value on separate lines.
	const shown = [/"status":\s*"completed"/, /"transcript[a-z_]*":/, /Hi Katherine Johnson/];
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

module.exports = { runStartACall, runDialASheet, setUpWebhookTrigger, pollingTestSaysWhy };

#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * `npm run test:ui`: the package in n8n's editor, as a user meets it, in a real browser.
 *
 *   npm run test:ui                    n8n 2.x
 *   npm run test:ui -- --n8n1          n8n 1.x
 *   npm run test:ui -- --screenshots   also (re)write the README's pictures in docs/images/
 *
 * Starts `npm run dev` (n8n + the local sandbox, the examples imported, an owner account) on
 * free ports and a throwaway user folder, then drives Debian's chromium through
 * puppeteer-core: signs in, searches the nodes panel for every node package.json declares,
 * opens each one's panels (a declared node without a check fails), fills the
 * dropdowns, runs "Start a call" and sets up the webhook trigger. Any error the page logs
 * fails the check it happened in, except n8n's own offline noise (IGNORED, each with its
 * reason). Ends with one line: `ui-n8nN: N passed, N failed`.
 *
 *   --no-build       use dist/ as it is (also when E2E_BUILT=1, as in CI)
 * Every wait is bounded by lib/bounds.js (TEST_BOUNDS_SCALE scales them); a page error or
 * `npm run dev` exiting fails the running check at once.
 * Environment: CHROMIUM (default /usr/bin/chromium), UI_KEEP=1 keeps the user folder,
 * UI_BASE=http://localhost:5678 and UI_SANDBOX=http://127.0.0.1:4010/ca/api/v0 use an n8n
 * already started by `npm run dev`.
 */

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const env = require('../../scripts/n8n/env');
const { bound } = require('../../lib/bounds');
const { selectedMajor } = require('../../scripts/n8n/install');

const REPO = env.REPO;
const argv = process.argv.slice(2);
const major = selectedMajor(argv);
const SCREENSHOTS = argv.includes('--screenshots');
const IMAGES = path.join(REPO, 'docs', 'images');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const LABEL = `ui-n8n${major}`;

/**
 * The nodes package.json declares (n8n.nodes), read from their built classes as n8n loads
 * them: the type name and the name the nodes panel shows. A hand-kept list would let a new
 * node go unchecked; each one needs its browser check (PANELS in test/ui/panels.js).
 * @returns {import('./steps').DeclaredNode[]}
 */
function declaredNodes() {
	const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
	const files = /** @type {string[]} */ (pkg.n8n?.nodes ?? []);
	if (!files.length) throw new Error("package.json's n8n.nodes lists no node");
	return files.map((file) => {
		// n8n takes the class named like the file: VoiceAgentTrigger.node.js → VoiceAgentTrigger.
		const className = path.basename(file).split('.')[0];
		const NodeClass = require(path.join(REPO, file))[className];
		if (typeof NodeClass !== 'function') throw new Error(`${file} exports no class ${className}`);
		const d = new NodeClass().description;
		return {
			type: d.name,
			displayName: d.displayName,
			version: Math.max(...[d.version].flat()),
			trigger: d.group.includes('trigger'),
			webhook: Boolean(d.webhooks?.length),
		};
	});
}

/**
 * Console errors of n8n itself, offline on a machine without internet or a license; none
 * comes from this package. Each entry: what it matches, and why it is not ours.
 * @type {Array<{ match: RegExp, why: string }>}
 */
const IGNORED = [
	{
		match: /\/rest\/login\b.*401|401.*\/rest\/login\b/,
		why: 'the sign-in page asks who is signed in before anyone is',
	},
	{
		match: /api\.n8n\.io|Failed to fetch dynamic banners/,
		why: "n8n's banners and news come from n8n's servers: offline here",
	},
	{
		// A request that never reached a host on the internet; never one to this machine.
		match: /net::ERR_\w+ \(https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/,
		why: "the editor looks up the community package's details on the public npm registry: offline here",
	},
	{
		match: /\/rest\/ai\/|sessions metadata|Plan lacks license|license/i,
		why: "n8n's AI assistant needs a license this local instance does not have",
	},
	{
		match: /executions\/last-successful.*404|404.*executions\/last-successful/,
		why: 'a workflow that never ran has no last successful execution',
	},
	{
		match: /Cannot read properties of undefined \(reading 'enabled'\)/,
		why: "n8n 1.123's settings store reads a module setting the offline instance does not send",
	},
	{
		match: /telemetry|rudderstack|posthog|sentry/i,
		why: "n8n's telemetry is switched off, its clients still try",
	},
	{
		match:
			/\/rest\/(cloud|templates|community-node-types|dynamic-credentials)|community-node-types/,
		why: "n8n's cloud, templates and community catalogue are off or offline here",
	},
	{
		match: /\/types\/(nodes|credentials)\.json.*404|404.*\/types\//,
		why: 'type hints for code editors n8n serves only when built with them',
	},
	{
		match: /404.*\/schemas\/n8n-nodes-base\.|\/schemas\/n8n-nodes-base\..*\(/,
		why: "output schemas of n8n's own nodes, not shipped with this n8n build",
	},
];

const log = (/** @type {string} */ s) => console.log(`[${LABEL}] ${s}`);
const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

/** @type {import('node:child_process').ChildProcess | undefined} */
let dev;
/** @type {import('puppeteer-core').Browser | undefined} */
let browser;
let userFolder = '';

async function startDev() {
	const [n8nPort, sandboxPort] = await env.freePorts(2);
	userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'voice-agent-ui-'));
	const args = [path.join(REPO, 'scripts', 'dev', 'dev.js')];
	args.push(major === 2 ? '--n8n2' : '--n8n1');
	if (argv.includes('--no-build') || process.env.E2E_BUILT === '1') args.push('--no-build');
	log(`starting npm run dev on port ${n8nPort} (sandbox ${sandboxPort})...`);
	dev = spawn(process.execPath, args, {
		cwd: REPO,
		env: {
			...process.env,
			N8N_PORT: String(n8nPort),
			SANDBOX_PORT: String(sandboxPort),
			// Calls end in one to three seconds, so the run below waits seconds, not a minute.
			SANDBOX_SPEED: '20',
			DEV_USER_FOLDER: userFolder,
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const child = dev;
	let output = '';
	await new Promise((resolve, reject) => {
		const timer = setTimeout(
			() => reject(new Error(`npm run dev did not start:\n${output.slice(-3000)}`)),
			bound('devStart'),
		);
		const onData = (/** @type {Buffer} */ chunk) => {
			output += chunk.toString();
			if (output.includes('is running.')) {
				clearTimeout(timer);
				resolve(undefined);
			}
		};
		child.stdout?.on('data', onData);
		child.stderr?.on('data', onData);
		child.on('exit', (code) => {
			clearTimeout(timer);
			reject(new Error(`npm run dev exited (${code}):\n${output.slice(-3000)}`));
		});
	});
	return {
		base: `http://localhost:${n8nPort}`,
		sandbox: `http://127.0.0.1:${sandboxPort}/ca/api/v0`,
	};
}

async function stopDev() {
	if (!dev || dev.exitCode !== null) return;
	const child = dev;
	const exited = new Promise((r) => child.once('exit', r));
	// dev.js stops n8n (its whole process group) and the sandbox on SIGTERM.
	child.kill('SIGTERM');
	await Promise.race([exited, sleep(bound('devStop'))]);
	if (child.exitCode === null) child.kill('SIGKILL');
}

/** Chromium through puppeteer-core, with one page whose waits are bounded. */
async function openPage() {
	const puppeteer = require('puppeteer-core');
	browser = await puppeteer.launch({
		executablePath: CHROMIUM,
		// DevTools over a pipe: the browser opens no debugging port at all.
		pipe: true,
		args: ['--no-sandbox', '--headless=new', '--disable-gpu', '--lang=en-US'],
		defaultViewport: { width: 1280, height: 800 },
	});
	const page = await browser.newPage();
	// A failure bound, not the expected time: a loaded machine keeps the editor on "Loading"
	// for 20 s and more. What is certain fails at once (below: page errors, dev exiting).
	page.setDefaultTimeout(bound('uiWait'));
	page.setDefaultNavigationTimeout(bound('uiWait'));
	return page;
}

/**
 * The runner of one check on the page: it fails on what the page logs meanwhile (n8n's
 * offline noise left out), at once on a page error or `npm run dev` exiting, and keeps a
 * screenshot of each failure.
 * @param {import('puppeteer-core').Page} page
 */
function checker(page) {
	/** Errors the page logged since the current check began, n8n's offline noise left out. */
	let errors = /** @type {string[]} */ ([]);
	const note = (/** @type {string} */ text) => {
		if (!IGNORED.some((i) => i.match.test(text))) errors.push(text.slice(0, 500));
	};
	page.on('console', (m) => {
		if (m.type() === 'error') note(`${m.text()} (${m.location()?.url ?? ''})`);
	});
	/** Rejects the running check at its first page error or when `npm run dev` exits. */
	let abort = (/** @type {Error} */ _error) => {};
	page.on('pageerror', (e) => {
		const text = `page error: ${e instanceof Error ? e.message : String(e)}`;
		note(text);
		if (!IGNORED.some((i) => i.match.test(text))) abort(new Error(text));
	});
	dev?.once('exit', (code) => abort(new Error(`npm run dev exited (${code}) during the check`)));
	page.on('response', (r) => {
		// Failed requests of the package's own endpoints (dropdowns, credential test, runs).
		if (r.status() >= 500) note(`${r.status()} ${r.request().method()} ${r.url()}`);
	});

	const results = { passed: 0, failed: 0 };
	/** @param {string} name @param {() => Promise<void>} fn */
	const check = async (name, fn) => {
		errors = [];
		const t0 = Date.now();
		try {
			await Promise.race([
				fn(),
				new Promise((_resolve, reject) => {
					abort = reject;
				}),
			]);
			if (errors.length) throw new Error(`the page logged errors:\n  ${errors.join('\n  ')}`);
			results.passed++;
			console.log(`  ✓ ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
		} catch (error) {
			results.failed++;
			const shot = path.join(userFolder, `failed-${results.failed}.png`);
			await page.screenshot({ path: shot }).catch(() => undefined);
			const message = error instanceof Error ? error.message : String(error);
			console.log(
				`  ✕ ${name}\n    ${message.split('\n').join('\n    ')}\n    screenshot: ${shot}`,
			);
		}
	};
	return { check, results };
}

/**
 * @param {string} base @param {string} sandbox
 */
async function main(base, sandbox) {
	// After startDev: it builds dist/.
	const nodes = declaredNodes();
	const names = nodes.map((n) => n.displayName);
	const all = `all ${nodes.length} nodes`;
	const page = await openPage();
	const { check, results } = checker(page);

	const ui = require('./steps');
	const ctx = ui.context(page, base, {
		sandbox,
		screenshots: SCREENSHOTS ? IMAGES : undefined,
		major,
	});

	await check('signs in with the local owner account', () => ui.signIn(ctx));
	await check(`nodes panel, new workflow: "voice agent" finds ${all}`, () =>
		ui.searchFinds(ctx, 'trigger', 'voice agent', names),
	);
	await check(`nodes panel, new workflow: "ringg" finds ${all}`, () =>
		ui.searchFinds(ctx, 'trigger', 'ringg', names),
	);
	await check(
		`nodes panel, "What happens next?": "voice agent" and "ringg" find ${all}`,
		async () => {
			await ui.searchFinds(ctx, 'next', 'voice agent', names);
			await ui.searchFinds(ctx, 'next', 'ringg', names);
		},
	);
	await check('a workflow with every node opens without an issue marker on the canvas', () =>
		ui.panelWorkflow(ctx, nodes),
	);
	// One check per declared node: one without a browser check fails here.
	for (const node of nodes) {
		await check(`${node.displayName}: its panels open and their lists fill, without an error`, () =>
			ui.nodePanels(ctx, node),
		);
	}
	await check(
		"Assistant, From Number, voice, knowledge base and campaign dropdowns fill from the service (Analytics' filters too)",
		() => ui.dropdownsFill(ctx, nodes),
	);
	await check(
		"Start's panel shows Duplicate Protection's mode and that From Number is required",
		() => ui.startPanelShowsWhatIsInEffect(ctx, nodes),
	);
	await check('"Start a call" runs from the editor and shows the transcript', () =>
		ui.runStartACall(ctx),
	);
	await check('"Dial a sheet" runs from the editor: one call per row', () => ui.runDialASheet(ctx));
	await check('the webhook trigger is set up from its panel and receives an event', () =>
		ui.setUpWebhookTrigger(ctx),
	);
	await check(
		'the polling trigger with Outcomes No Answer and Busy: an empty Fetch Test Event says why',
		() => ui.pollingTestSaysWhy(ctx),
	);

	console.log(`${LABEL}: ${results.passed} passed, ${results.failed} failed`);
	return results.failed === 0;
}

let finished = false;
async function cleanup() {
	if (finished) return;
	finished = true;
	await browser?.close().catch(() => undefined);
	await stopDev();
	if (userFolder && process.env.UI_KEEP !== '1') {
		// Screenshots of failed checks stay for CI logs; the rest of the folder goes.
		const keep = fs.readdirSync(userFolder).some((f) => f.startsWith('failed-'));
		if (!keep) fs.rmSync(userFolder, { recursive: true, force: true });
	}
}
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
	process.on(signal, () => void cleanup().then(() => process.exit(1)));
}

(async () => {
	let ok = false;
	try {
		if (!fs.existsSync(CHROMIUM))
			throw new Error(`no browser at ${CHROMIUM} (apt-get install -y chromium)`);
		// UI_BASE: an n8n already running with `npm run dev` (while writing a check).
		const { base, sandbox } = process.env.UI_BASE
			? { base: process.env.UI_BASE, sandbox: String(process.env.UI_SANDBOX) }
			: await startDev();
		if (!userFolder) userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'voice-agent-ui-'));
		ok = await main(base, sandbox);
	} catch (error) {
		console.error(`[${LABEL}] ${error instanceof Error ? error.stack : error}`);
		console.log(`${LABEL}: 0 passed, 1 failed`);
	}
	await cleanup();
	process.exit(ok ? 0 : 1);
})();

#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * Starts the sandbox for development, demos and end-to-end tests:
 *   node sandbox/cli.js [--port 4010] [--speed 1] [--fast] [--seed 1] [--latency 0] [--shape live|docs]
 *     [--large-flow page|schema] [--campaign-statuses page|schema] [--week on|'<json>']
 *     [--rate-limit 10/1000] [--no-retry-after] [--quiet]
 * Environment: SANDBOX_PORT, SANDBOX_SPEED, SANDBOX_SEED, SANDBOX_LATENCY_MS, SANDBOX_SHAPE,
 *   SANDBOX_LARGE_FLOW, SANDBOX_CAMPAIGN_STATUSES, SANDBOX_WEEK, SANDBOX_RATE_LIMIT.
 * --week: a bad week from the start (README "A bad week"): `on` for its defaults, or its
 *   settings as JSON, e.g. --week '{"mix": "answered=40,no_answer=25", "outageHour": 13}'.
 * --rate-limit N/MS: at most N API requests in any MS milliseconds, the rest answered 429
 * (with Retry-After; --no-retry-after: without).
 * --fast is --speed 20: a call completes in one to three seconds instead of 20-60.
 */

const crypto = require('node:crypto');

const { createSandbox, DEFAULT_API_KEY } = require('./index');

/** @param {string[]} argv */
function parseArgs(argv) {
	/** @type {Record<string, string | boolean>} */
	const out = {};
	for (let i = 0; i < argv.length; i++) {
		const m = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]);
		if (!m) throw new Error(`unexpected argument ${argv[i]}`);
		if (m[2] !== undefined) out[m[1]] = m[2];
		else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--')) out[m[1]] = argv[++i];
		else out[m[1]] = true;
	}
	return out;
}

/** --week / SANDBOX_WEEK: off when absent, `on` for the defaults, else JSON settings. @param {unknown} value */
function weekOf(value) {
	if (value === undefined || value === 'off') return undefined;
	if (value === true || value === 'on') return {};
	try {
		return JSON.parse(String(value));
	} catch {
		throw new Error(`week must be on, off or JSON settings, got ${value}`);
	}
}

/**
 * --rate-limit N/MS (or SANDBOX_RATE_LIMIT) and --no-retry-after: the workspace's request limit.
 * @param {Record<string, string | boolean>} args
 */
function rateLimitOf(args) {
	const text = args['rate-limit'] ?? process.env.SANDBOX_RATE_LIMIT;
	if (text === undefined) return undefined;
	const m = /^(\d+)\/(\d+)$/.exec(String(text));
	if (!m) throw new Error(`rate-limit must be N/MS (e.g. 10/1000), got ${text}`);
	return { requests: Number(m[1]), perMs: Number(m[2]), retryAfter: !args['no-retry-after'] };
}

/** @param {unknown} value @param {string} name */
function number(value, name) {
	const n = Number(value);
	if (!Number.isFinite(n)) throw new Error(`${name} must be a number, got ${value}`);
	return n;
}

async function main() {
	const args = parseArgs(process.argv.slice(2));
	if (args.help) {
		console.log(
			'usage: node sandbox/cli.js [--port 4010] [--speed 1 | --fast] [--seed 1] [--latency ms] [--shape live|docs] [--large-flow page|schema] [--campaign-statuses page|schema] [--week on|<json>] [--rate-limit N/MS [--no-retry-after]] [--quiet]',
		);
		return;
	}
	const port = number(args.port ?? process.env.SANDBOX_PORT ?? 4010, 'port');
	const speed = args.fast ? 20 : number(args.speed ?? process.env.SANDBOX_SPEED ?? 1, 'speed');
	const seed = number(args.seed ?? process.env.SANDBOX_SEED ?? 1, 'seed');
	// n8n keeps its memory across restarts (the Webhook Trigger's calls seen): ids made again
	// by a restarted sandbox would be taken for calls already seen. Fixed only when asked for.
	const fixedIds = args.seed !== undefined || process.env.SANDBOX_SEED !== undefined;
	const idSalt = fixedIds ? undefined : crypto.randomBytes(6).toString('hex');
	const latency = number(args.latency ?? process.env.SANDBOX_LATENCY_MS ?? 0, 'latency');
	const shape = String(args.shape ?? process.env.SANDBOX_SHAPE ?? 'live');
	if (shape !== 'live' && shape !== 'docs') throw new Error('shape must be live or docs');
	// Campaigns: which documented variant of the large flow, which campaign_status words.
	const largeFlow = String(args['large-flow'] ?? process.env.SANDBOX_LARGE_FLOW ?? 'page');
	const campaignStatuses = String(
		args['campaign-statuses'] ?? process.env.SANDBOX_CAMPAIGN_STATUSES ?? 'page',
	);
	for (const [name, v] of [
		['large-flow', largeFlow],
		['campaign-statuses', campaignStatuses],
	])
		if (v !== 'page' && v !== 'schema') throw new Error(`${name} must be page or schema`);
	const quiet = Boolean(args.quiet);
	const week = weekOf(args.week ?? process.env.SANDBOX_WEEK);
	const rateLimit = rateLimitOf(args);
	const sandbox = await createSandbox({
		port,
		clock: 'real',
		speed,
		seed,
		idSalt,
		latencyMs: latency,
		shape,
		largeFlow: /** @type {'page' | 'schema'} */ (largeFlow),
		campaignStatuses: /** @type {'page' | 'schema'} */ (campaignStatuses),
		week,
		apiKey: DEFAULT_API_KEY,
		rateLimit,
		log: quiet ? undefined : (line) => console.log(`[sandbox] ${line}`),
	});
	console.log(
		`Voice agent sandbox listening (speed ${speed}, seed ${seed}, ${idSalt ? 'ids unique to this start' : 'ids fixed by the seed'})`,
	);
	console.log(`  Base URL: ${sandbox.url}`);
	console.log(`  API key:  ${sandbox.apiKey}`);
	console.log(`  Control:  ${sandbox.origin}/__sandbox/state`);
	if (week) console.log(`  A bad week: ${JSON.stringify(sandbox.week)}`);
	const stop = () => {
		sandbox.close().then(() => process.exit(0));
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

main().catch((error) => {
	console.error(`sandbox: ${error.message}`);
	process.exit(1);
});

#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * Pacing under a workspace request limit: the sandbox serves at most --limit requests a second
 * (a sliding window; the rest answered 429), and separate Node processes, each standing for an
 * n8n worker, run Call › Start over a sheet of --rows rows at the same time, through the
 * package's build (dist/) in n8n-core's execution engine (the engine the unit suites and n8n
 * run). The processes share nothing but the service. Side by side in one invocation:
 *
 *   one process alone, Retry-After        the baseline: what one execution makes of the limit
 *   --processes processes, Retry-After    the workspace limit shared (the issue's case)
 *   --processes processes, no Retry-After the other reading of FACTS (no header): backoff only
 *
 *   npm run bench:pacing                                  150 rows a process, 10 requests/s, 2 processes
 *   npm run bench:pacing -- --rows=300 --limit=20 --processes=3
 *   npm run bench:pacing -- --dist=/tmp/old/dist     also runs another build (an older commit's
 *                                                    dist/, built in a copy of that commit)
 *
 * Prints per run: rows, rows failed, rows placed twice, requests served and answered 429,
 * the share of the limit used (served / what the limit allows from the first served request
 * to the last, plus one window), and the time. Goals (the issue): 0 rows failed, 0 placed
 * twice, >= 90 % of the limit used with two processes and Retry-After.
 */

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');

const { createSandbox } = require('../sandbox');
const { arg, textArg } = require('./lib');

const ROWS = arg('rows', 150);
const LIMIT = arg('limit', 10);
const PROCESSES = Math.max(2, arg('processes', 2));
const PER_MS = 1000;
/** Another build to compare with (e.g. an older commit's dist/), run as a fourth line. */
const OTHER_DIST = textArg('dist');
const GOAL_SHARE = 0.9;
const AGENT = 'a1a1a1a1-0000-4000-8000-000000000001';
const FROM = '+14155550100';

/** Start's parameters as the editor saves them: its defaults (10 at a time, no calls/minute). */
const START = {
	resource: 'call',
	operation: 'start',
	assistant: { __rl: true, mode: 'id', value: AGENT },
	name: '={{ $json.name }}',
	mobileNumber: '={{ $json.phone }}',
	fromNumber: { __rl: true, mode: 'number', value: FROM },
	variablesMode: 'none',
	missingVariables: 'ignore',
};

/**
 * In a child process: one execution of Start over `rows` rows numbered from `prefix`, with
 * Continue On Fail (a failed row is an output, not the end), printing one JSON line.
 * @param {{url: string, apiKey: string, rows: number, prefix: string, dist?: string}} spec
 */
async function child(spec) {
	const core = require('n8n-core');
	const wf = require('n8n-workflow');
	const { Container } = require(
		require.resolve('@n8n/di', { paths: [path.dirname(require.resolve('n8n-core'))] }),
	);
	await Container.get(core.BinaryDataService).init();
	const dist = spec.dist ?? path.join(__dirname, '..', 'dist');
	const { VoiceAgentCalling } = require(
		path.join(dist, 'nodes/VoiceAgentCalling/VoiceAgentCalling.node'),
	);
	const { VoiceAgentApi } = require(path.join(dist, 'credentials/VoiceAgentApi.credentials'));
	const credentialType = new VoiceAgentApi();
	const nodeType = new VoiceAgentCalling();

	class Credentials extends wf.ICredentialsHelper {
		getParentTypes() {
			return [];
		}
		/** @param {any} credentials @param {string} _type @param {any} options */
		async authenticate(credentials, _type, options) {
			return await credentialType.authenticate(credentials, options);
		}
		async preAuthentication() {
			return undefined;
		}
		async runPreAuthentication() {
			return undefined;
		}
		getCredentialsProperties() {
			return [];
		}
		async getDecrypted() {
			return { apiKey: spec.apiKey, baseUrl: spec.url };
		}
		async getCredentials() {
			throw new Error('not used');
		}
		async updateCredentials() {}
		async updateCredentialsOauthTokenData() {}
	}
	const node = {
		id: 'bench-start',
		name: 'Start',
		type: 'n8n-nodes-voice-agent.voiceAgentCalling',
		typeVersion: 1,
		position: [0, 0],
		parameters: START,
		credentials: { voiceAgentApi: { id: '1', name: 'Voice Agent (bench)' } },
		onError: 'continueRegularOutput',
	};
	const workflow = new wf.Workflow({
		id: 'bench',
		name: 'bench',
		nodes: [node],
		connections: {},
		nodeTypes: {
			getByName: () => nodeType,
			getByNameAndVersion: () => nodeType,
			getKnownTypes: () => ({}),
		},
		active: false,
		settings: { timezone: 'UTC' },
	});
	const hooks = new core.ExecutionLifecycleHooks('manual', '1', {
		id: 'bench',
		name: 'bench',
		nodes: [node],
		connections: {},
		active: false,
		settings: {},
	});
	const done = wf.createDeferredPromise();
	hooks.addHandler('workflowExecuteAfter', (run) => done.resolve(run));
	/** @type {Record<string, unknown>} */
	const real = {
		hooks,
		currentNodeParameters: undefined,
		credentialsHelper: new Credentials(),
		executionTimeoutTimestamp: undefined,
	};
	// What the engine reads is real; any other member is a no-op (as the unit suites mock it).
	const additionalData = new Proxy(real, {
		get: (target, key) =>
			key in target || typeof key === 'symbol' || key === 'then' ? target[String(key)] : () => {},
	});
	const items = Array.from({ length: spec.rows }, (_, n) => ({
		json: { name: `Row ${n}`, phone: `${spec.prefix}${String(n).padStart(4, '0')}` },
	}));
	const started = Date.now();
	const execute = new core.WorkflowExecute(
		/** @type {any} */ (additionalData),
		'manual',
		wf.createRunExecutionData({
			executionData: { nodeExecutionStack: [{ node, data: { main: [items] }, source: null }] },
		}),
	);
	await execute.processRunExecutionData(workflow);
	const run = /** @type {any} */ (await done.promise);
	const output = run.data.resultData.runData.Start?.[0]?.data?.main?.[0] ?? [];
	const failed = output.filter((/** @type {any} */ o) => o.json.error !== undefined).length;
	const errors = [...new Set(output.map((/** @type {any} */ o) => o.json.error).filter(Boolean))];
	const line = {
		rows: spec.rows,
		outputs: output.length,
		failed,
		errors,
		ms: Date.now() - started,
	};
	// The engine leaves a cleanup timer running (n8n clears it on shutdown): exit once written.
	// The last line of stdout (n8n-core prints its own notices before it).
	process.stdout.write(`${JSON.stringify(line)}\n`, () => process.exit(0));
}

/**
 * Runs `count` processes at once, each a sheet of ROWS rows, and reads the sandbox afterwards.
 * @param {import('../sandbox').Sandbox} sb @param {string} label @param {number} count
 * @param {boolean} retryAfter @param {number} run @param {string} [dist]
 */
async function scenario(sb, label, count, retryAfter, run, dist) {
	sb.setRateLimit({ requests: LIMIT, perMs: PER_MS, retryAfter });
	const prefixes = Array.from(
		{ length: count },
		(_, k) => `+1${200 + run}${String(k).padStart(3, '0')}`,
	);
	const started = Date.now();
	const results = await Promise.all(
		prefixes.map(
			(prefix) =>
				new Promise((resolve, reject) => {
					const proc = spawn(
						process.execPath,
						[
							__filename,
							'--child',
							JSON.stringify({ url: sb.url, apiKey: sb.apiKey, rows: ROWS, prefix, dist }),
						],
						// n8n-core reads its settings in the user folder: a throwaway one, not the user's.
						{
							stdio: ['ignore', 'pipe', 'inherit'],
							env: { ...process.env, N8N_USER_FOLDER: folder },
						},
					);
					let out = '';
					proc.stdout.on('data', (chunk) => (out += chunk));
					proc.on('error', reject);
					proc.on('exit', (code) =>
						code === 0
							? resolve(JSON.parse(out.trim().split('\n').pop() ?? ''))
							: reject(new Error(`child exited ${code}`)),
					);
				}),
		),
	);
	const ms = Date.now() - started;
	const state = sb.rateLimit;
	const placed = new Map();
	for (const entry of sb.ledger) {
		if (!prefixes.some((p) => entry.mobile_number.startsWith(p))) continue;
		placed.set(entry.mobile_number, (placed.get(entry.mobile_number) ?? 0) + 1);
	}
	const span = (state.last_served_ms ?? 0) - (state.first_served_ms ?? 0);
	const allowed = LIMIT * ((span + PER_MS) / PER_MS);
	return {
		label,
		rows: count * ROWS,
		failed: results.reduce((sum, r) => sum + r.failed, 0),
		placed: placed.size,
		twice: [...placed.values()].filter((n) => n > 1).length,
		served: state.served,
		limited: state.limited,
		share: state.served / allowed,
		ms,
		errors: [...new Set(results.flatMap((r) => r.errors))],
	};
}

/** The children's n8n user folder (made by main, removed at the end). */
let folder = '';

async function main() {
	folder = fs.mkdtempSync(path.join(os.tmpdir(), 'voice-agent-bench-pacing-'));
	const sb = await createSandbox({ clock: 'real', speed: 20 });
	const runs = [];
	try {
		runs.push(await scenario(sb, 'one process alone, Retry-After', 1, true, 1));
		runs.push(await scenario(sb, `${PROCESSES} processes, Retry-After`, PROCESSES, true, 2));
		runs.push(await scenario(sb, `${PROCESSES} processes, no Retry-After`, PROCESSES, false, 3));
		if (OTHER_DIST) {
			const dist = path.resolve(OTHER_DIST);
			runs.push(
				await scenario(sb, `--dist, ${PROCESSES} processes, Retry-After`, PROCESSES, true, 4, dist),
			);
		}
	} finally {
		await sb.close();
		fs.rmSync(folder, { recursive: true, force: true });
	}
	const pad = (/** @type {unknown} */ v, /** @type {number} */ n) => String(v).padStart(n);
	console.log(
		`limit ${LIMIT} requests/s (sliding window), ${ROWS} rows a process, Start's defaults (10 at a time)`,
	);
	console.log(
		`${'run'.padEnd(36)}${pad('rows', 6)}${pad('failed', 8)}${pad('twice', 7)}${pad('served', 8)}${pad('429s', 7)}${pad('limit used', 12)}${pad('time', 9)}`,
	);
	for (const r of runs) {
		console.log(
			`${r.label.padEnd(36)}${pad(r.rows, 6)}${pad(r.failed, 8)}${pad(r.twice, 7)}${pad(r.served, 8)}${pad(r.limited, 7)}${pad(`${(100 * r.share).toFixed(1)} %`, 12)}${pad(`${(r.ms / 1000).toFixed(1)} s`, 9)}`,
		);
		for (const e of r.errors) console.log(`  error: ${e}`);
	}
	const shared = runs[1];
	const ok =
		runs.slice(0, 3).every((r) => r.failed === 0 && r.twice === 0 && r.placed === r.rows) &&
		shared.share >= GOAL_SHARE;
	console.log(
		`${ok ? 'PASS' : 'FAIL'}: 0 rows failed, each placed once, ${PROCESSES} processes with Retry-After using >= ${GOAL_SHARE * 100} % of the limit`,
	);
	process.exitCode = ok ? 0 : 1;
}

if (process.argv[2] === '--child') {
	child(JSON.parse(process.argv[3])).catch((error) => {
		console.error(error);
		process.exit(1);
	});
} else {
	main().catch((error) => {
		console.error(error);
		process.exit(1);
	});
}

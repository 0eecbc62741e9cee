'use strict';

/**
 * What the benchmarks that drive a real n8n share: an n8n in a throwaway user folder (with
 * this package and a credential for the API at `apiUrl`), a workflow created and run from its
 * Manual Trigger through the REST API, the run data of an execution, and the loop of Check
 * Calls through a Wait node as a user wires it.
 */
const path = require('node:path');
const fs = require('node:fs');
const os = require('node:os');
const { execFileSync } = require('node:child_process');

const REPO = path.resolve(__dirname, '..');
const env = require(path.join(REPO, 'scripts/n8n/env.js'));
const { ensureN8n } = require(path.join(REPO, 'scripts/n8n/install.js'));
const { fixtures } = require(path.join(REPO, 'sandbox'));

const CALLING = `${env.PACKAGE_NAME}.voiceAgentCalling`;
const CREDENTIAL = { id: 'vaBenchCred00001', name: 'Voice Agent (bench)' };

/**
 * n8n of `major` started in a new user folder; with `apiUrl`, the package installed (built
 * first unless E2E_BUILT=1) and the credential imported.
 * @param {{ major: number, label: string, apiUrl?: string }} options
 */
async function startBenchN8n({ major, label, apiUrl }) {
	const n8n = await ensureN8n({ major, log: () => undefined });
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), `${label}-${major}-`));
	const e = await env.freshN8nEnv({ userFolder, major, extra: env.NO_EDITOR });
	if (apiUrl) {
		await env.installForSuite(userFolder);
		await env.importAll(n8n, e, {
			credentials: [env.sandboxCredential({ ...CREDENTIAL, baseUrl: apiUrl })],
		});
	}
	const server = await env.startN8n(n8n, e, {});
	const rest = env.restClient(Number(e.N8N_PORT));
	await rest.ownerLogin();
	return { n8n, env: e, userFolder, server, rest };
}

/**
 * Creates a workflow and runs it from its Manual Trigger `trigger`, as the editor does.
 * @returns {Promise<{ id: string, executionId: string }>}
 */
async function createAndRun(/** @type {any} */ rest, /** @type {object} */ workflow, trigger) {
	const created = await rest.request('POST', '/workflows', workflow);
	if (created.status !== 200) throw new Error(created.text);
	const id = String(created.json.data.id);
	const full = (await rest.request('GET', `/workflows/${id}`)).json.data;
	const run = await rest.request('POST', `/workflows/${id}/run`, {
		workflowData: full,
		triggerToStartFrom: { name: trigger },
	});
	const executionId = run.json?.data?.executionId;
	if (!executionId) throw new Error(run.text);
	return { id, executionId: String(executionId) };
}

/** An execution's run data, read with the flatted copy of the n8n that stored it. */
async function runDataOf(/** @type {any} */ rest, /** @type {any} */ n8n, executionId) {
	const flatted = require(
		require.resolve('flatted', { paths: [path.join(n8n.dir, 'node_modules', 'n8n')] }),
	);
	const detail = (await rest.request('GET', `/executions/${executionId}`)).json.data;
	return { status: detail.status, data: flatted.parse(detail.data) };
}

/**
 * Call › Start over rows `{ name, phone }` with the sandbox's first assistant and number;
 * `extra` sets the rest (variables, Call Settings).
 * @param {object} extra
 */
function startParameters(extra) {
	return {
		resource: 'call',
		operation: 'start',
		assistant: { __rl: true, mode: 'list', value: fixtures.AGENTS[0].id },
		name: '={{ $json.name }}',
		mobileNumber: '={{ $json.phone }}',
		fromNumber: { __rl: true, mode: 'list', value: fixtures.NUMBERS[0].number },
		...extra,
	};
}

/**
 * Check Calls after `from`, its Ended output to a No Op named `ended`, its Pending output
 * through a Wait of `waitSeconds` back into it: nodes and connections to add to a workflow.
 * @param {{ from: string, ended: string, maxWaitMinutes: number, waitSeconds: number, x: number }} o
 */
function checkCallsLoop({ from, ended, maxWaitMinutes, waitSeconds, x }) {
	const node = (name, type, typeVersion, dx, parameters, extra = {}) => ({
		id: `c0c0c0c0-0000-4000-8000-${String(dx).padStart(12, '0')}`,
		name,
		type,
		typeVersion,
		position: [x + dx * 220, 0],
		parameters,
		...extra,
	});
	const link = (to) => [{ node: to, type: 'main', index: 0 }];
	return {
		nodes: [
			node(
				'Check Calls',
				CALLING,
				1,
				0,
				{ resource: 'call', operation: 'checkCalls', maxWaitMinutes },
				{ credentials: { voiceAgentApi: CREDENTIAL } },
			),
			node(ended, 'n8n-nodes-base.noOp', 1, 1, {}),
			node(
				'Wait',
				'n8n-nodes-base.wait',
				1.1,
				2,
				{ amount: waitSeconds, unit: 'seconds' },
				{ webhookId: 'c0c0c0c0-1111-4000-8000-000000000001' },
			),
		],
		connections: {
			[from]: { main: [link('Check Calls')] },
			'Check Calls': { main: [link(ended), link('Wait')] },
			Wait: { main: [link('Check Calls')] },
		},
	};
}

/** Rows of a query on n8n's SQLite database (python3's sqlite3: no dependency here). */
function sqlite(/** @type {string} */ db, /** @type {string} */ query) {
	const script =
		'import sqlite3,sys,json;c=sqlite3.connect(sys.argv[1]);print(json.dumps(c.execute(sys.argv[2]).fetchall()))';
	return JSON.parse(execFileSync('python3', ['-c', script, db, query]).toString());
}

module.exports = {
	CALLING,
	sqlite,
	CREDENTIAL,
	startBenchN8n,
	createAndRun,
	runDataOf,
	startParameters,
	checkCallsLoop,
};

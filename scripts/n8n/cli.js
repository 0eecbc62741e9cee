// @ts-check
'use strict';

/**
 * n8n's CLI: its commands with their own task broker's port, importing credentials and
 * workflows, `n8n execute` and what a run's output says.
 */

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { bound } = require('../../lib/bounds');
const ports = require('../../lib/ports');

const { exec } = require('./processes');
const { SANDBOX_API_KEY, n8nCwd } = require('./settings');

/** @typedef {import('./settings').N8nInstall} N8nInstall */

/**
 * Runs an n8n CLI command (import, execute, update, ...) with this environment. With task
 * runners on (2.x), `n8n execute` starts its own broker: it gets a port of its own (or it
 * would collide with the broker of an `n8n start` running with the same environment), and a
 * fresh one when that port is found taken (the broker starts before anything runs).
 * @param {N8nInstall} n8n @param {NodeJS.ProcessEnv} env @param {string[]} args
 */
async function n8nCli(n8n, env, args, timeoutMs = bound('n8nCli')) {
	const run = (/** @type {NodeJS.ProcessEnv} */ own) =>
		exec(n8n.nodeBin, [n8n.n8nBin, ...args], { cwd: n8nCwd(env), env: own, timeoutMs });
	if (env.N8N_RUNNERS_ENABLED === 'false') return await run(env);
	const { value, ports: taken } = await ports.withPorts(
		1,
		async ([broker]) => {
			const r = await run({ ...env, N8N_RUNNERS_BROKER_PORT: String(broker) });
			// Only a failure on this command's own broker port is worth a fresh port.
			if (r.code !== 0 && ports.portInUse(`${r.stdout}\n${r.stderr}`) === broker)
				throw new Error(`n8n ${args[0]}: the task broker's port ${broker} is already in use`);
			return r;
		},
		{ what: `n8n ${args[0]}` },
	);
	ports.releasePorts(taken);
	return value;
}

/**
 * A credential of type voiceAgentApi pointing at the sandbox (n8n encrypts `data` on import).
 * @param {{ id: string, name: string, baseUrl: string, apiKey?: string }} c
 */
function sandboxCredential({ id, name, baseUrl, apiKey = SANDBOX_API_KEY }) {
	return { id, name, type: 'voiceAgentApi', data: { apiKey, baseUrl } };
}

/**
 * Imports credentials and workflows (arrays) with one CLI call each.
 * @param {N8nInstall} n8n @param {NodeJS.ProcessEnv} env
 * @param {{ credentials?: object[], workflows?: object[] }} what
 */
async function importAll(n8n, env, { credentials = [], workflows = [] }) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voice-agent-import-'));
	try {
		for (const [kind, list] of /** @type {const} */ ([
			['credentials', credentials],
			['workflow', workflows],
		])) {
			if (list.length === 0) continue;
			const file = path.join(dir, `${kind}.json`);
			fs.writeFileSync(file, JSON.stringify(list));
			const r = await n8nCli(n8n, env, [`import:${kind}`, `--input=${file}`]);
			if (r.code !== 0) {
				throw new Error(`n8n import:${kind} exited ${r.code}\n${r.stdout}\n${r.stderr}`);
			}
		}
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

/**
 * The JSON `--rawOutput` prints: from the first line that starts with `{` (n8n may log
 * before it) to the first line that is just `}` (it is printed indented, and may log after).
 * @param {string} stdout
 */
function parseRawOutput(stdout) {
	const lines = stdout.split('\n');
	const start = lines.findIndex((line) => line.startsWith('{'));
	if (start < 0) return undefined;
	const end = lines.findIndex((line, n) => n >= start && line.trimEnd() === '}');
	return JSON.parse(lines.slice(start, end < 0 ? undefined : end + 1).join('\n'));
}

/**
 * `n8n execute --id X --rawOutput`: the run's data, or the error n8n printed. `succeeded`
 * says what the run itself says (finished, no error), apart from the CLI's exit code: on a
 * loaded machine n8n 2.x's CLI once exited non-zero after printing a successful run
 * (`exitNote` then tells, for the caller to show).
 * @param {N8nInstall} n8n @param {NodeJS.ProcessEnv} env @param {string} id
 */
async function executeWorkflow(n8n, env, id) {
	const started = Date.now();
	const r = await n8nCli(n8n, env, ['execute', `--id=${id}`, '--rawOutput']);
	let data;
	try {
		data = parseRawOutput(r.stdout);
	} catch {
		data = undefined;
	}
	const succeeded = runSucceeded(data);
	const exitNote =
		succeeded && r.code !== 0
			? `n8n execute ${id} exited ${r.code} after a successful run: ${r.stderr.trim().slice(-600) || '(nothing on stderr)'}`
			: undefined;
	return { ...r, data, succeeded, exitNote, ms: Date.now() - started };
}

/**
 * Whether a run's data (`--rawOutput`'s shape, or a saved execution's) says it succeeded:
 * finished, with no error. One rule for the CLI's runs and those in a running n8n.
 * @param {any} data
 */
function runSucceeded(data) {
	return data?.finished === true && data?.status !== 'error' && !data?.data?.resultData?.error;
}

/**
 * n8n's error for a run in one line, with the node it names; undefined when it has none.
 * @param {any} data
 */
function runError(data) {
	const error = data?.data?.resultData?.error;
	if (!error) return undefined;
	return `${error.message ?? 'an error'}${error.node?.name ? ` (node ${error.node.name})` : ''}`;
}

/**
 * Why a run did not succeed, first line first (a CI log shows only the start of a message):
 * n8n's error for the run, or the exit code, then what the CLI printed.
 * @param {string} id @param {{ code: number | null, stdout: string, stderr: string, data: any }} result
 */
function executeFailure(id, result) {
	const reason =
		runError(result.data) ?? (result.data ? 'the run did not finish' : 'no run data printed');
	return `n8n execute ${id} exited ${result.code}: ${reason}\n--- stderr ---\n${result.stderr.slice(-4000)}\n--- stdout ---\n${result.stdout.slice(-4000)}`;
}

/**
 * The output items (json) of a node in a run: `runData[name][run].data.main[output]`.
 * @param {any} data @param {string} nodeName
 */
function nodeOutput(data, nodeName, output = 0, run = 0) {
	const runs = data?.data?.resultData?.runData?.[nodeName];
	if (!runs) return undefined;
	return (runs[run]?.data?.main?.[output] ?? []).map((/** @type {any} */ item) => item.json);
}

module.exports = {
	n8nCli,
	sandboxCredential,
	importAll,
	parseRawOutput,
	executeWorkflow,
	runSucceeded,
	runError,
	executeFailure,
	nodeOutput,
};

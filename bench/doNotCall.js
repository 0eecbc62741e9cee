#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * A Do Not Call list of 100,000 numbers must not slow a sheet of 10,000 rows noticeably.
 * Measured in-process on Call › Start's own pipeline (the build's execute, in Dry Run, so
 * every row is read, cleaned, checked and compared, and nothing is sent), with a minimal
 * stand-in for n8n's context that answers each parameter as n8n would (the row's column for
 * `={{ $json.x }}`): the same rows without a list and with one, side by side in each round,
 * so the ratio holds on a busy machine where absolute times do not.
 *
 *   npm run bench:dnc                                  10,000 rows, 100,000 listed, 5 rounds
 *   npm run bench:dnc -- --rows=2000 --listed=20000 --rounds=3
 *
 * The list is written in mixed formats ("+1 (415) 555-0100", "415.555.0101", "0014155550102")
 * and holds every tenth row's number, so some rows are skipped. Prints each round's two times
 * and their ratio, and the time of the list alone made into its set (a one-off cost per run,
 * independent of the rows); then the medians, and what is left once the list's one-off cost
 * is taken out, per row (its Set lookup, and whatever else the live list costs the run). No
 * goal is printed: this pipeline leaves out n8n's own work per item (expression resolution,
 * copies), so the ratio against a real n8n run is smaller than the one printed here.
 */

const { execute } = require('../dist/nodes/VoiceAgentCalling/actions/call/start');
const { buildDoNotCall, entriesOfValue } = require('../dist/nodes/shared/dialling/callee/doNotCall');
const { deepCopy } = require('n8n-workflow');

const { arg } = require('./lib');

const ROWS = arg('rows', 10000);
const LISTED = arg('listed', 100000);
const ROUNDS = arg('rounds', 5);
const AGENT = 'a1a1a1a1-0000-4000-8000-000000000001';

/** The nth number of the bench, national (US, area code 415 then 212 and up). */
const national = (/** @type {number} */ n) =>
	`${415 + Math.floor(n / 10000_000)}${String(n % 10000_000).padStart(7, '0')}`;
const FORMATS = [
	(/** @type {string} */ d) => `+1 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`,
	(/** @type {string} */ d) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`,
	(/** @type {string} */ d) => `001${d}`,
	(/** @type {string} */ d) => d,
];

const rows = Array.from({ length: ROWS }, (_, n) => ({
	json: { name: `Row ${n}`, phone: national(n) },
}));
// Every tenth row, then numbers no row has, up to the list's size.
const list = Array.from({ length: LISTED }, (_, k) => {
	const n = k < ROWS / 10 ? k * 10 : ROWS + k;
	return FORMATS[k % FORMATS.length](national(n));
});

/** A stand-in for n8n's context: parameters as stored, `={{ $json.x }}` read from the row. */
function context(/** @type {Record<string, unknown>} */ parameters) {
	const node = {
		id: 'bench',
		name: 'Start',
		type: 'n8n-nodes-voice-agent.voiceAgentCalling',
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	return /** @type {any} */ ({
		// n8n hands out a deep copy of the node (its parameters too) at every call.
		getNode: () => deepCopy(node),
		getInputData: () => rows,
		getTimezone: () => 'America/New_York',
		continueOnFail: () => false,
		getNodeParameter(
			/** @type {string} */ name,
			/** @type {number} */ i,
			/** @type {unknown} */ fallback,
			/** @type {any} */ options,
		) {
			const stored = parameters[name];
			if (stored === undefined) return fallback;
			if (typeof stored === 'string') {
				const column = /^=\{\{ \$json\.(\w+) \}\}$/.exec(stored);
				if (column) return /** @type {any} */ (rows[i].json)[column[1]];
			}
			if (options?.extractValue && stored && typeof stored === 'object' && '__rl' in stored) {
				return /** @type {any} */ (stored).value;
			}
			return structuredClone(stored);
		},
	});
}

const base = {
	resource: 'call',
	operation: 'start',
	assistant: { __rl: true, mode: 'id', value: AGENT },
	name: '={{ $json.name }}',
	mobileNumber: '={{ $json.phone }}',
	defaultCountryCode: '+1',
	fromNumber: { __rl: true, mode: 'number', value: '+14155550000' },
	variablesMode: 'none',
	missingVariables: 'ignore',
	dryRun: true,
};
// As a user pastes it (one a line): an expression's list is the same entries without the split.
const listText = list.join('\n');
const withList = { ...base, doNotCall: 'numbers', doNotCallNumbers: listText };

/** One Dry Run of every row: its time in ms and how many rows were skipped. */
async function run(/** @type {Record<string, unknown>} */ parameters) {
	const ctx = context(parameters);
	const started = process.hrtime.bigint();
	const results = await execute.call(ctx, ROWS, { stopOnError: true });
	const ms = Number(process.hrtime.bigint() - started) / 1e6;
	if (results.length !== ROWS || results.some((r) => !r?.ok)) throw new Error('a row failed');
	const skipped = results.filter((r) => /** @type {any} */ (r).output.skipped).length;
	return { ms, skipped };
}

const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** The list alone made into its set: the one-off part. */
function listAlone() {
	const started = process.hrtime.bigint();
	buildDoNotCall(entriesOfValue(listText, 'Numbers', 'phone'), '+1');
	return Number(process.hrtime.bigint() - started) / 1e6;
}

async function main() {
	const log = (/** @type {string} */ line) => process.stdout.write(`${line}\n`);
	log(`Start's Dry Run over ${ROWS} rows, without a list and with ${LISTED} listed numbers`);
	// A warm-up of each, so both are measured on optimised code.
	await run(base);
	await run(withList);
	const without = [];
	const withIt = [];
	const alone = [];
	for (let round = 1; round <= ROUNDS; round++) {
		const a = await run(base);
		const b = await run(withList);
		if (a.skipped !== 0 || b.skipped !== Math.ceil(ROWS / 10)) {
			throw new Error(`skipped ${a.skipped} and ${b.skipped}, expected 0 and ${ROWS / 10}`);
		}
		const c = listAlone();
		without.push(a.ms);
		withIt.push(b.ms);
		alone.push(c);
		log(
			`round ${round}: without ${a.ms.toFixed(0)} ms, with ${b.ms.toFixed(0)} ms (${b.skipped} skipped): ${(b.ms / a.ms).toFixed(2)}x; the list alone ${c.toFixed(0)} ms`,
		);
	}
	const ratio = median(withIt) / median(without);
	const perRowUs = ((median(withIt) - median(alone) - median(without)) * 1000) / ROWS;
	log(
		`median: without ${median(without).toFixed(0)} ms, with ${median(withIt).toFixed(0)} ms: ${ratio.toFixed(2)}x`,
	);
	log(
		`  of which the list made into its set, once per run: ${median(alone).toFixed(0)} ms (${((median(alone) * 1000) / LISTED).toFixed(2)} us a listed number); the rest: ${perRowUs.toFixed(1)} us a row`,
	);
}

main().catch((error) => {
	process.stderr.write(`${error.stack ?? error}\n`);
	process.exitCode = 1;
});

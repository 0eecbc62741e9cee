#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * Campaigns, measured two ways; both print ratios taken side by side in one run, which hold
 * on a busy machine where absolute figures do not.
 *
 * Speed, in a real n8n against the sandbox (100 ms answers): the same rows (10 columns)
 * through Campaign › Create with Start Right Away (one upload, one start) and through Calling ›
 * Start (one request per row, 10 at a time). Goal: Create at least 10x faster on the node's
 * own time.
 *
 * Memory, in child processes: 50,000 rows of 10 columns as items, then their upload body built
 * as Create builds it (references to the items, each row's cells made as the CSV is written
 * straight into the multipart body), against the obvious way (the CSV as one string, then as bytes, then
 * copied into the body). Measured: what is held when the upload is sent (live memory after a
 * full collection, above the items alone), goal at most 1.5x the CSV's size; and, for
 * information, the peak resident memory, which also counts garbage V8 has not collected yet.
 *
 *   npm run bench:campaign                         10,000 rows (speed), 50,000 (memory), n8n 2.x
 *   npm run bench:campaign -- --rows=2000 --n8n1   fewer rows, n8n 1.x
 *   npm run bench:campaign -- --part=memory        one part only (speed | memory)
 */

const { spawnSync } = require('node:child_process');

const { createSandbox } = require('../sandbox');
const env = require('../scripts/n8n/env');
const { arg, openN8n, textArg, workflow } = require('./lib');

const ROWS = arg('rows', 10000);
const MEMORY_ROWS = arg('memory-rows', 50000);
const LATENCY = arg('latency', 100);
const PART = textArg('part');
const AGENT = 'a1a1a1a1-0000-4000-8000-000000000001';
const FROM = '+14155550100';
const CRED = { id: 'benchSandboxCred', name: 'Voice Agent (bench sandbox)' };
const GOAL_SPEED = 10;
const GOAL_MEMORY = 1.5;

/** Rows of 10 columns: a name, a number and 8 variables. */
const rowsCode = (/** @type {string} */ prefix) =>
	`return Array.from({ length: ${ROWS} }, (_, n) => ({ json: { name: 'Row ' + n, phone: '${prefix}' + String(n).padStart(4, '0'), clinic: 'Sunrise Clinic', date: 'June 9', time: '10:30', city: 'Pune', plan: 'gold', note: 'Called, "twice"', ref: 'R' + n, day: String(n % 31) } }));`;

/** A start a day ahead, on a whole minute. */
const START = new Date(Math.ceil(Date.now() / 60000) * 60000 + 86400000).toISOString();

function workflows() {
	const create = workflow('benchCampaign', 'Bench: Campaign Create', rowsCode('+1212555'), {
		type: 'n8n-nodes-voice-agent.voiceAgentCampaign',
		typeVersion: 1,
		credentials: { voiceAgentApi: CRED },
		parameters: {
			resource: 'campaign',
			operation: 'create',
			assistant: { __rl: true, mode: 'id', value: AGENT },
			campaignName: 'Bench',
			mobileNumber: '={{ $json.phone }}',
			countryCode: '+1',
			startAt: START,
			endAt: new Date(Date.parse(START) + 86400000).toISOString(),
			startRightAway: true,
			fromNumbers: [FROM],
			callConfig: { timezone: 'UTC' },
			variableMapping: {
				mapping: [
					{ variable: 'callee_name', column: 'name' },
					...['clinic', 'date', 'time', 'city', 'plan', 'note', 'ref', 'day'].map((v) => ({
						variable: v,
						column: v,
					})),
				],
			},
			options: { largeFlow: 'never', duplicateProtection: false },
		},
	});
	const start = workflow('benchCampaignStart', 'Bench: Start per row', rowsCode('+1313555'), {
		type: 'n8n-nodes-voice-agent.voiceAgentCalling',
		typeVersion: 1,
		credentials: { voiceAgentApi: CRED },
		parameters: {
			resource: 'call',
			operation: 'start',
			assistant: { __rl: true, mode: 'id', value: AGENT },
			name: '={{ $json.name }}',
			mobileNumber: '={{ $json.phone }}',
			fromNumber: { __rl: true, mode: 'number', value: FROM },
			variablesMode: 'row',
			variablesExclude: 'name, phone',
			missingVariables: 'ignore',
		},
	});
	return { create, start };
}

const sec = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(2)} s`;
const mb = (/** @type {number} */ bytes) => `${(bytes / 1048576).toFixed(1)} MB`;
const verdict = (/** @type {boolean} */ ok) => (ok ? 'PASS' : 'FAIL');

async function speed(/** @type {(line: string) => void} */ log) {
	const sb = await createSandbox({
		clock: 'real',
		speed: 20,
		latencyMs: LATENCY,
		port: Number(process.env.BENCH_SANDBOX_PORT ?? 0),
	});
	const wf = workflows();
	try {
		const n8n = await openN8n({
			log,
			credentials: [env.sandboxCredential({ ...CRED, baseUrl: sb.url, apiKey: sb.apiKey })],
			workflows: [wf.create, wf.start],
		});
		try {
			log(`speed: ${ROWS} rows of 10 columns, answers after ${LATENCY} ms, n8n ${n8n.n8n.version}`);
			const create = await n8n.run('benchCampaign');
			const [made] = create.outputs;
			if (made?.rows_uploaded !== ROWS || !made.start)
				throw new Error(
					`Create did not upload and start every row: ${JSON.stringify(made).slice(0, 500)}`,
				);
			const start = await n8n.run('benchCampaignStart');
			const placed = start.outputs.filter((o) => o.call_id).length;
			if (placed !== ROWS) throw new Error(`Start placed ${placed} of ${ROWS} calls`);
			const ratio = start.nodeMs / create.nodeMs;
			log(`  Campaign › Create (one upload, one start): ${sec(create.nodeMs)}`);
			log(`  Calling › Start (a request per row, 10 at a time): ${sec(start.nodeMs)}`);
			log(
				`  Create is ${ratio.toFixed(1)}x faster (goal >= ${GOAL_SPEED}x): ${verdict(ratio >= GOAL_SPEED)}`,
			);
			return ratio >= GOAL_SPEED;
		} finally {
			n8n.close();
		}
	} finally {
		await sb.close();
	}
}

/** One child process: builds the items and, by `how`, an upload body; reports its peak. */
const CHILD = String.raw`
const [how, rows] = process.argv.slice(1);
const { csvFile } = require('./dist/nodes/VoiceAgentCampaign/actions/campaign/create/csv');
const { multipartBody } = require('./dist/nodes/shared/http/multipart');
const n = Number(rows);
const COLUMNS = ['clinic', 'date', 'time', 'city', 'plan', 'note', 'ref', 'day'];
// The items as n8n holds them: one object per row.
const items = Array.from({ length: n }, (_, i) => ({ json: { name: 'Row ' + i, phone: '+1212555' + String(i).padStart(4, '0'), clinic: 'Sunrise Clinic', date: 'June 9', time: '10:30', city: 'Pune', plan: 'gold', note: 'Called, "twice"', ref: 'R' + i, day: String(i % 31) } }));
global.gc();
const base = process.memoryUsage();
let csvBytes = 0;
let body;
if (how === 'ours') {
	// As Create keeps the accepted rows: references into the items, cells made when written.
	const phones = items.map((it) => it.json.phone);
	const sources = items.map((it) => it.json);
	const { normalisePhone } = require('./dist/nodes/shared/dialling/callee/phone');
	const cellsOf = (k) => [normalisePhone(phones[k], '+1'), ...COLUMNS.map((c) => sources[k][c])];
	const csv = csvFile(['Mobile Number', ...COLUMNS], n, cellsOf);
	csvBytes = csv.writer.byteLength;
	body = multipartBody([{ name: 'agent_id', value: 'x' }, { name: 'file', filename: 'contacts.csv', contentType: 'text/csv', data: csv.writer }]).body;
} else if (how === 'naive') {
	// The obvious way: the CSV as one string, as bytes, then copied into the body.
	const q = (v) => (/[",\r\n]/.test(v) ? '"' + v.replace(/"/g, '""') + '"' : v);
	const text = ['Mobile Number,' + COLUMNS.join(','), ...items.map((it) => [it.json.phone, ...COLUMNS.map((c) => q(it.json[c]))].join(','))].join('\r\n') + '\r\n';
	const bytes = Buffer.from(text, 'utf8');
	csvBytes = bytes.length;
	body = Buffer.concat([Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="contacts.csv"\r\n\r\n'), bytes, Buffer.from('\r\n--b--\r\n')]);
}
// What is held when the upload is sent: live memory after a full collection, above the items.
global.gc();
const now = process.memoryUsage();
const held = now.heapUsed + now.arrayBuffers - (base.heapUsed + base.arrayBuffers);
process.stdout.write(JSON.stringify({ maxRss: process.resourceUsage().maxRSS * 1024, held, csvBytes, bodyBytes: body ? body.length : 0, items: items.length }));
`;

function child(/** @type {string} */ how) {
	const r = spawnSync(process.execPath, ['--expose-gc', '-e', CHILD, how, String(MEMORY_ROWS)], {
		cwd: require('node:path').resolve(__dirname, '..'),
		encoding: 'utf8',
		maxBuffer: 1 << 20,
	});
	if (r.status !== 0) throw new Error(`memory child ${how} failed: ${r.stderr}`);
	return JSON.parse(r.stdout);
}

function memory(/** @type {(line: string) => void} */ log) {
	log(`memory: ${MEMORY_ROWS} rows of 10 columns, one process each`);
	const base = child('base');
	const ours = child('ours');
	const naive = child('naive');
	const csv = ours.csvBytes;
	const held = (/** @type {{held: number}} */ r) => r.held / csv;
	const peak = (/** @type {{maxRss: number}} */ r) => (r.maxRss - base.maxRss) / csv;
	log(`  the CSV: ${mb(csv)}; the upload body: ${mb(ours.bodyBytes)}`);
	log(
		`  held when the upload is sent, above the items: Create's way ${mb(ours.held)} = ${held(ours).toFixed(2)}x the CSV (goal <= ${GOAL_MEMORY}x): ${verdict(held(ours) <= GOAL_MEMORY)}; the obvious way ${mb(naive.held)} = ${held(naive).toFixed(2)}x`,
	);
	log(
		`  peak resident memory above the items alone (${mb(base.maxRss)}), garbage not yet collected included: Create's way ${peak(ours).toFixed(2)}x the CSV, the obvious way ${peak(naive).toFixed(2)}x`,
	);
	return held(ours) <= GOAL_MEMORY;
}

async function main() {
	const log = (/** @type {string} */ line) => process.stdout.write(`${line}\n`);
	let ok = true;
	if (!PART || PART === 'memory') ok = memory(log) && ok;
	if (!PART || PART === 'speed') ok = (await speed(log)) && ok;
	process.exitCode = ok ? 0 : 1;
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});

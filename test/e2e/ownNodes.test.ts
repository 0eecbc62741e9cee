/**
 * End to end: the pinned n8n is the n8n users get. Every node and credential of n8n's own
 * node packages loads in it, and a spreadsheet a user uploads reaches Start through n8n's
 * own nodes: an .xlsx written by a real spreadsheet library (ExcelJS, another implementation
 * than the SheetJS n8n reads with) → Read/Write Files from Disk → Extract From File → Voice
 * Agent Calling › Start, run with `n8n execute` and in an activated workflow in `n8n start`.
 * Run with `npm run test:e2e -- -t 'own nodes'` (`-- --n8n2` for n8n 2.x).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { Workbook } from 'exceljs';

import { createSandbox, fixtures, type Sandbox } from '../../sandbox';
import {
	ensureN8n,
	loadOwnNodes,
	missingPeers,
	RECIPE,
	type N8nInstall,
} from '../../scripts/n8n/install';
import * as env from '../../scripts/n8n/env';
import { n8nRequest } from '../../scripts/n8n/rest';
import { stopwatch } from '../helpers/timings';
import { waitFor } from '../helpers/wait';
import { withN8nLog } from '../helpers/n8nLog';

const MAJOR = process.env.N8N_MAJOR === '2' ? 2 : 1;
const CALLING = 'n8n-nodes-voice-agent.voiceAgentCalling';
const CREDENTIAL = { id: 'vaSandboxCred001', name: 'Voice Agent (local sandbox)' };
const AGENT = fixtures.AGENTS[0].id;
const FROM = fixtures.NUMBERS[0].number;
const WEBHOOK_PATH = 'e2e-own-nodes-sheet';
const WEBHOOK_ID = '5c0ffee0-0000-4000-8000-00000000a11e';

/**
 * Files of n8n's own node packages that fail to load here although n8n's image loads them,
 * as `<package> <file>` → why. None today: an entry needs its reason, and the test fails
 * when a listed file loads again, so the list cannot go stale.
 */
const EXPECTED_LOAD_FAILURES: Record<1 | 2, Record<string, string>> = { 1: {}, 2: {} };

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The sheet: a unicode name, a phone number typed as a number cell (the Default Country Code
 * completes it), formatted text numbers, a number column and an empty cell.
 */
const HEADER = ['name', 'phone', 'clinic', 'guests'];
const ROWS: unknown[][] = [
	['Zoë Ångström-Øst 李小龍', '+1 415 555 0142', 'Sunrise Clinic', 2],
	['José Núñez', 4155550143, 'Clínica del Sol', 1],
	['Grace Hopper', '(415) 555-0199', 'Sunrise Clinic', null],
];
/** What Extract From File must output for ROWS: numbers stay numbers, empty cells are left out. */
const EXTRACTED = [
	{
		name: 'Zoë Ångström-Øst 李小龍',
		phone: '+1 415 555 0142',
		clinic: 'Sunrise Clinic',
		guests: 2,
	},
	{ name: 'José Núñez', phone: 4155550143, clinic: 'Clínica del Sol', guests: 1 },
	{ name: 'Grace Hopper', phone: '(415) 555-0199', clinic: 'Sunrise Clinic' },
];
/** The calls the sandbox must receive, one per row, in row order. */
const EXPECTED_CALLS = [
	{
		to_number: '+14155550142',
		name: 'Zoë Ångström-Øst 李小龍',
		custom_args_values: { clinic: 'Sunrise Clinic', guests: '2' },
	},
	{
		to_number: '+14155550143',
		name: 'José Núñez',
		custom_args_values: { clinic: 'Clínica del Sol', guests: '1' },
	},
	{
		to_number: '+14155550199',
		name: 'Grace Hopper',
		custom_args_values: { clinic: 'Sunrise Clinic' },
	},
];

let sandbox: Sandbox;
let n8n: N8nInstall;
let n8nEnv: NodeJS.ProcessEnv;
let userFolder: string;
let sheetFile: string;
const timings: string[] = [];

const timed = stopwatch(timings);

async function writeSheet(file: string) {
	const workbook = new Workbook();
	const sheet = workbook.addWorksheet('Contacts');
	sheet.addRow(HEADER);
	for (const row of ROWS) sheet.addRow(row);
	await workbook.xlsx.writeFile(file);
}

/** trigger → Read Sheet → Extract → Start, the way a user builds it. */
function sheetWorkflow(id: string, trigger: Record<string, unknown>) {
	const node = (
		n: number,
		name: string,
		type: string,
		typeVersion: number,
		parameters: object,
	) => ({
		id: `5c0ffee0-0000-4000-8000-${Buffer.from(id).toString('hex').slice(-10)}${String(n).padStart(2, '0')}`,
		name,
		type,
		typeVersion,
		position: [n * 220, 0],
		parameters,
	});
	const nodes = [
		{ ...node(0, 'Trigger', '', 1, {}), ...trigger },
		node(1, 'Read Sheet', 'n8n-nodes-base.readWriteFile', 1, {
			operation: 'read',
			fileSelector: sheetFile,
			options: {},
		}),
		node(2, 'Extract', 'n8n-nodes-base.extractFromFile', 1.1, {
			operation: 'xlsx',
			binaryPropertyName: 'data',
			options: {},
		}),
		{
			...node(3, 'Start', CALLING, 1, {
				resource: 'call',
				operation: 'start',
				assistant: { __rl: true, mode: 'id', value: AGENT },
				name: '={{ $json.name }}',
				mobileNumber: '={{ $json.phone }}',
				defaultCountryCode: '+1',
				fromNumber: { __rl: true, mode: 'number', value: FROM },
				variablesMode: 'row',
				variablesExclude: 'name, phone',
				// The sheet has a clinic but no date or time: about reading it, not that check.
				missingVariables: 'ignore',
			}),
			credentials: { voiceAgentApi: CREDENTIAL },
		},
	];
	const connections: Record<string, unknown> = {};
	for (let n = 0; n < nodes.length - 1; n++) {
		connections[nodes[n].name] = { main: [[{ node: nodes[n + 1].name, type: 'main', index: 0 }]] };
	}
	return { id, name: id, active: false, nodes, connections, settings: { executionOrder: 'v1' } };
}

const manualWorkflow = () =>
	sheetWorkflow('e2eSheetManual', { type: 'n8n-nodes-base.manualTrigger', typeVersion: 1 });

const webhookWorkflow = () =>
	sheetWorkflow('e2eSheetHook', {
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		webhookId: WEBHOOK_ID,
		parameters: {
			httpMethod: 'POST',
			path: WEBHOOK_PATH,
			responseMode: 'lastNode',
			responseData: 'allEntries',
			options: {},
		},
	});

/** The calls placed since `from` in the ledger, in the order the rows were dialled. */
function placedCalls(from: number) {
	return sandbox.ledger.slice(from).map((entry) => {
		const call = sandbox.call(entry.call_id)!;
		expect(entry).toMatchObject({ from_number: FROM, agent_id: AGENT });
		return {
			call_id: entry.call_id,
			to_number: call.to_number,
			name: call.name,
			custom_args_values: call.custom_args_values,
		};
	});
}

/** Start's outputs, one per row in row order, each the record of the call placed for that row. */
function expectStartOutput(started: any[], placed: Array<{ call_id: string; to_number: string }>) {
	const byNumber = new Map(placed.map((p) => [p.to_number, p.call_id]));
	expect(started).toEqual(
		EXPECTED_CALLS.map((call) =>
			expect.objectContaining({
				call_id: byNumber.get(call.to_number),
				to_number: call.to_number,
				callee_name: call.name,
				custom_variables: {
					...call.custom_args_values,
					callee_name: call.name,
					mobile_number: call.to_number,
				},
			}),
		),
	);
}

/** The rows are dialled concurrently: compare the calls in row order. */
const inRowOrder = <T extends { to_number: string }>(calls: T[]) =>
	[...calls].sort(
		(a, b) =>
			EXPECTED_CALLS.findIndex((c) => c.to_number === a.to_number) -
			EXPECTED_CALLS.findIndex((c) => c.to_number === b.to_number),
	);

beforeAll(async () => {
	sandbox = await createSandbox({ port: 0, clock: 'real', speed: 20, seed: 5 });
	n8n = await timed('n8n install (cached after the first run)', () =>
		ensureN8n({ major: MAJOR, log: () => undefined }),
	);
	userFolder = mkdtempSync(path.join(tmpdir(), 'voice-agent-e2e-own-'));
	// Outside .n8n, which n8n never lets a workflow read; the one folder it may read.
	const files = path.join(userFolder, 'files');
	mkdirSync(files);
	sheetFile = path.join(files, 'contacts.xlsx');
	await timed('ExcelJS writes the sheet', () => writeSheet(sheetFile));
	n8nEnv = await env.freshN8nEnv({
		userFolder,
		major: MAJOR,
		extra: {
			N8N_RESTRICT_FILE_ACCESS_TO: files,
			N8N_DEFAULT_BINARY_DATA_MODE: 'default',
			...env.NO_EDITOR,
		},
	});
	await timed('build, npm pack + install into .n8n/nodes', () => env.installForSuite(userFolder));
	await timed('n8n import:credentials + import:workflow', () =>
		env.importAll(n8n, n8nEnv, {
			credentials: [env.sandboxCredential({ ...CREDENTIAL, baseUrl: sandbox.url })],
			workflows: [manualWorkflow(), webhookWorkflow()],
		}),
	);
});

afterAll(async () => {
	await sandbox?.close();
	if (userFolder && !process.env.E2E_KEEP) rmSync(userFolder, { recursive: true, force: true });
	console.log(
		`n8n ${n8n?.version} (Node ${n8n?.info.node}), own nodes:\n  ${timings.join('\n  ')}`,
	);
});

describe(`n8n ${MAJOR}.x own nodes`, () => {
	test('own nodes: every node and credential of n8n-nodes-base and @n8n/n8n-nodes-langchain loads; no required peer dependency is missing', async () => {
		expect(n8n.info.recipe).toBe(RECIPE);
		expect(missingPeers(n8n.dir)).toEqual([]);

		const report = await timed('load every own node', () => loadOwnNodes(n8n));
		const expected = EXPECTED_LOAD_FAILURES[MAJOR];
		const failed = report.flatMap((pkg) =>
			pkg.failed.map((f) => ({ key: `${pkg.name} ${f.file}`, error: f.error })),
		);
		for (const pkg of report) {
			timings.push(`${pkg.name} ${pkg.version}: ${pkg.files} files, ${pkg.failed.length} failed`);
		}
		expect({
			unexpected: failed.filter((f) => !(f.key in expected)),
			loadingAgain: Object.keys(expected).filter((key) => !failed.some((f) => f.key === key)),
		}).toEqual({ unexpected: [], loadingAgain: [] });
		// The lists were read: n8n-nodes-base alone has hundreds of nodes and credentials.
		expect(report.map((pkg) => pkg.name)).toEqual(['n8n-nodes-base', '@n8n/n8n-nodes-langchain']);
		expect(report[0].files).toBeGreaterThan(500);
		expect(report[1].files).toBeGreaterThan(50);
	});

	test('own nodes: an .xlsx from ExcelJS → Read/Write Files from Disk → Extract From File → Start calls every row (n8n execute)', async () => {
		sandbox.reset();
		const before = sandbox.ledger.length;
		const result = await timed('n8n execute e2eSheetManual', () =>
			env.executeWorkflow(n8n, n8nEnv, 'e2eSheetManual'),
		);
		if (!result.succeeded) throw new Error(env.executeFailure('e2eSheetManual', result));
		if (result.exitNote) timings.push(result.exitNote);

		const [read] = result.data.data.resultData.runData['Read Sheet'][0].data.main[0];
		expect(read.binary.data).toMatchObject({ fileName: 'contacts.xlsx', mimeType: XLSX_MIME });
		expect(env.nodeOutput(result.data, 'Extract')).toEqual(EXTRACTED);

		const placed = placedCalls(before);
		expect(inRowOrder(placed).map(({ call_id: _, ...call }) => call)).toEqual(EXPECTED_CALLS);
		expectStartOutput(env.nodeOutput(result.data, 'Start')!, placed);
	});

	test('own nodes: the same chain in an activated workflow (webhook) in n8n start', async () => {
		// A fresh history: Start's guard against re-runs looks for earlier calls to these rows.
		sandbox.reset();
		const before = sandbox.ledger.length;
		await timed('n8n activate', () => env.activateWorkflow(n8n, n8nEnv, 'e2eSheetHook'));
		const server = await timed('n8n start (until ready)', () => env.startN8n(n8n, n8nEnv, {}));
		// Read after the start: a port found taken at the start is replaced by a fresh one.
		const port = Number(n8nEnv.N8N_PORT);
		try {
			const url = `http://127.0.0.1:${port}/webhook/${WEBHOOK_PATH}`;
			// n8n 2.x activates published workflows after it answers; a CORS preflight names the
			// webhook's methods once it is registered (404 before), and runs nothing.
			await timed('until the webhook is registered', () =>
				waitFor('the webhook to be registered', async () => {
					const preflight = await fetch(url, {
						method: 'OPTIONS',
						headers: { origin: 'http://localhost', 'access-control-request-method': 'POST' },
					});
					return preflight.status === 204;
				}),
			);
			const answer = await timed('webhook run', () =>
				n8nRequest(url, 'POST', { 'content-type': 'application/json' }, '{}'),
			);
			const { text } = answer;
			expect({ status: answer.status, text }).toEqual({ status: 200, text: expect.any(String) });
			const started = JSON.parse(text);

			const placed = placedCalls(before);
			expect(inRowOrder(placed).map(({ call_id: _, ...call }) => call)).toEqual(EXPECTED_CALLS);
			expectStartOutput(started, placed);
		} catch (error) {
			throw withN8nLog(error, server.log());
		} finally {
			await server.stop();
		}
	});
});

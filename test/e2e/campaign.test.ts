/**
 * End to end: campaigns in a real n8n against the sandbox. A sheet of 306 rows (6 of them
 * invalid) read by n8n's own nodes → Campaign › Create with Start Right Away (the example
 * "Campaign from a sheet") → the sandbox
 * runs it → the polling trigger's Campaign Ended fires once per campaign → Get Results gives
 * the 300 calls, each joined to its row by its number; a re-run that finds its campaign instead of
 * uploading again, then Stop; the large-list flow in both documented variants.
 * Run with `npm run test:e2e -- -t 'campaign'` (`-- --n8n2` for n8n 2.x).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { parseCsv } from '../../nodes/VoiceAgentCampaign/actions/campaign/create/csv';
import { fixtures } from '../../sandbox';
import { bound } from '../../scripts/bounds';
import * as env from '../../scripts/n8n-env';
import {
	chainWorkflow,
	CREDENTIAL,
	e2eSuite,
	executionsOf,
	MAJOR,
	POLL_CRON,
	QUIET_POLLS,
	REPO,
} from '../helpers/e2eSuite';
import { waitFor } from '../helpers/wait';

const PKG = 'n8n-nodes-voice-agent';
const CAMPAIGN = `${PKG}.voiceAgentCampaign`;
const TRIGGER = `${PKG}.voiceAgentTrigger`;
const AGENT = fixtures.AGENTS[0].id; // its prompt uses callee_name, clinic, date and time
const FROM = fixtures.NUMBERS[0].number;

/** A start far enough ahead for the whole suite, on a whole minute; the end a day later. */
const START_MS = Math.ceil(Date.now() / 60000) * 60000 + 40 * 60000;
const START = new Date(START_MS).toISOString();
const END = new Date(START_MS + 24 * 3600 * 1000).toISOString();

/** The sheet: 300 good rows (numbers written as people write them) and 6 bad ones. */
const GOOD = Array.from({ length: 300 }, (_, n) => ({
	row_key: `r${n + 1}`,
	name: n % 7 === 0 ? `Zoë "Z" Ødegård ${n}` : `Person ${n}`,
	phone:
		n % 2
			? `98${String(76500000 + n).padStart(8, '0')}`
			: `+91 98${String(76500000 + n).padStart(8, '0')}`,
	clinic: n % 3 ? 'Sunrise Clinic' : 'Clínica del Sol, East',
	date: 'June 9',
	time: '10:30',
}));
const BAD = ['12', 'n/a', '', '+0 123', 'phone', '98765'].map((phone, n) => ({
	row_key: `bad${n + 1}`,
	name: `Bad ${n}`,
	phone,
	clinic: 'Sunrise Clinic',
	date: 'June 9',
	time: '10:30',
}));
const SHEET = [...GOOD.slice(0, 100), ...BAD.slice(0, 3), ...GOOD.slice(100), ...BAD.slice(3)];
const COLUMNS = ['row_key', 'name', 'phone', 'clinic', 'date', 'time'] as const;
const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const toCsv = (rows: Array<Record<string, string>>) =>
	[COLUMNS.join(','), ...rows.map((r) => COLUMNS.map((c) => csvCell(r[c])).join(','))].join('\r\n');
/** The cleaned number of a good row, as the node must send it. */
const e164 = (phone: string) => `+91${phone.replace(/^\+91/, '').replace(/\s/g, '')}`;

function node(
	id: string,
	n: number,
	name: string,
	type: string,
	typeVersion: number,
	parameters: object,
) {
	return {
		id: `ca3ca3ca-0000-4000-8000-${Buffer.from(id).toString('hex').slice(-10)}${String(n).padStart(2, '0')}`,
		name,
		type,
		typeVersion,
		position: [n * 220, 0],
		parameters,
		...(type.startsWith(PKG) ? { credentials: { voiceAgentApi: CREDENTIAL } } : {}),
	};
}

const workflow = chainWorkflow;

const manual = (id: string) => node(id, 0, 'Manual Trigger', 'n8n-nodes-base.manualTrigger', 1, {});
const readFile = (id: string, file: string) =>
	node(id, 1, 'Read Sheet', 'n8n-nodes-base.readWriteFile', 1, {
		operation: 'read',
		fileSelector: path.join(suite.files, file),
		options: {},
	});

const createBase = {
	resource: 'campaign',
	operation: 'create',
	assistant: { __rl: true, mode: 'id', value: AGENT },
	countryCode: '+91',
	startAt: START,
	endAt: END,
	startRightAway: true,
	fromNumbers: [FROM],
	callConfig: { timezone: 'UTC' },
};

/**
 * The example "Campaign from a sheet" as shipped (Read → Extract From File → Create with Start
 * Right Away, Continue On Fail), its manual part only, with the test's file, numbers (Indian),
 * start and no call window (the sandbox keeps windows: a run at the wrong hour would wait).
 */
function runWorkflow() {
	const wf = JSON.parse(
		readFileSync(path.join(REPO, 'examples', 'campaign-from-sheet.json'), 'utf8'),
	);
	wf.id = 'e2eCampaignRun';
	wf.name = 'E2E campaign from a sheet';
	wf.nodes = wf.nodes.filter((n: any) => n.type !== TRIGGER && n.name !== 'Get its results');
	wf.connections = Object.fromEntries(
		Object.entries(wf.connections).filter(([from]) => wf.nodes.some((n: any) => n.name === from)),
	);
	const read = wf.nodes.find((n: any) => n.type === 'n8n-nodes-base.readWriteFile');
	read.parameters.fileSelector = path.join(suite.files, 'sheet.csv');
	const create = wf.nodes.find((n: any) => n.type === CAMPAIGN);
	Object.assign(create.parameters, {
		countryCode: '+91',
		startAt: START,
		endAt: END,
		fromNumbers: [FROM],
		callConfig: { timezone: 'UTC' },
	});
	return wf;
}
const RUN_CREATE = 'Create and start the campaign';

/** The file's columns for the assistant's variables (its prompt uses all four). */
const SMALL_MAPPING = {
	mapping: [
		{ variable: 'callee_name', column: 'name' },
		{ variable: 'clinic', column: 'clinic' },
		{ variable: 'date', column: 'date' },
		{ variable: 'time', column: 'time' },
	],
};

/** Read Sheet (a CSV in binary data) → Create from the file → Stop it. */
const stopWorkflow = () =>
	workflow('e2eCampaignStop', [
		manual('e2eCampaignStop'),
		readFile('e2eCampaignStop', 'small.csv'),
		node('e2eCampaignStop', 2, 'Create', CAMPAIGN, 1, {
			...createBase,
			campaignName: 'Small list',
			contactsSource: 'file',
			phoneColumn: 'phone',
			variableMapping: SMALL_MAPPING,
		}),
		node('e2eCampaignStop', 3, 'Stop', CAMPAIGN, 1, {
			resource: 'campaign',
			operation: 'stop',
			campaign: { __rl: true, mode: 'id', value: '={{ $json.list_id }}' },
		}),
	]);

/** The large-list flow from the same small file, whatever its size. */
const largeWorkflow = () =>
	workflow('e2eCampaignLarge', [
		manual('e2eCampaignLarge'),
		readFile('e2eCampaignLarge', 'small.csv'),
		node('e2eCampaignLarge', 2, 'Create', CAMPAIGN, 1, {
			...createBase,
			campaignName: '=Large {{ $now.toMillis() }}',
			contactsSource: 'file',
			phoneColumn: 'phone',
			variableMapping: SMALL_MAPPING,
			options: { largeFlow: 'always', pollSeconds: 1, duplicateProtection: false },
		}),
	]);

/**
 * The example's other part as shipped: Campaign Ended → Get Results → the results as a CSV
 * file written next to the sheet; here polling every 5 s (1.x) and writing into this run's
 * folder.
 */
function endedWorkflow() {
	const wf = JSON.parse(
		readFileSync(path.join(REPO, 'examples', 'campaign-from-sheet.json'), 'utf8'),
	);
	wf.id = 'e2eCampaignEnded';
	wf.name = 'E2E campaign results';
	const kept = [
		'When a campaign ends',
		'Get its results',
		'Results for the sheet',
		'Results as CSV',
		'Write the results',
	];
	wf.nodes = wf.nodes.filter((n: any) => kept.includes(n.name));
	wf.connections = Object.fromEntries(
		Object.entries(wf.connections).filter(([from]) => kept.includes(from)),
	);
	const trigger = wf.nodes.find((n: any) => n.type === TRIGGER);
	trigger.parameters.pollTimes = { item: [{ mode: 'custom', cronExpression: POLL_CRON }] };
	const write = wf.nodes.find((n: any) => n.name === 'Write the results');
	write.parameters.fileName = `=${suite.files}/results-{{ $execution.id }}.csv`;
	return wf;
}
const ENDED = 'When a campaign ends';

const suite = e2eSuite({
	label: 'campaigns',
	seed: 7,
	prepare: (files) => {
		writeFileSync(path.join(files, 'sheet.csv'), toCsv(SHEET));
		writeFileSync(path.join(files, 'small.csv'), toCsv(GOOD.slice(0, 5)));
	},
	workflows: () => [runWorkflow(), stopWorkflow(), largeWorkflow(), endedWorkflow()],
});
const out = (data: unknown, name: string) => env.nodeOutput(data, name) as any[];
const created = () => suite.sandbox.campaigns();
const callsOf = (listId: string) =>
	suite.sandbox.store.calls.filter((c: any) => c.bulk_list_id === listId);

describe(`n8n ${MAJOR}.x campaigns`, () => {
	test('campaign: Create from a CSV file and Stop; a re-run finds the campaign and uploads nothing', async () => {
		const first = await suite.execute('e2eCampaignStop');
		const [made] = out(first.data, 'Create');
		expect(made).toMatchObject({ flow: 'standard', rows_uploaded: 5, left_out: [] });
		expect(made.campaign_name).toMatch(/^Small list #[0-9a-f]{8}$/);
		const [campaign] = created().filter((c) => c.id === made.list_id);
		expect(campaign).toMatchObject({ flow: 'standard', name: made.campaign_name, total_rows: 5 });
		expect(campaign.file.text).toBe(
			[
				'Mobile Number,callee_name,clinic,date,time',
				...GOOD.slice(0, 5).map((r) =>
					[e164(r.phone), r.name, r.clinic, r.date, r.time].map(csvCell).join(','),
				),
				'',
			].join('\r\n'),
		);
		expect(campaign.started).toMatchObject({ via: 'POST /campaign/start', from_numbers: [FROM] });
		expect(out(first.data, 'Stop')).toEqual([
			{ campaign_id: made.list_id, stopped: true, message: 'Calls terminated successfully!' },
		]);
		const calls = callsOf(made.list_id);
		expect(calls).toHaveLength(5);
		expect(calls.every((c: any) => c.status !== 'registered')).toBe(true);

		// The same execution again (a re-run): the campaign is found by its key, not made twice.
		const count = created().length;
		const again = await suite.execute('e2eCampaignStop');
		const [found] = out(again.data, 'Create');
		expect(found).toMatchObject({ list_id: made.list_id, already_uploaded: true });
		expect(created()).toHaveLength(count);
		expect(out(again.data, 'Stop')).toEqual([
			{
				campaign_id: made.list_id,
				stopped: false,
				message: 'No terminable calls found: every call of the campaign has started or ended',
			},
		]);
	});

	for (const variant of ['page', 'schema'] as const) {
		test(`campaign: the large-list flow, ${variant} variant of the answers`, async () => {
			suite.sandbox.setLargeFlow(variant);
			const before = new Set(created().map((c) => c.id));
			const { data } = await suite.execute('e2eCampaignLarge');
			const [made] = out(data, 'Create');
			expect(made).toMatchObject({ flow: 'large', rows_uploaded: 5 });
			expect(made.start).toMatchObject({ bulk_list_id: made.list_id, status: 'scheduled' });
			const mine = created().filter((c) => !before.has(c.id));
			expect(mine.map((c) => [c.id, c.flow, c.endpoint, c.started?.via])).toEqual([
				[made.list_id, 'large', 'POST /campaign/upload-csv', 'POST /campaign/make-call-async'],
			]);
			expect(callsOf(made.list_id)).toHaveLength(5);
		});
	}

	test('campaign: a sheet of 306 rows → Create and start → Campaign Ended fires once → 300 results joined to their rows', async () => {
		const { sandbox, n8n, n8nEnv, timed } = suite;
		const { data } = await suite.execute('e2eCampaignRun');
		const [made] = out(data, RUN_CREATE);
		expect(made.rows_uploaded).toBe(300);
		expect(made.left_out.map((r: any) => r.item)).toEqual([100, 101, 102, 303, 304, 305]);
		const listId = made.list_id;
		expect(callsOf(listId)).toHaveLength(300);

		// Campaigns that have not ended yet (the stopped one ended when it was stopped): only
		// these can end after the trigger's first poll; statuses move only with the clock below.
		const pending = created()
			.filter((c) => c.started && c.campaign_status !== 'completed')
			.map((c) => c.id)
			.sort();
		expect(pending).toContain(listId);
		// Counts reads of the campaign list: the trigger's polls.
		sandbox.setFaults([{ endpoint: 'GET /campaign/all', action: 'pass' }]);
		const polls = () => Number(sandbox.faults.describe().rules[0]?.fired ?? 0);
		await timed('n8n activate', () => env.activateWorkflow(n8n, n8nEnv, 'e2eCampaignEnded'));
		const port = Number(n8nEnv.N8N_PORT);
		const server = await timed('n8n start (until ready)', () =>
			env.startN8n(n8n, n8nEnv, { port }),
		);
		try {
			const rest = env.restClient(port);
			await rest.ownerLogin();
			// The first poll records the campaigns as they are (none of ours has ended).
			await waitFor('the baseline poll', () => polls() >= 1, bound('poll'));
			// The start time comes: every campaign runs, and ends.
			await fetch(`${sandbox.origin}/__sandbox/advance`, {
				method: 'POST',
				body: JSON.stringify({ ms: START_MS - Date.now() + 60000 }),
			});
			const ours = () => created().filter((c) => c.started);
			await timed('every campaign ends', () =>
				waitFor('every started campaign completed', () =>
					ours().every((c) => c.campaign_status === 'completed'),
				),
			);
			const runs = async () => await executionsOf(rest, n8n.dir, 'e2eCampaignEnded');
			const ended = ours()
				.map((c) => c.id)
				.sort();
			const emitted = async () =>
				(await runs())
					.filter((r) => r.status === 'success')
					.flatMap((r) => r.runData[ENDED][0].data.main[0].map((i: any) => i.json.id));
			await timed('Campaign Ended fires for each', () =>
				waitFor(
					'an emission for every campaign',
					async () => (await emitted()).length >= ended.length,
					bound('poll', 2),
				),
			);
			const seen = polls();
			await waitFor(
				`${QUIET_POLLS} more polls`,
				() => polls() >= seen + QUIET_POLLS,
				bound('poll', QUIET_POLLS + 1),
			);
			// Exactly once each.
			expect((await emitted()).sort()).toEqual(ended);

			// The run's campaign: its execution's results are its 300 calls, joined to the rows.
			const all = (await runs()).map((r) => r.runData);
			const run = all.find((r: any) =>
				r[ENDED][0].data.main[0].some((i: any) => i.json.id === listId),
			);
			const item = run[ENDED][0].data.main[0].find((i: any) => i.json.id === listId).json;
			expect(item).toMatchObject({
				id: listId,
				name: made.campaign_name,
				campaign_status: 'completed',
				total_count: 300,
			});
			// History rows carry no variables (FACTS): the join key is the number, which Create
			// sent cleaned; the sheet's numbers cleaned the same way find their rows.
			const mine = new Set(callsOf(listId).map((c: any) => c.id));
			const results = run['Get its results'][0].data.main[0]
				.map((i: any) => i.json)
				.filter((r: any) => mine.has(r.call_id));
			expect(results).toHaveLength(300);
			const byNumber = new Map(GOOD.map((r) => [e164(r.phone), r]));
			for (const r of results) {
				const row = byNumber.get(r.to_number);
				expect(row && [r.callee_name, r.status]).toEqual([
					row?.name,
					sandbox.call(r.call_id)!.status,
				]);
			}
			expect(new Set(results.map((r: any) => r.to_number)).size).toBe(300);

			// Written back: the run's CSV holds one row per call of the campaign, by number.
			const files = readdirSync(suite.files).filter((f) => /^results-.*\.csv$/.test(f));
			const written = files
				.flatMap((f) =>
					parseCsv(readFileSync(path.join(suite.files, f), 'utf8'))
						.slice(1)
						.map((r) => r.cells),
				)
				.filter((row) => row[0] === made.campaign_name);
			expect(written).toHaveLength(300);
			for (const [, phone, name, status] of written) {
				expect(byNumber.get(phone)?.name).toBe(name);
				expect(status).toBe(
					suite.sandbox.store.calls.find(
						(c: any) => c.bulk_list_id === listId && c.to_number === phone,
					)?.status,
				);
			}
		} catch (error) {
			throw new Error(`${(error as Error).message}\n--- n8n log ---\n${server.log()}`);
		} finally {
			await server.stop();
			sandbox.setFaults(null);
		}
	});
});

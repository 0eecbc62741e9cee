/**
 * End to end: campaigns in a real n8n against the sandbox. The examples as shipped, in the
 * files folder `npm run dev` makes: "Campaign from a sheet" uploads and starts the sample sheet
 * and its calls end within minutes at any hour, or fails loudly without the sheet; "Campaign
 * results to a sheet" activated. A sheet of 306 rows (6 of them invalid) read by n8n's own
 * nodes → Campaign › Create with Start Right Away, as the example does → the sandbox runs it →
 * the example's Campaign Ended fires once per campaign → Get Results gives the 300 calls, each
 * joined to its row by its number, written as CSV next to the sheet; a re-run that finds its
 * campaign instead of uploading again, then Stop; the example run again unchanged makes no
 * second campaign and sends no second start, and after its look-back makes a new one; the
 * large-list flow in both documented variants.
 * Run with `npm run test:e2e -- -t 'campaign'` (`-- --n8n2` for n8n 2.x).
 */
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { parseCsv } from '../../nodes/VoiceAgentCampaign/actions/campaign/create/csv';
import { fixtures } from '../../sandbox';
import { bound } from '../../lib/bounds';
import * as env from '../../scripts/n8n/env';
import { chainWorkflow, e2eSuite, MAJOR, nodeMaker, REPO } from '../helpers/e2eSuite';
import { morePolls, waitFor } from '../helpers/wait';
import { withN8nLog } from '../helpers/n8nLog';

const PKG = 'n8n-nodes-voice-agent';
const CAMPAIGN = `${PKG}.voiceAgentCampaign`;
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

const node = nodeMaker(
	(id, n) =>
		`ca3ca3ca-0000-4000-8000-${Buffer.from(id).toString('hex').slice(-10)}${String(n).padStart(2, '0')}`,
	(n) => [n * 220, 0],
);

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
 * The example's manual flow (Read → Extract From File → Create with Start Right Away and
 * Continue On Fail) on the 306-row sheet, with Indian numbers, a start ahead of the suite and
 * no call window.
 */
function runWorkflow() {
	const id = 'e2eCampaignRun';
	const create = {
		...node(id, 3, RUN_CREATE, CAMPAIGN, 1, {
			...createBase,
			campaignName: 'Appointment reminders',
			mobileNumber: '={{ $json.phone }}',
			variableMapping: SMALL_MAPPING,
			callerMode: 'numbers',
		}),
		onError: 'continueRegularOutput',
	};
	return workflow(id, [
		manual(id),
		readFile(id, 'sheet.csv'),
		node(id, 2, 'One item per row', 'n8n-nodes-base.extractFromFile', 1.1, {
			operation: 'csv',
			binaryPropertyName: 'data',
			options: {},
		}),
		create,
	]);
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

/**
 * The example "Campaign from a sheet" exactly as shipped (its sheet, Start from `$now`,
 * Duplicate Protection as it comes) under another id, with `options` added to its Create
 * node's options (none in the example).
 */
function exampleWithOptions(id: string, options: object) {
	const wf = example('campaign-from-sheet.json');
	wf.id = id;
	wf.name = `E2E ${id}`;
	const create = wf.nodes.find((n: any) => n.type === CAMPAIGN);
	create.parameters.options = { ...create.parameters.options, ...options };
	return wf;
}

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
			stopScope: 'all',
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

/** The examples as shipped. */
const example = (file: string) =>
	JSON.parse(readFileSync(path.join(REPO, 'examples', file), 'utf8'));
/** The example's trigger polls every minute: one quiet poll after the last emission. */
const QUIET_POLLS = 1;
const ENDED = 'When a campaign ends';

const suite = e2eSuite({
	label: 'campaigns',
	seed: 7,
	prepare: (files) => {
		writeFileSync(path.join(files, 'sheet.csv'), toCsv(SHEET));
		writeFileSync(path.join(files, 'small.csv'), toCsv(GOOD.slice(0, 5)));
	},
	workflows: () => [
		example('campaign-from-sheet.json'),
		example('campaign-results-to-sheet.json'),
		// The example with a look-back of one minute: a run two minutes later is "later".
		exampleWithOptions('e2eCampExLate', { duplicateLookBackMinutes: 1 }),
		runWorkflow(),
		stopWorkflow(),
		largeWorkflow(),
	],
});
const out = (data: unknown, name: string) => env.nodeOutput(data, name) as any[];
const created = () => suite.sandbox.campaigns();
const callsOf = (listId: string) =>
	suite.sandbox.store.calls.filter((c: any) => c.bulk_list_id === listId);

/** The example's campaigns: they end before the results example is active, so never emitted. */
const earlierListIds: string[] = [];
/** The minute the example first ran in (it computes its Start from `$now`, to the minute). */
let firstRunMinute = 0;

describe(`n8n ${MAJOR}.x campaigns`, () => {
	test('example "Campaign from a sheet" as shipped: the sample sheet is uploaded and started, every call ends within minutes at any hour', async () => {
		firstRunMinute = Math.floor(Date.now() / 60000);
		const { data } = await suite.execute('exCampaignFromSheet');
		const [made] = out(data, 'Create and start the campaign');
		expect(made).toMatchObject({ flow: 'standard', rows_uploaded: 4 });
		expect(made.left_out).toEqual([
			{
				item: 4,
				mobile_number: 'n/a',
				field: 'Phone Number',
				reason:
					'"n/a" is not a phone number in international format with country code, e.g. +14155550100',
			},
		]);
		expect(made.campaign_name).toMatch(/^Appointment reminders #[0-9a-f]{8}$/);
		earlierListIds.push(made.list_id);
		const [campaign] = created().filter((c) => c.id === made.list_id);
		expect(campaign.file.text).toBe(
			[
				'Mobile Number,callee_name,clinic,date,time',
				'+14155550142,Maria Lopez,Sunrise Clinic,June 9,10:30',
				'+14155550121,James Carter,Sunrise Clinic,June 9,11:00',
				'+14155550177,Anna Schmidt,Sunrise Clinic,June 10,09:15',
				'+14155550199,Wei Chen,Sunrise Clinic,June 10,14:45',
				'',
			].join('\r\n'),
		);
		expect(campaign.started).toMatchObject({
			via: 'POST /campaign/start',
			from_numbers: ['+14155550100'],
		});
		// Starts within two minutes, and no call window holds the calls back at any hour.
		expect(Date.parse(campaign.campaign_start_time ?? '') - Date.now()).toBeLessThanOrEqual(120000);
		expect(campaign.call_config.call_time).toEqual({ timezone: 'America/New_York' });
		expect(
			callsOf(made.list_id)
				.map((c: any) => c.to_number)
				.sort(),
		).toEqual(['+14155550121', '+14155550142', '+14155550177', '+14155550199']);
		await suite.timed('the example campaign ends (real clock)', () =>
			waitFor(
				'every call of the example campaign ended and the campaign completed',
				() =>
					created().find((c) => c.id === made.list_id)?.campaign_status === 'completed' &&
					callsOf(made.list_id).every((c: any) =>
						['completed', 'failed', 'error'].includes(c.status),
					),
				bound('campaignRun'),
			),
		);
		// By the sandbox's last-two-digits rule: 77 does not answer its one attempt (the example
		// sets no retries), 99 reaches voicemail (completed), the others talk.
		expect(
			Object.fromEntries(callsOf(made.list_id).map((c: any) => [c.to_number, c.status])),
		).toEqual({
			'+14155550142': 'completed',
			'+14155550121': 'completed',
			'+14155550177': 'failed',
			'+14155550199': 'completed',
		});
	});

	test('example "Campaign from a sheet" run again unchanged makes no second campaign and no second start; after the look-back the same sheet makes a new one', async () => {
		const { sandbox } = suite;
		const [first] = created().filter((c) => c.id === earlierListIds[0]);
		const ours = () => created().filter((c) => c.name === first.name);
		// Counts the start requests that reach the sandbox from here on.
		sandbox.setFaults([{ endpoint: 'POST /campaign/start', action: 'pass' }]);
		const starts = () => Number(sandbox.faults.describe().rules[0]?.fired ?? 0);
		try {
			// Unchanged, in a later minute (its Start, from $now to the minute, has moved on):
			// found, not made again, not started again.
			await waitFor('a later minute', () => Math.floor(Date.now() / 60000) > firstRunMinute);
			const again = await suite.execute('exCampaignFromSheet');
			const [found] = out(again.data, 'Create and start the campaign');
			expect(found).toMatchObject({
				list_id: first.id,
				campaign_name: first.name,
				already_uploaded: true,
				start: { status: 'already started', campaign_status: 'completed' },
			});
			expect(ours().map((c) => c.id)).toEqual([first.id]);
			expect(starts()).toBe(0);

			// After the look-back (one minute in this copy of the example): the same sheet makes a
			// new campaign, and starts it once. The first run's calls took longer than that.
			await waitFor(
				'the look-back passed',
				() => Date.now() > firstRunMinute * 60000 + 2 * 60000,
				bound('campaignRun'),
			);
			const late = await suite.execute('e2eCampExLate');
			const [fresh] = out(late.data, 'Create and start the campaign');
			expect(fresh.already_uploaded).toBeUndefined();
			expect(fresh.campaign_name).toBe(first.name);
			expect(fresh.list_id).not.toBe(first.id);
			expect(ours().map((c) => c.id)).toEqual([first.id, fresh.list_id]);
			expect(starts()).toBe(1);
			earlierListIds.push(fresh.list_id);
			// Each calls the same four people once.
			const people = (id: string) =>
				callsOf(id)
					.map((call: any) => call.to_number)
					.sort();
			expect(people(fresh.list_id)).toEqual(people(first.id));
			await suite.timed('the later campaign ends (real clock)', () =>
				waitFor(
					'the later campaign completed',
					() => created().find((c) => c.id === fresh.list_id)?.campaign_status === 'completed',
					bound('campaignRun'),
				),
			);
		} finally {
			sandbox.setFaults(null);
		}
	});

	test('example "Campaign from a sheet" without its sheet: the run fails naming the file, nothing is uploaded', async () => {
		const folder = path.join(suite.files, 'campaign');
		renameSync(folder, `${folder}.away`);
		try {
			const count = created().length;
			const result = await suite.run('exCampaignFromSheet');
			expect(result.succeeded).toBe(false);
			const error = result.data?.data?.resultData?.error;
			expect([error?.node?.name, error?.message]).toEqual([
				'No sheet',
				'No sheet at .n8n-files/campaign/contacts.csv (relative to the folder n8n runs in). Put your CSV there or change the path in “Read the sheet”.',
			]);
			expect(out(result.data, 'Create and start the campaign')).toBeUndefined();
			expect(created()).toHaveLength(count);
		} finally {
			renameSync(`${folder}.away`, folder);
		}
	});

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
		const { sandbox, timed } = suite;
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
		// Activated in the n8n the runs above used, as the editor does.
		await suite.activate('exCampaignResults');
		const server = await suite.n8nReady();
		try {
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
			const runs = async () => await suite.executions('exCampaignResults');
			const ended = ours()
				.map((c) => c.id)
				.filter((id) => !earlierListIds.includes(id))
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
			await morePolls(polls, QUIET_POLLS);
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
			// Where the example writes: next to the sheet, in the files folder.
			const folder = path.join(suite.files, 'campaign');
			const files = readdirSync(folder).filter((f) => /^results-.*\.csv$/.test(f));
			const written = files
				.flatMap((f) =>
					parseCsv(readFileSync(path.join(folder, f), 'utf8'))
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
			throw withN8nLog(error, server.log());
		} finally {
			sandbox.setFaults(null);
		}
	});
});

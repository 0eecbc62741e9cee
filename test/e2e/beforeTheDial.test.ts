/**
 * End to end, issue 31 "Before anyone is called", in a real n8n (1.x and 2.x) against the
 * sandbox: Call › Start over a sheet with Call Window in the Callee's Time Zone and a Do Not
 * Call list (each row's own call_time.timezone, no request for the listed row nor for the row
 * whose zone is unknown, that row on the error output); Campaign › Create making one campaign
 * per zone with only its rows, the listed row left out, and a second run making nothing new;
 * and Dry Run on both, which reaches the sandbox with nothing but the assistant's read.
 * Four `n8n execute` runs in all. Run with
 * `npm run test:e2e -- test/e2e/beforeTheDial.test.ts` (`-- --n8n2` for n8n 2.x).
 */
import { fixtures } from '../../sandbox';
import * as env from '../../scripts/n8n/env';
import { chainWorkflow, e2eSuite, MAJOR, nodeMaker } from '../helpers/e2eSuite';
import { locator } from '../helpers/fixtures';
import { dryRunSummary } from '../helpers/dryRun';

const PKG = 'n8n-nodes-voice-agent';
const CALLING = `${PKG}.voiceAgentCalling`;
const CAMPAIGN = `${PKG}.voiceAgentCampaign`;
/** Its prompt uses callee_name, clinic, date and time. */
const AGENT = fixtures.AGENTS[0].id;
const FROM = fixtures.NUMBERS[0].number;

/** The campaign's Start, a whole hour two days ahead (read in UTC, the zone chosen for it). */
const START_MS = Math.ceil(Date.now() / 3600000) * 3600000 + 2 * 86400000;
const local = (ms: number) => new Date(ms).toISOString().slice(0, 19);
const START = local(START_MS);
const END = local(START_MS + 8 * 3600000);

const VISIT = { clinic: 'Sunrise Clinic', date: 'June 9', time: '10:30' };
/** Start's sheet: New York, Los Angeles, India, a listed number, an Australian one. */
const CALL_ROWS = [
	{ name: 'Ana Ruiz', phone: '+1 212 555 0142', tz: '', ...VISIT },
	{ name: 'Ben Cho', phone: '(310) 555-0143', ...VISIT },
	{ name: 'Chitra Rao', phone: '+91 98123 45671', ...VISIT },
	{ name: 'Dov Levi', phone: '415.555.0144', ...VISIT },
	// Australia has several zones and the row gives none: refused.
	{ name: 'Eve Hart', phone: '+61 412 345 678', tz: '', ...VISIT },
];
/** Create's sheet: two rows in New York, one in Los Angeles, one listed. */
const CAMPAIGN_ROWS = [
	{ name: 'Fay Moss', phone: '+1 212 555 0151', ...VISIT },
	{ name: 'Gil Park', phone: '310-555-0152', ...VISIT },
	{ name: 'Hal Ng', phone: '(212) 555-0153', ...VISIT },
	{ name: 'Ida Roy', phone: '646 555 0154', ...VISIT },
];
const LISTED = '+1 (415) 555-0144, +16465550154';

const WINDOW = { callStartTime: '08:00', callEndTime: '21:00' };

/** n8n's node record; our nodes get the sandbox credential. */
const node = nodeMaker(
	(id, n) => {
		const hex = Buffer.from(id).toString('hex').padEnd(12, '0').slice(-12);
		return `b7d1a100-0000-4000-8000-${hex.slice(0, 10)}${String(n).padStart(2, '0')}`;
	},
	(n) => [n * 220, (n % 2) * 160],
);

const manual = (id: string) => node(id, 0, 'Manual Trigger', 'n8n-nodes-base.manualTrigger', 1, {});
const sheet = (id: string, rows: object[]) =>
	node(id, 1, 'Rows', 'n8n-nodes-base.code', 2, {
		jsCode: `return ${JSON.stringify(rows)}.map((json) => ({ json }));`,
	});

const startParams = {
	resource: 'call',
	operation: 'start',
	assistant: locator(AGENT),
	name: '={{ $json.name }}',
	mobileNumber: '={{ $json.phone }}',
	defaultCountryCode: '+1',
	fromNumber: locator(FROM, 'number'),
	variablesMode: 'row',
	variablesExclude: 'name, phone, tz',
	calleeTimeZone: true,
	calleeZoneColumn: 'tz',
	callConfig: { ...WINDOW, timezone: 'America/New_York' },
	doNotCall: 'numbers',
	doNotCallNumbers: LISTED,
};

const createParams = {
	resource: 'campaign',
	operation: 'create',
	assistant: locator(AGENT),
	campaignName: 'Before the dial',
	mobileNumber: '={{ $json.phone }}',
	variableMapping: {
		mapping: [
			{ variable: 'callee_name', column: 'name' },
			{ variable: 'clinic', column: 'clinic' },
			{ variable: 'date', column: 'date' },
			{ variable: 'time', column: 'time' },
		],
	},
	countryCode: '+1',
	startAt: START,
	endAt: END,
	calleeTimeZone: true,
	callConfig: { ...WINDOW, timezone: 'UTC' },
	doNotCall: 'numbers',
	doNotCallNumbers: LISTED,
};

const START_NODE = 'Call each row';
const CREATE_NODE = 'Campaign per zone';

/** Start with the error output: the refused row goes there, the listed row does not. */
const startWorkflow = () =>
	chainWorkflow('e2eBtdStart', [
		manual('e2eBtdStart'),
		sheet('e2eBtdStart', CALL_ROWS),
		node('e2eBtdStart', 2, START_NODE, CALLING, 1, startParams, {
			onError: 'continueErrorOutput',
		}),
	]);

const createWorkflow = () =>
	chainWorkflow('e2eBtdCampaign', [
		manual('e2eBtdCampaign'),
		sheet('e2eBtdCampaign', CAMPAIGN_ROWS),
		node('e2eBtdCampaign', 2, CREATE_NODE, CAMPAIGN, 1, createParams),
	]);

/** The sheet into both dry runs side by side. */
function dryRunWorkflow() {
	const id = 'e2eBtdDryRun';
	const nodes = [
		manual(id),
		sheet(id, [...CALL_ROWS, ...CAMPAIGN_ROWS]),
		node(id, 2, 'Start dry run', CALLING, 1, { ...startParams, dryRun: true, dryRunReport: true }),
		node(id, 3, 'Create dry run', CAMPAIGN, 1, { ...createParams, dryRun: true }),
	];
	const wf = chainWorkflow(id, nodes.slice(0, 3));
	const to = (name: string) => ({ node: name, type: 'main', index: 0 });
	wf.nodes = nodes;
	wf.connections.Rows = { main: [[to('Start dry run'), to('Create dry run')]] };
	return wf;
}

const suite = e2eSuite({
	label: 'before the dial',
	seed: 31,
	workflows: () => [startWorkflow(), createWorkflow(), dryRunWorkflow()],
});

const out = (data: unknown, name: string, output = 0) =>
	env.nodeOutput(data, name, output) as any[];
const runOf = (data: any, name: string) => data.data.resultData.runData[name][0];

/** What the sandbox keeps of a call's request: who, from where, its variables and config. */
const sent = (call: any) => ({
	name: call.name,
	mobile_number: call.to_number,
	from_number: call.from_number,
	agent_id: call.agent.id,
	custom_args_values: call.custom_args_values,
	call_config: call.call_config,
});
const callTime = (timezone: string) => ({
	call_time: { call_start_time: '08:00', call_end_time: '21:00', timezone },
});
const request = (name: string, number: string, timezone: string) => ({
	name,
	mobile_number: number,
	from_number: FROM,
	agent_id: AGENT,
	custom_args_values: VISIT,
	call_config: callTime(timezone),
});

const AU_PROBLEM =
	"Call Window in the Callee's Time Zone: the country of +61412345678 (+61) has several time zones: give the row's zone (e.g. America/New_York) in its column tz, or set When the Zone Is Unknown to Use a Default Zone [item 4]";

describe(`n8n ${MAJOR}.x: before the dial (issue 31)`, () => {
	test("Start: one request per allowed row in its callee's zone; the listed row skipped, the Australian row on the error output", async () => {
		const { sandbox } = suite;
		const ledgerBefore = sandbox.ledger.length;
		const callsBefore = sandbox.store.calls.length;
		const { data } = await suite.execute('e2eBtdStart');

		// Exactly three calls placed, in row order, each with its own zone.
		expect(sandbox.ledger.slice(ledgerBefore).map((l: any) => l.mobile_number)).toEqual([
			'+12125550142',
			'+13105550143',
			'+919812345671',
		]);
		const calls = sandbox.store.calls.slice(callsBefore);
		expect(calls.map(sent)).toEqual([
			request('Ana Ruiz', '+12125550142', 'America/New_York'),
			request('Ben Cho', '+13105550143', 'America/Los_Angeles'),
			request('Chitra Rao', '+919812345671', 'Asia/Kolkata'),
		]);

		// Success output: the three calls and the listed row, each paired with its item.
		const run = runOf(data, START_NODE);
		const success = run.data.main[0];
		expect(success.map((i: any) => [i.json.call_id ?? i.json.skipped, i.pairedItem])).toEqual([
			[calls[0].id, { item: 0 }],
			[calls[1].id, { item: 1 }],
			[calls[2].id, { item: 2 }],
			['do_not_call', { item: 3 }],
		]);
		expect(success[3].json).toEqual({
			skipped: 'do_not_call',
			skip_reason: 'Do Not Call: +14155550144 is on the list, so it is not called',
			mobile_number: '+14155550144',
		});
		// Error output: the refused row, its fields and the error (n8n adds the fields), paired.
		const errors = run.data.main[1];
		expect(errors.map((i: any) => [i.json, i.pairedItem])).toEqual([
			[{ ...CALL_ROWS[4], error: AU_PROBLEM }, { item: 4 }],
		]);
	});

	test('Campaign Create: one campaign per zone holding only its rows, the listed row left out; a second run makes nothing new', async () => {
		const { sandbox } = suite;
		const before = new Set(sandbox.campaigns().map((c) => c.id));
		const { data } = await suite.execute('e2eBtdCampaign');
		const made = sandbox.campaigns().filter((c) => !before.has(c.id));

		const header = 'Mobile Number,callee_name,clinic,date,time';
		const row = (number: string, name: string) =>
			`${number},${name},${VISIT.clinic},${VISIT.date},${VISIT.time}`;
		expect(
			made.map((c) => [c.name.replace(/ #[0-9a-f]{8}$/, ''), c.call_config, c.file.text]),
		).toEqual([
			[
				'Before the dial (America/New_York)',
				{
					call_time: {
						call_start_time: '08:00',
						call_end_time: '21:00',
						timezone: 'America/New_York',
					},
				},
				[header, row('+12125550151', 'Fay Moss'), row('+12125550153', 'Hal Ng'), ''].join('\r\n'),
			],
			[
				'Before the dial (America/Los_Angeles)',
				{
					call_time: {
						call_start_time: '08:00',
						call_end_time: '21:00',
						timezone: 'America/Los_Angeles',
					},
				},
				[header, row('+13105550152', 'Gil Park'), ''].join('\r\n'),
			],
		]);
		// Each zone's campaign starts and ends at the same moments, the ones the user chose.
		for (const c of made) {
			expect([Date.parse(c.campaign_start_time!), Date.parse(c.campaign_end_time!)]).toEqual([
				START_MS,
				START_MS + 8 * 3600000,
			]);
		}
		// Each its own key: the names differ past the zone too.
		expect(new Set(made.map((c) => c.name.slice(-8))).size).toBe(2);

		const [result] = out(data, CREATE_NODE);
		expect(result.rows_uploaded).toBe(3);
		expect(result.left_out).toEqual([
			{
				item: 3,
				mobile_number: '646 555 0154',
				field: 'Phone Number',
				reason: 'is on the Do Not Call list',
				skipped: 'do_not_call',
				skip_reason: 'Do Not Call: +16465550154 is on the list, so it is not called',
			},
		]);
		expect(
			result.campaigns.map((c: any) => [c.list_id, c.campaign_name, c.timezone, c.rows_uploaded]),
		).toEqual([
			[made[0].id, made[0].name, 'America/New_York', 2],
			[made[1].id, made[1].name, 'America/Los_Angeles', 1],
		]);
		expect(runOf(data, CREATE_NODE).data.main[0][0].pairedItem).toEqual(
			CAMPAIGN_ROWS.map((_, item) => ({ item })),
		);

		// The same workflow again: both campaigns found by their keys, nothing uploaded.
		const count = sandbox.campaigns().length;
		const again = await suite.execute('e2eBtdCampaign');
		expect(sandbox.campaigns()).toHaveLength(count);
		const [found] = out(again.data, CREATE_NODE);
		expect(
			found.campaigns.map((c: any) => [c.list_id, c.campaign_name, c.already_uploaded]),
		).toEqual(made.map((c) => [c.id, c.name, true]));
		expect(found.left_out).toEqual(result.left_out);
	});

	test('Dry Run on Start (with its report) and on Campaign Create: the only requests are the two reads of the assistant', async () => {
		const { sandbox } = suite;
		const ledgerBefore = sandbox.ledger.length;
		const campaignsBefore = sandbox.campaigns().length;
		// Counts every request from here on: the assistant's reads, and all others.
		sandbox.setFaults([
			{ endpoint: `GET /agent/${AGENT}`, action: 'pass' },
			{ endpoint: '*', action: 'pass' },
		]);
		const fired = () => sandbox.faults.describe().rules.map((r: any) => r.fired);
		let data: unknown;
		try {
			({ data } = await suite.execute('e2eBtdDryRun'));
			expect(fired()).toEqual([2, 0]);
		} finally {
			sandbox.setFaults(null);
		}
		expect(sandbox.ledger.length).toBe(ledgerBefore);
		expect(sandbox.campaigns()).toHaveLength(campaignsBefore);

		// Start: one report per row, paired, with the run's counts on each.
		const report = out(data, 'Start dry run');
		expect(report.map((r) => r.summary)).toEqual(
			report.map(() => dryRunSummary(9, 6, { do_not_call: 2, zone_unknown: 1 })),
		);
		expect(report.map((r) => r.skipped ?? r.body.call_config.call_time.timezone)).toEqual([
			'America/New_York',
			'America/Los_Angeles',
			'Asia/Kolkata',
			'do_not_call',
			'zone_unknown',
			'America/New_York',
			'America/Los_Angeles',
			'America/New_York',
			'do_not_call',
		]);
		expect(report[1]).toMatchObject({
			dry_run: true,
			body: request('Ben Cho', '+13105550143', 'America/Los_Angeles'),
			call_window: {
				timezone: 'America/Los_Angeles',
				window_start: '08:00',
				window_end: '21:00',
			},
		});
		const summary = report[0].summary;
		expect(report[3]).toEqual({
			dry_run: true,
			skipped: 'do_not_call',
			skip_reason: 'Do Not Call: +14155550144 is on the list, so it is not called',
			mobile_number: '+14155550144',
			summary,
		});
		expect(report[4]).toEqual({
			dry_run: true,
			skipped: 'zone_unknown',
			problem: AU_PROBLEM,
			summary,
		});
		expect(runOf(data, 'Start dry run').data.main[0].map((i: any) => i.pairedItem)).toEqual(
			report.map((_, item) => ({ item })),
		);

		// Create: one summary, each zone's campaign that would be made.
		const [preview] = out(data, 'Create dry run');
		expect([preview.dry_run, preview.rows_to_upload, preview.summary]).toEqual([
			true,
			6,
			dryRunSummary(9, 6, { do_not_call: 2, zone_unknown: 1 }),
		]);
		expect(
			preview.campaigns.map((c: any) => [c.dry_run, c.rows_to_upload, c.call_window.timezone]),
		).toEqual([
			[true, 3, 'America/New_York'],
			[true, 2, 'America/Los_Angeles'],
			[true, 1, 'Asia/Kolkata'],
		]);
	});
});

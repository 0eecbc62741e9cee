/**
 * Campaign › Create with Call Window in the Callee's Time Zone: one campaign per zone (its
 * name, key, window zone, Start and End in that zone), rows of unknown zone left out, and a
 * re-run that finds every campaign and uploads nothing.
 */
import type { IDataObject } from 'n8n-workflow';

import { expectAllMocksUsed, mockApi, runNode } from '../../../../helpers/harness';
import { captureUploads, NEW_YORK_RUN } from '../../../../helpers/campaignUploads';
import { dryRunSummary } from '../../../../helpers/dryRun';
import { AGENT, createParams, mockAgent, mockLookup, rows } from './helpers';

expectAllMocksUsed();

/** The service's clock (the lookup answer's Date header). */
const T = Date.parse('2027-01-10T08:00:00Z');
const listId = (n: number) => `f6f6f6f6-0000-4000-8000-00000000000${n}`;
const START_ANSWER = { status: 'campaign registered successfully!', has_ongoing_calls: false };

const sheet = () =>
	rows(
		{ phone: '(212) 555-0100' },
		{ phone: '+1 310 555 0100' },
		{ phone: '+12125550101' },
		{ phone: '+919876543210' },
		{ phone: '+61412345678' },
		{ phone: '+79161234567', tz: 'Europe/Moscow' },
	);

const params = (extra: IDataObject = {}) =>
	createParams({
		...NEW_YORK_RUN,
		calleeTimeZone: true,
		calleeZoneColumn: 'tz',
		startRightAway: true,
		fromNumbers: ['+14155550100'],
		...extra,
	});

/** Each zone's campaign: its window zone, Start and End as that zone reads the same moments. */
const ZONES = [
	[
		'America/New_York',
		'15/01/2027, 09:30',
		'15/01/2027, 18:00',
		'Mobile Number\n+12125550100\n+12125550101\n',
	],
	[
		'America/Los_Angeles',
		'15/01/2027, 06:30',
		'15/01/2027, 15:00',
		'Mobile Number\n+13105550100\n',
	],
	['Asia/Kolkata', '15/01/2027, 20:00', '16/01/2027, 04:30', 'Mobile Number\n+919876543210\n'],
	['Europe/Moscow', '15/01/2027, 17:30', '16/01/2027, 02:00', 'Mobile Number\n+79161234567\n'],
] as const;

const REFUSED = {
	skipped: 'zone_unknown',
	item: 4,
	mobile_number: '+61412345678',
	field: "Call Window in the Callee's Time Zone",
	reason:
		"the country of +61412345678 (+61) has several time zones: give the row's zone (e.g. America/New_York) in its column tz, or set When the Zone Is Unknown to Use a Default Zone",
};

describe("Campaign › Create: Call Window in the Callee's Time Zone", () => {
	let names: string[] = [];

	test('one campaign per zone, each uploaded and started once; the row of unknown zone is left out', async () => {
		mockAgent([]);
		mockLookup([], 4, T);
		const uploads = captureUploads(4, listId);
		const starts = ZONES.map((_, n) =>
			mockApi()
				.post('/campaign/start', {
					agent_id: AGENT,
					list_id: listId(n + 1),
					from_numbers: ['+14155550100'],
				})
				.reply(200, START_ANSWER),
		);
		const { output, error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: params(),
			items: sheet(),
		});
		expect(error).toBeUndefined();
		starts.forEach((s) => s.done());
		expect(uploads.seen).toHaveLength(4);
		ZONES.forEach(([zone, start, end, csv], n) => {
			const { fields } = uploads.seen[n];
			expect(fields.campaign_name).toMatch(
				new RegExp(`^January reminders \\(${zone.replace('/', '\\/')}\\) #[0-9a-f]{8}$`),
			);
			expect(JSON.parse(fields.call_config)).toEqual({
				call_time: { call_start_time: '08:00', call_end_time: '21:00', timezone: zone },
			});
			expect([fields.campaign_start_time, fields.campaign_end_time, fields.country_code]).toEqual([
				start,
				end,
				'+1',
			]);
			expect(uploads.seen[n].csv.replace(/\r/g, '')).toBe(csv);
		});
		names = uploads.seen.map((u) => u.fields.campaign_name);
		expect(new Set(names.map((name) => name.slice(-8))).size).toBe(4);

		expect(output).toHaveLength(1);
		const json = output[0].json;
		expect(json.rows_uploaded).toBe(5);
		expect(json.left_out).toEqual([REFUSED]);
		const campaigns = json.campaigns as IDataObject[];
		expect(
			campaigns.map((c) => [c.list_id, c.campaign_name, c.timezone, c.rows_uploaded, c.start]),
		).toEqual(
			ZONES.map(([zone], n) => [listId(n + 1), names[n], zone, n === 0 ? 2 : 1, START_ANSWER]),
		);
		expect(output[0].pairedItem).toEqual(sheet().map((_, item) => ({ item })));
	});

	test("Dry Run: each zone's campaign with its window, the unknown zone counted, only the assistant read", async () => {
		mockAgent([]);
		const { output, error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: params({ dryRun: true }),
			items: sheet(),
		});
		expect(error).toBeUndefined();
		expect(output).toHaveLength(1);
		const json = output[0].json;
		expect([json.dry_run, json.rows_to_upload]).toEqual([true, 5]);
		expect(json.summary).toEqual(dryRunSummary(6, 5, { zone_unknown: 1 }));
		expect(json.left_out).toEqual([REFUSED]);
		const campaigns = json.campaigns as IDataObject[];
		expect(
			campaigns.map((c) => [c.dry_run, c.rows_to_upload, (c.call_window as IDataObject).timezone]),
		).toEqual(ZONES.map(([zone], n) => [true, n === 0 ? 2 : 1, zone]));
	});

	test('a re-run (fresh items, the same rows) finds every campaign: nothing uploaded or started again', async () => {
		expect(names).toHaveLength(4);
		mockAgent([]);
		const listed = names.map((name, n) => ({
			id: listId(n + 1),
			name,
			campaign_status: 'scheduled',
			created_at: new Date(T - 5 * 60_000).toISOString(),
		}));
		mockLookup(listed, 4, T);
		const { output, error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: params(),
			items: sheet(),
		});
		expect(error).toBeUndefined();
		const campaigns = output[0].json.campaigns as IDataObject[];
		expect(
			campaigns.map((c) => [
				c.list_id,
				c.campaign_name,
				c.already_uploaded,
				(c.start as IDataObject).status,
			]),
		).toEqual(names.map((name, n) => [listId(n + 1), name, true, 'already started']));
		expect(output[0].json.left_out).toEqual([REFUSED]);
	});

	test('every row of unknown zone: nothing is uploaded, the error names the rows', async () => {
		// Refused before any request: the zone is judged before the assistant's prompt is read.
		const { error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: params(),
			items: rows({ phone: '+61412345678' }),
		});
		expect(error?.message).toBe('No contact to upload: every row was left out');
		expect(error?.description).toBe(`Left out: item 0: ${REFUSED.field} ${REFUSED.reason}`);
	});

	test("the callee verdict's order: the list, then the zone, then the variables", async () => {
		// Before, the variables were checked first: the first row was left out as invalid_input.
		mockAgent(['clinic']);
		const { output, error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: params({
				dryRun: true,
				doNotCall: 'numbers',
				doNotCallNumbers: '+61 412 345 679',
			}),
			items: rows(
				{ phone: '+61412345678', clinic: { not: 'text' } },
				{ phone: '+61412345679', clinic: { not: 'text' } },
				{ phone: '+12125550100', clinic: 'East' },
			),
		});
		expect(error).toBeUndefined();
		const json = output[0].json;
		expect(json.left_out).toEqual([
			{ ...REFUSED, item: 0 },
			{
				item: 1,
				mobile_number: '+61412345679',
				field: 'Phone Number',
				reason: 'is on the Do Not Call list',
				skipped: 'do_not_call',
				skip_reason: 'Do Not Call: +61412345679 is on the list, so it is not called',
			},
		]);
		expect((json.summary as IDataObject).skipped).toMatchObject({
			do_not_call: 1,
			zone_unknown: 1,
			invalid_input: 0,
		});
	});

	test('off (the default): one campaign in the chosen zone, as before', async () => {
		mockAgent([]);
		mockLookup([], 1, T);
		const uploads = captureUploads(1, listId);
		const { output, error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: params({ calleeTimeZone: false, startRightAway: false }),
			items: rows({ phone: '+12125550100' }, { phone: '+919876543210' }),
		});
		expect(error).toBeUndefined();
		expect(JSON.parse(uploads.seen[0].fields.call_config).call_time.timezone).toBe(
			'America/New_York',
		);
		expect(output[0].json.campaign_name).toMatch(/^January reminders #[0-9a-f]{8}$/);
		expect(output[0].json.campaigns).toBeUndefined();
	});
});

describe('Campaign › Create: area codes split by exchange', () => {
	// +1 423 is Chicago's, but its exchange 756 is Chattanooga's (New York); +1 850 434 is
	// Pensacola (Chicago); +1 907 592 (Adak) and +1 928 283 (Navajo Nation) span several zones.
	const split = () =>
		rows(
			{ phone: '+1 423 756 0100' },
			{ phone: '+1 423 555 0100' },
			{ phone: '+1 850 434 0100' },
			{ phone: '+1 907 592 0100' },
			{ phone: '+1 928 283 0100' },
		);
	const windows = (json: IDataObject) =>
		(json.campaigns as IDataObject[]).map((c) => [
			(c.call_window as IDataObject).timezone,
			c.rows_to_upload,
		]);

	test("each row's campaign is its exchange's zone; an exchange of several zones is left out", async () => {
		mockAgent([]);
		const { output, error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: params({ dryRun: true }),
			items: split(),
		});
		expect(error).toBeUndefined();
		const json = output[0].json;
		expect(windows(json)).toEqual([
			['America/New_York', 1],
			['America/Chicago', 2],
		]);
		expect((json.left_out as IDataObject[]).map((r) => [r.item, r.reason])).toEqual([
			[
				3,
				"the exchange 907 592 of +19075920100 spans several time zones: give the row's zone (e.g. America/New_York) in its column tz, or set When the Zone Is Unknown to Use a Default Zone",
			],
			[
				4,
				"the exchange 928 283 of +19282830100 spans several time zones: give the row's zone (e.g. America/New_York) in its column tz, or set When the Zone Is Unknown to Use a Default Zone",
			],
		]);
	});

	test('with a Default Zone, the rows of an exchange of several zones are in its campaign', async () => {
		mockAgent([]);
		const { output, error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: params({ dryRun: true, unknownZone: 'default', defaultZone: 'America/Adak' }),
			items: split(),
		});
		expect(error).toBeUndefined();
		expect(windows(output[0].json)).toEqual([
			['America/New_York', 1],
			['America/Chicago', 2],
			['America/Adak', 2],
		]);
		expect(output[0].json.left_out).toEqual([]);
	});
});

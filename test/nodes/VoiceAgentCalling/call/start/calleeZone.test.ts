/** Call › Start with Call Window in the Callee's Time Zone: each row's own call_time.timezone. */
import { VoiceAgentCalling } from '../../../../../nodes/VoiceAgentCalling/VoiceAgentCalling.node';
import { runNode, expectAllMocksUsed, mockApi } from '../../../../helpers/harness';
import { AGENT } from '../../../../helpers/fixtures';
import { shownFields } from '../../../../helpers/panel';
import { sheetStart, startAnswer } from '../../../../helpers/startParams';
import { dryRunSummary } from '../../../../helpers/dryRun';

expectAllMocksUsed();
afterEach(() => jest.restoreAllMocks());

// Each test copies the rows it uses: an item's json is what Start remembers a call by.
const ROWS = [
	{ name: 'Ny', phone: '+1 212 555 0100' },
	{ name: 'Phx', phone: '+16025550100' },
	{ name: 'In', phone: '+919876543210' },
	{ name: 'Ru', phone: '+79161234567', tz: 'Asia/Vladivostok' },
];

const params = (extra: Record<string, unknown> = {}, callConfig: Record<string, unknown> = {}) =>
	sheetStart(
		{},
		{
			calleeTimeZone: true,
			calleeZoneColumn: 'tz',
			callConfig: {
				callStartTime: '08:00',
				callEndTime: '21:00',
				timezone: 'America/New_York',
				...callConfig,
			},
			...extra,
		},
	);

const started = (n: number) =>
	startAnswer(n, {
		call_status: 'registered',
		initiated_at: '2026-11-25T12:00:00Z',
		agent_id: AGENT,
	});

/** The one request a row sends: its number and its own zone, the same window. */
const body = (name: string, number: string, callTime: Record<string, string>) => ({
	name,
	mobile_number: number,
	agent_id: AGENT,
	from_number: '+14155550000',
	call_config: { call_time: { call_start_time: '08:00', call_end_time: '21:00', ...callTime } },
});

describe("Call › Start: Call Window in the Callee's Time Zone", () => {
	test('each row sends its own zone: area code, country, column; a scheduled time is the same moment', async () => {
		// Less than a day before, after each row's window of the day before has closed.
		jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2099-01-02T12:00:00Z'));
		// The window sent opens at the moment in the row's zone (at the window's next opening
		// when outside it: 01:00 in Vladivostok), so an ignored scheduled_at cannot ring early.
		const scope = mockApi()
			.post(
				'/calling/outbound/individual',
				body('Ny', '+12125550100', {
					call_start_time: '10:00',
					timezone: 'America/New_York',
					scheduled_at: '2099-01-02T10:00:00',
				}),
			)
			.reply(200, started(1))
			.post(
				'/calling/outbound/individual',
				body('Phx', '+16025550100', {
					call_start_time: '08:00',
					timezone: 'America/Phoenix',
					scheduled_at: '2099-01-02T08:00:00',
				}),
			)
			.reply(200, started(2))
			.post(
				'/calling/outbound/individual',
				body('In', '+919876543210', {
					call_start_time: '20:30',
					timezone: 'Asia/Kolkata',
					scheduled_at: '2099-01-02T20:30:00',
				}),
			)
			.reply(200, started(3))
			.post(
				'/calling/outbound/individual',
				body('Ru', '+79161234567', {
					call_start_time: '08:00',
					timezone: 'Asia/Vladivostok',
					scheduled_at: '2099-01-03T08:00:00',
				}),
			)
			.reply(200, started(4));
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			items: ROWS.map((json) => ({ json })),
			// 10:00 in New York, the zone the user chose for it (UTC-5 in January).
			parameters: params({}, { scheduledAt: '2099-01-02T10:00:00' }),
		});
		expect(error).toBeUndefined();
		expect(output.map((o) => [o.json.call_id, o.pairedItem])).toEqual([
			[started(1).data.call_id, { item: 0 }],
			[started(2).data.call_id, { item: 1 }],
			[started(3).data.call_id, { item: 2 }],
			[started(4).data.call_id, { item: 3 }],
		]);
		scope.done();
	});

	test('a row in a country of several zones without a zone is refused naming the column; the others are called', async () => {
		const scope = mockApi()
			.post(
				'/calling/outbound/individual',
				body('Ny', '+12125550100', { timezone: 'America/New_York' }),
			)
			.reply(200, started(1));
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			continueOnFail: true,
			items: [{ json: { ...ROWS[0] } }, { json: { name: 'Au', phone: '+61412345678', tz: '' } }],
			parameters: params(),
		});
		expect(error).toBeUndefined();
		expect(output.map((o) => [o.json.call_id ?? o.json.error, o.pairedItem])).toEqual([
			[started(1).data.call_id, { item: 0 }],
			[
				"Call Window in the Callee's Time Zone: the country of +61412345678 (+61) has several time zones: give the row's zone (e.g. America/New_York) in its column tz, or set When the Zone Is Unknown to Use a Default Zone [item 1]",
				{ item: 1 },
			],
		]);
		scope.done();
	});

	test('Use a Default Zone: the unknown row is called in the default zone', async () => {
		const scope = mockApi()
			.post(
				'/calling/outbound/individual',
				body('Au', '+61412345678', { timezone: 'Australia/Sydney' }),
			)
			.reply(200, started(1));
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			items: [{ json: { name: 'Au', phone: '+61412345678' } }],
			parameters: params({ unknownZone: 'default', defaultZone: 'Australia/Sydney' }),
		});
		expect(error).toBeUndefined();
		scope.done();
	});

	test("an area code split by exchange: each row is in its exchange's zone; an exchange of several zones in the Default Zone", async () => {
		// +1 423 is Chicago's but its exchange 756 is Chattanooga's; +1 907 592 (Adak) is one of
		// the 907 exchanges the source gives several zones (America/Adak&America/Anchorage).
		const scope = mockApi()
			.post(
				'/calling/outbound/individual',
				body('Chattanooga', '+14237560100', { timezone: 'America/New_York' }),
			)
			.reply(200, started(1))
			.post(
				'/calling/outbound/individual',
				body('Adak', '+19075920100', { timezone: 'America/Adak' }),
			)
			.reply(200, started(2));
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			items: [
				{ json: { name: 'Chattanooga', phone: '+1 423 756 0100' } },
				{ json: { name: 'Adak', phone: '+1 907 592 0100' } },
			],
			parameters: params({ unknownZone: 'default', defaultZone: 'America/Adak' }),
		});
		expect(error).toBeUndefined();
		scope.done();
	});

	test('an exchange of several zones without a Default Zone is refused naming it', async () => {
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			continueOnFail: true,
			items: [{ json: { name: 'Adak', phone: '+1 907 592 0100' } }],
			parameters: params(),
		});
		expect(error).toBeUndefined();
		expect(output.map((o) => o.json.error)).toEqual([
			"Call Window in the Callee's Time Zone: the exchange 907 592 of +19075920100 spans several time zones: give the row's zone (e.g. America/New_York) in its column tz, or set When the Zone Is Unknown to Use a Default Zone [item 0]",
		]);
	});

	test.each([
		[
			{},
			{ callStartTime: '', callEndTime: '' },
			"Call Settings › Call Window Start: and Call Window End are required with Call Window in the Callee's Time Zone [item 0]",
		],
		[
			{ unknownZone: 'default', defaultZone: '+05:30' },
			{},
			'Default Zone: "+05:30" is not an IANA time zone name, e.g. America/New_York (an offset such as +05:30 is not one: daylight saving needs the zone) [item 0]',
		],
		[
			{},
			{},
			'Call Window in the Callee\'s Time Zone: Column tz: "GMT+3" is not an IANA time zone name, e.g. America/New_York (an offset such as +05:30 is not one: daylight saving needs the zone) [item 0]',
			{ tz: 'GMT+3' },
		],
	])(
		'refused before anything is sent: %j %j',
		async (extra, callConfig, message, row: Record<string, unknown> = {}) => {
			const { error } = await runNode({
				type: 'voiceAgentCalling',
				items: [{ json: { ...ROWS[0], ...row } }],
				parameters: params(extra, callConfig),
			});
			expect(error?.message).toBe(message);
		},
	);

	test('off (the default): one zone for every row, as before', async () => {
		const scope = mockApi()
			.post(
				'/calling/outbound/individual',
				body('In', '+919876543210', { timezone: 'America/New_York' }),
			)
			.reply(200, started(1));
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			items: [{ json: { ...ROWS[2] } }],
			parameters: params({ calleeTimeZone: false }),
		});
		expect(error).toBeUndefined();
		scope.done();
	});

	test('the panel: the zone fields show only with the option on, Default Zone only when used', () => {
		const calling = new VoiceAgentCalling().description;
		const zoneFields = (values: Record<string, unknown>) =>
			shownFields(calling, { resource: 'call', operation: 'start', ...values }).filter((n) =>
				['calleeTimeZone', 'calleeZoneColumn', 'unknownZone', 'defaultZone'].includes(n),
			);
		expect(zoneFields({})).toEqual(['calleeTimeZone']);
		expect(zoneFields({ calleeTimeZone: true })).toEqual([
			'calleeTimeZone',
			'calleeZoneColumn',
			'unknownZone',
		]);
		expect(zoneFields({ calleeTimeZone: true, unknownZone: 'default' })).toEqual([
			'calleeTimeZone',
			'calleeZoneColumn',
			'unknownZone',
			'defaultZone',
		]);
	});
});

describe("Call › Start: Dry Run Report with the callee's time zone", () => {
	test("each row's window in its own zone; a row whose zone is unknown is counted as zone_unknown; nothing sent", async () => {
		// 21:00 in New York the evening before.
		jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2030-01-15T02:00:00Z'));
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			items: [
				{ json: { name: 'Ny', phone: '+12125550100' } },
				{ json: { name: 'Au', phone: '+61412345678' } },
			],
			parameters: params(
				{ dryRunReport: true, dryRun: true },
				{ scheduledAt: '2030-01-15T07:00:00' },
			),
		});
		expect(error).toBeUndefined();
		const summary = dryRunSummary(2, 1, { zone_unknown: 1 });
		expect(output.map((o) => o.json)).toEqual([
			expect.objectContaining({
				dry_run: true,
				call_window: {
					timezone: 'America/New_York',
					window_start: '08:00',
					window_end: '21:00',
					first_call_at: '2030-01-15T08:00:00',
				},
				summary,
			}),
			{
				dry_run: true,
				skipped: 'zone_unknown',
				problem: expect.stringMatching(
					/^Call Window in the Callee's Time Zone: .*\+61.* \[item 1\]$/,
				),
				summary,
			},
		]);
	});
});

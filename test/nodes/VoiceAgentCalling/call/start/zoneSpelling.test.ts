/**
 * Call › Start sends every time zone a user types in the tz database's spelling, whatever the
 * letter case typed (the service may not match `america/chicago`): the Time Zone of Call
 * Settings, a Time Zone Column's values, the Default Zone. A link keeps its own name
 * (Asia/Calcutta stays Asia/Calcutta), only its case is fixed.
 */
import fc from 'fast-check';
import nock from 'nock';

import { runNode, expectAllMocksUsed, mockApi } from '../../../../helpers/harness';
import { AGENT } from '../../../../helpers/fixtures';
import { sheetStart } from '../../../../helpers/startParams';
import { zoneInAnyCase } from '../../../../helpers/zoneNames';

expectAllMocksUsed();

// Each run's items differ: Start sends an item once (once.ts), and fast-check may repeat one.
let run = 0;

// Start over sheet rows (the tests' one way to set its parameters), with an 08:00-21:00 window.
const params = (extra: Record<string, unknown>, callConfig: Record<string, unknown>) =>
	sheetStart(
		{},
		{ callConfig: { callStartTime: '08:00', callEndTime: '21:00', ...callConfig }, ...extra },
	);

const started = (n: number) => ({
	status: 'success',
	message: 'Call initiated successfully',
	data: {
		call_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
		call_status: 'registered',
		initiated_at: '2026-11-25T12:00:00Z',
		agent_id: AGENT,
	},
});

/** The exact request of one row called in `zone`. */
const body = (name: string, number: string, zone: string) => ({
	name,
	mobile_number: number,
	agent_id: AGENT,
	from_number: '+14155550000',
	call_config: {
		call_time: { call_start_time: '08:00', call_end_time: '21:00', timezone: zone },
	},
});

describe('Call › Start: a zone typed in any letter case is sent as the tz database spells it', () => {
	test('property: Call Settings › Time Zone', async () => {
		await fc.assert(
			fc.asyncProperty(zoneInAnyCase(), async ({ name, typed }) => {
				nock.cleanAll(); // a failed run's answer left unused must not be counted against this one
				const scope = mockApi()
					.post('/calling/outbound/individual', body('Ana', '+919876543210', name))
					.reply(200, started(1));
				const { output, error } = await runNode({
					type: 'voiceAgentCalling',
					items: [{ json: { name: 'Ana', phone: '+919876543210', run: ++run } }],
					parameters: params({}, { timezone: typed }),
				});
				expect(error).toBeUndefined();
				expect(output.map((o) => o.json.call_id)).toEqual([started(1).data.call_id]);
				scope.done();
			}),
			{ numRuns: 60 },
		);
	});

	test("property: the Time Zone Column's values, several rows in one run", async () => {
		await fc.assert(
			fc.asyncProperty(fc.array(zoneInAnyCase(), { minLength: 1, maxLength: 6 }), async (zones) => {
				nock.cleanAll();
				let scope = mockApi();
				zones.forEach(({ name }, n) => {
					scope = scope
						.post('/calling/outbound/individual', body(`R${n}`, '+919876543210', name))
						.reply(200, started(n + 1));
				});
				const { output, error } = await runNode({
					type: 'voiceAgentCalling',
					items: zones.map(({ typed }, n) => ({
						json: { name: `R${n}`, phone: '+919876543210', tz: typed, run: ++run },
					})),
					parameters: params(
						{ calleeTimeZone: true, calleeZoneColumn: 'tz' },
						{ timezone: 'America/New_York' },
					),
				});
				expect(error).toBeUndefined();
				expect(output.map((o) => o.json.call_id)).toEqual(
					zones.map((_, n) => started(n + 1).data.call_id),
				);
				scope.done();
			}),
			{ numRuns: 40 },
		);
	});

	test.each([
		['america/chicago', 'America/Chicago'],
		['AUSTRALIA/SYDNEY', 'Australia/Sydney'],
		// A link keeps its name: the user's zone, its case fixed, never its target's.
		['asia/calcutta', 'Asia/Calcutta'],
		['asia/kolkata', 'Asia/Kolkata'],
		['us/eastern', 'US/Eastern'],
		['utc', 'UTC'],
		['etc/gmt+5', 'Etc/GMT+5'],
		['america/port-au-prince', 'America/Port-au-Prince'],
	])('Default Zone %s is sent as %s', async (typed, zone) => {
		const scope = mockApi()
			.post('/calling/outbound/individual', body('Au', '+61412345678', zone))
			.reply(200, started(1));
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			items: [{ json: { name: 'Au', phone: '+61412345678' } }],
			parameters: params(
				{
					calleeTimeZone: true,
					calleeZoneColumn: 'tz',
					unknownZone: 'default',
					defaultZone: typed,
				},
				{ timezone: 'America/New_York' },
			),
		});
		expect(error).toBeUndefined();
		scope.done();
	});
});

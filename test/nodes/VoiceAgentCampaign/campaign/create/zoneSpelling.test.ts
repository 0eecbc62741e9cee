/**
 * Campaign › Create sends every time zone a user types in the tz database's spelling,
 * whatever the letter case typed: a Time Zone Column's values (one campaign per zone, so
 * `america/chicago` and `America/Chicago` are one campaign), and the Time Zone of Call
 * Settings. A link keeps its own name, only its case is fixed.
 */
import fc from 'fast-check';
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { expectAllMocksUsed, runNode } from '../../../../helpers/harness';
import { captureUploads, NEW_YORK_RUN } from '../../../../helpers/campaignUploads';
import { zoneInAnyCase } from '../../../../helpers/zoneNames';
import { createParams, mockAgent, mockLookup, rows } from './helpers';

expectAllMocksUsed();

/** The service's clock (the lookup answer's Date header). */
const T = Date.parse('2027-01-10T08:00:00Z');
const LIST = 'f6f6f6f6-0000-4000-8000-0000000000aa';
// Each run's rows differ: fast-check may repeat a case, and nothing of one run may meet another.
let run = 0;

const params = (extra: IDataObject = {}) =>
	createParams({ ...NEW_YORK_RUN, startRightAway: false, ...extra });

const callConfig = (zone: string) => ({
	call_time: { call_start_time: '08:00', call_end_time: '21:00', timezone: zone },
});

describe('Campaign › Create: a zone typed in any letter case is sent as the tz database spells it', () => {
	test("property: the Time Zone Column's values; one campaign per zone, however each row wrote it", async () => {
		await fc.assert(
			fc.asyncProperty(fc.array(zoneInAnyCase(), { minLength: 1, maxLength: 5 }), async (zones) => {
				nock.cleanAll(); // a failed run's answers left unused must not be counted against this one
				const names = [...new Set(zones.map((z) => z.name))];
				mockAgent([]);
				mockLookup([], names.length, T);
				const uploads = captureUploads(names.length, () => LIST);
				const numbers = zones.map((_, n) => `+1212555${String(1000 + n)}`);
				const { error } = await runNode({
					type: 'voiceAgentCampaign',
					parameters: params({ calleeTimeZone: true, calleeZoneColumn: 'tz' }),
					items: rows(
						...zones.map(({ typed }, n) => ({ phone: numbers[n], tz: typed, run: ++run })),
					),
				});
				expect(error).toBeUndefined();
				expect(
					uploads.seen.map((u) => [
						JSON.parse(u.fields.call_config),
						u.fields.campaign_name.replace(/ #[0-9a-f]{8}$/, ''),
						u.csv.replace(/\r/g, ''),
					]),
				).toEqual(
					names.map((name) => [
						callConfig(name),
						`January reminders (${name})`,
						`Mobile Number\n${numbers.filter((_, n) => zones[n].name === name).join('\n')}\n`,
					]),
				);
			}),
			{
				numRuns: 30,
				// One zone written two ways: one campaign, both rows in it.
				examples: [
					[
						[
							{ name: 'America/Chicago', typed: 'america/chicago' },
							{ name: 'Asia/Calcutta', typed: 'ASIA/CALCUTTA' },
							{ name: 'America/Chicago', typed: 'America/Chicago' },
						],
					],
				],
			},
		);
	});

	test('property: Call Settings › Time Zone', async () => {
		await fc.assert(
			fc.asyncProperty(zoneInAnyCase(), async ({ name, typed }) => {
				nock.cleanAll();
				mockAgent([]);
				mockLookup([], 1, T);
				const uploads = captureUploads(1, () => LIST);
				const { error } = await runNode({
					type: 'voiceAgentCampaign',
					parameters: params({
						callConfig: { callStartTime: '08:00', callEndTime: '21:00', timezone: typed },
					}),
					items: rows({ phone: '+12125551000', run: ++run }),
				});
				expect(error).toBeUndefined();
				expect(uploads.seen.map((u) => JSON.parse(u.fields.call_config))).toEqual([
					callConfig(name),
				]);
			}),
			{ numRuns: 30 },
		);
	});
});

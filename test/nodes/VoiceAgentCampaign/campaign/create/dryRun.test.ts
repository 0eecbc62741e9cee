/**
 * Campaign Create's Dry Run report (dryRun.ts): the report a real run starts with, renamed
 * where it speaks of an upload, its counts, and when the first call would ring: not before
 * the campaign's Start (the minute sent, rounded up), inside its daily window.
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import type { Contacts } from '../../../../../nodes/VoiceAgentCampaign/actions/campaign/create/contacts';
import { dryRunReport } from '../../../../../nodes/VoiceAgentCampaign/actions/campaign/create/dryRun';
import type { CreateSettings } from '../../../../../nodes/VoiceAgentCampaign/actions/campaign/create/settings';
import { callWindow, dryRunSummary } from '../../../../helpers/dryRun';
import { mockNow } from '../../../../helpers/mockNow';

const NOW = Date.parse('2027-01-14T12:00:00Z');
mockNow(() => NOW);

/** The settings the report reads: the zone, Start, and call_config's window. */
const settings = (startMs: number, window: IDataObject = {}) =>
	({
		zone: 'Asia/Kolkata',
		startMs,
		callConfig: { call_time: { timezone: 'Asia/Kolkata', ...window } },
	}) as unknown as CreateSettings;
const contacts = {
	count: 2,
	leftOut: [{}, {}],
	reasons: ['do_not_call', 'invalid_number'],
} as unknown as Contacts;
const report = {
	campaign_name: 'January reminders #0a1b2c3d',
	rows_uploaded: 2,
	flow: 'standard',
	timezone: 'Asia/Kolkata',
};

test('the report: rows to upload, the counts, and the first call at the window opening', () => {
	const start = Date.parse('2027-01-15T04:00:00Z'); // 09:30 in Kolkata
	expect(
		dryRunReport(
			settings(start, { call_start_time: '10:00', call_end_time: '17:00' }),
			contacts,
			report,
		),
	).toEqual({
		dry_run: true,
		campaign_name: 'January reminders #0a1b2c3d',
		rows_to_upload: 2,
		summary: dryRunSummary(4, 2, { do_not_call: 1, invalid_number: 1 }),
		flow: 'standard',
		timezone: 'Asia/Kolkata',
		call_window: callWindow('Asia/Kolkata', '10:00', '17:00', '2027-01-15T10:00:00'),
	});
});

test('any Start, no window: the first call at its minute, rounded up', () => {
	fc.assert(
		fc.property(fc.integer({ min: 1, max: 86_400_000 }), (ahead) => {
			const start = NOW + ahead;
			const minute = Math.ceil(start / 60_000) * 60_000;
			// Kolkata is UTC+05:30 all year.
			const local = new Date(minute + 5.5 * 3_600_000).toISOString().slice(0, 19);
			expect(dryRunReport(settings(start), contacts, report).call_window).toEqual(
				callWindow('Asia/Kolkata', null, null, local),
			);
		}),
		{ seed: 20260101 },
	);
});

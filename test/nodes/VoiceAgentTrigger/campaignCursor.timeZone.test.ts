/** @jest-environment ./test/helpers/zoneEnvironment.js */
/**
 * Campaign Ended's memory in the zones n8n may run in: a campaign's created_at and updated_at
 * (UTC when written without an offset) are the same instants in every process zone, so the
 * mark and the order of ended campaigns do not move with n8n's TZ.
 */
import { changedAtMs, createdSecond } from '../../../nodes/VoiceAgentTrigger/campaignCursor';
import { TEST_ZONES, useTimeZone } from '../../helpers/timeZone';

describe.each(TEST_ZONES)('with the process in %s', (zone) => {
	useTimeZone(zone);

	test('times without an offset are UTC, with one they are what they say', () => {
		const row = { id: 'c', created_at: '2026-11-25T12:00:00', updated_at: '2026-11-25 13:00:00.5' };
		expect(createdSecond(row)).toBe(Date.UTC(2026, 10, 25, 12) / 1000);
		expect(changedAtMs(row)).toBe(Date.UTC(2026, 10, 25, 13, 0, 0, 500));
		expect(changedAtMs({ id: 'c', created_at: '2026-11-25T17:30:00+05:30' })).toBe(
			Date.UTC(2026, 10, 25, 12),
		);
	});
});

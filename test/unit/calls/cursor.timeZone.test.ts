/** @jest-environment ./test/helpers/zoneEnvironment.js */
/**
 * The polling trigger's clock of a call in the zones n8n may run in: when a call completed is
 * read from service times (UTC when written without an offset), the same instant in every
 * process zone, so a poll's order and its recent-calls cut do not move with n8n's TZ.
 */
import { completedAtMs } from '../../../nodes/shared/calls/cursor';
import { TEST_ZONES, useTimeZone } from '../../helpers/timeZone';

const AT_MS = Date.UTC(2026, 10, 25, 12, 0, 5, 629);

describe.each(TEST_ZONES)('with the process in %s', (zone) => {
	useTimeZone(zone);

	test.each([
		'2026-11-25T12:00:05.629642',
		'2026-11-25 12:00:05.629',
		'2026-11-25T17:30:05.629+05:30',
	])(
		'attempted at %s for 12.5 s: completed 12.5 s later (created then: that instant)',
		(attempt) => {
			expect(completedAtMs({ id: 'c1', call_attempt_time: attempt, call_duration: 12.5 }, 0)).toBe(
				AT_MS + 12_500,
			);
			expect(completedAtMs({ id: 'c1', created_at: attempt }, 0)).toBe(AT_MS);
		},
	);
});

/** @jest-environment ./test/helpers/zoneEnvironment.js */
/**
 * The call record's derived time in the zones n8n may run in: ended_at is started_at (a
 * service time, UTC when written without an offset) plus the duration, the same instant in
 * every process zone.
 */
import { recordFromHistory } from '../../../nodes/shared/calls/record';
import { TEST_ZONES, useTimeZone } from '../../helpers/timeZone';

describe.each(TEST_ZONES)('with the process in %s', (zone) => {
	useTimeZone(zone);

	test.each([
		['2026-11-25T12:00:05.629642', '2026-11-25T12:00:35.629Z'],
		['2026-11-25 12:00:05', '2026-11-25T12:00:35.000Z'],
		['2026-11-25T12:00:05Z', '2026-11-25T12:00:35.000Z'],
		['2026-11-25T17:30:05+05:30', '2026-11-25T12:00:35.000Z'],
	])('a call attempted at %s for 30 s ended at %s', (attempt, end) => {
		const record = recordFromHistory({
			id: 'c1',
			status: 'completed',
			call_attempt_time: attempt,
			call_duration: 30,
		});
		expect([record.started_at, record.ended_at]).toEqual([attempt, end]);
	});
});

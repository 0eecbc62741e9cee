import fc from 'fast-check';

import { dayInZone, toLocalDay } from '../../../nodes/shared/engine/dateTime';

describe('toLocalDay', () => {
	test.each([
		['2026-03-01', 'UTC', '2026-03-01'],
		['2026-03-01T23:30:00', 'Asia/Kolkata', '2026-03-01'],
		['2026-03-01T23:30:00Z', 'Asia/Kolkata', '2026-03-02'],
		['2026-03-01T01:00:00+02:00', 'UTC', '2026-02-28'],
		[new Date('2026-03-01T20:00:00Z'), 'America/New_York', '2026-03-01'],
	])('%s in %s is %s', (value, zone, day) => {
		expect(toLocalDay(value, zone)).toBe(day);
	});

	test.each(['2026-02-30', '2026-13-01', 'yesterday', '', 42, null])('%j is no day', (value) => {
		expect(toLocalDay(value, 'UTC')).toBeUndefined();
	});

	test('any instant gives the day its local date-time starts with', () => {
		fc.assert(
			fc.property(
				fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
				fc.constantFrom('UTC', 'Asia/Kolkata', 'America/Los_Angeles', 'Pacific/Chatham'),
				(date, zone) => {
					expect(toLocalDay(date.toISOString(), zone)).toBe(dayInZone(date.getTime(), zone));
				},
			),
		);
	});
});

/**
 * When: At the Next Opening of a Daily Window (window.ts): nothing held back while the window
 * is open; else the call waits for its next opening, in the window's zone; a window whose end
 * is not after its start is refused.
 */
import fc from 'fast-check';

import { nextWindowTime } from '../../../../../nodes/VoiceAgentCalling/actions/call/callBack/window';
import { fieldsOf } from '../../../../helpers/fields';

const NOW = Date.parse('2026-11-25T15:00:00Z'); // 10:00 in New York
const window = (windowStart: string, windowEnd: string, windowTimeZone = 'America/New_York') =>
	nextWindowTime(fieldsOf({ windowStart, windowEnd, windowTimeZone }), NOW);

test('open now: the call is placed now, inside the window', () => {
	expect(window('09:00', '17:00')).toEqual({
		call_time: { call_start_time: '09:00', call_end_time: '17:00', timezone: 'America/New_York' },
	});
});

test('not open yet: the call waits for the opening', () => {
	expect(window('11:30', '17:00')).toEqual({
		call_time: {
			call_start_time: '11:30',
			call_end_time: '17:00',
			timezone: 'America/New_York',
			scheduled_at: '2026-11-25T11:30:00',
		},
	});
});

test('closed for the day, in another zone: the next day', () => {
	expect(window('08:00', '09:00', 'Europe/Berlin')).toEqual({
		call_time: {
			call_start_time: '08:00',
			call_end_time: '09:00',
			timezone: 'Europe/Berlin',
			scheduled_at: '2026-11-26T08:00:00',
		},
	});
});

test.each([
	['17:00', '09:00', 'Window End: 09:00 is not after Window Start (17:00) [item 0]'],
	['09:00', '09:00', 'Window End: 09:00 is not after Window Start (09:00) [item 0]'],
])('a window %s to %s is refused', (start, end, message) => {
	expect(() => window(start, end)).toThrow(message);
});

test('any window open at 10:00 New York time: placed now, the window as given', () => {
	const at = (h: number, m: number) =>
		`${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
	fc.assert(
		fc.property(fc.integer({ min: 0, max: 599 }), fc.integer({ min: 601, max: 1439 }), (s, e) => {
			const start = at(Math.floor(s / 60), s % 60);
			const end = at(Math.floor(e / 60), e % 60);
			expect(window(start, end)).toEqual({
				call_time: { call_start_time: start, call_end_time: end, timezone: 'America/New_York' },
			});
		}),
		{ seed: 20260101 },
	);
});

/**
 * A bad week's requested call-back times (sandbox/lib/week/callbackTime.js). FACTS publishes
 * no format for callback_requested_time nor for the analysis' timezone, so the week writes the
 * moment the callee meant in ten forms; each is read here by the package's one reader of it
 * (nodes/shared/calls/requestedTime.ts): the forms that fix a moment read to that moment, a
 * day alone to that day, a local time without a zone only with an assumed zone, and times in
 * words or no time at all are refused.
 */
import fc from 'fast-check';

import { readRequestedTime } from '../../nodes/shared/calls/requestedTime';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { requestedTime } = require('../../sandbox/lib/week/callbackTime');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { CALLBACK_FORMS } = require('../../sandbox/lib/week/config');

const ENDED = Date.parse('2025-06-02T14:00:00Z');
const TOMORROW_TEN = { days: 1, hour: 10, minute: 0 };

test('each form, for a call that ended at 10:00 New York asking for tomorrow at 10 am', () => {
	const forms: Record<string, [string | null, string | null]> = {
		local_zone: ['2025-06-03T10:00:00', 'America/New_York'],
		offset: ['2025-06-03T10:00:00-04:00', 'America/New_York'],
		utc: ['2025-06-03T14:00:00Z', 'America/New_York'],
		local_offset_zone: ['2025-06-03T10:00:00', '-04:00'],
		minutes_zone: ['2025-06-03 10:00', 'America/New_York'],
		date_only: ['2025-06-03', 'America/New_York'],
		local_no_zone: ['2025-06-03T10:00:00', null],
		words_relative: ['tomorrow at 10am', 'America/New_York'],
		words_weekday: ['Tuesday 10 am EDT', 'America/New_York'],
		empty: [null, 'America/New_York'],
	};
	for (const [form, [value, timezone]] of Object.entries(forms)) {
		const got = requestedTime(ENDED, 'America/New_York', { form, ...TOMORROW_TEN });
		expect([form, got.value, got.timezone]).toEqual([form, value, timezone]);
		expect(got.meant).toEqual({
			form,
			zone: 'America/New_York',
			meant_day: form === 'empty' ? null : '2025-06-03',
			meant_at: ['date_only', 'empty'].includes(form) ? null : '2025-06-03T14:00:00.000+00:00',
		});
	}
	// Other days and zones in words: later today, the day after, a zone without an abbreviation.
	const words = (days: number, zone: string, form = 'words_relative', hour = 15, minute = 30) =>
		requestedTime(ENDED, zone, { form, days, hour, minute }).value;
	expect(words(0, 'America/New_York')).toBe('today at 3:30pm');
	expect(words(2, 'America/New_York')).toBe('the day after tomorrow at 3:30pm');
	expect(words(2, 'Asia/Kolkata', 'words_weekday', 9, 0)).toBe('Wednesday 9 am GMT+5:30');
	// A time of the same day that has passed (or is within half an hour) moves to the next day.
	expect(words(0, 'America/New_York', 'local_zone', 10, 15)).toBe('2025-06-03T10:15:00');
});

const zone = fc.constantFrom(
	'America/New_York',
	'America/St_Johns',
	'America/Phoenix',
	'Pacific/Honolulu',
	'America/Halifax',
	'Asia/Kolkata',
	'Europe/London',
	'Australia/Lord_Howe',
);
const draw = fc.record({
	form: fc.constantFrom(...(CALLBACK_FORMS as string[])),
	days: fc.integer({ min: 0, max: 2 }),
	hour: fc.integer({ min: 9, max: 17 }),
	minute: fc.constantFrom(0, 15, 30, 45),
});
const ended = fc.integer({
	min: Date.parse('2025-01-01T00:00:00Z'),
	max: Date.parse('2026-12-31T00:00:00Z'),
});

test('the package reads every form that fixes a moment to the moment meant, and refuses the rest', () => {
	fc.assert(
		fc.property(ended, zone, draw, (endedAt, z, d) => {
			const { value, timezone, meant } = requestedTime(endedAt, z, d);
			const read = readRequestedTime(value, timezone);
			if (meant.meant_at !== null) {
				expect(Date.parse(meant.meant_at)).toBeGreaterThan(endedAt + 30 * 60000);
			}
			switch (d.form) {
				case 'date_only':
					expect(read).toMatchObject({ ok: true, dateOnly: true, zoneAssumed: false });
					expect(read.ok && read.iso.slice(0, 10)).toBe(meant.meant_day);
					break;
				case 'local_no_zone': {
					expect(read).toMatchObject({ ok: false, why: 'no_zone' });
					// Only a zone assumed places it: the callee's, from the number.
					const assumed = readRequestedTime(value, timezone, { number: { ok: true, zone: z } });
					expect(assumed).toMatchObject({ ok: true, zoneAssumed: true });
					expect(assumed.ok && assumed.fromMs).toBe(Date.parse(meant.meant_at));
					break;
				}
				case 'words_relative':
				case 'words_weekday':
					expect(read).toMatchObject({ ok: false, why: 'not_a_time' });
					break;
				case 'empty':
					expect(read).toEqual({ ok: false, why: 'empty' });
					break;
				default:
					expect(read).toMatchObject({ ok: true, zoneAssumed: false, dateOnly: false });
					expect(read.ok && read.fromMs).toBe(Date.parse(meant.meant_at));
			}
		}),
		{ numRuns: 500 },
	);
});

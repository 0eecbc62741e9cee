/**
 * The shapes of a requested call-back time, for the properties of its one reader
 * (nodes/shared/calls/requestedTime.ts) and of Call Back's use of it. FACTS gives
 * `callback_requested_time` as nullable text of an unpublished format and the analysis'
 * `timezone` without a format: a time with or without its own offset (Z, +05:30, -0400), with
 * or without seconds and a fraction, a date alone, nothing, text that is no date; a zone or an
 * offset, or nothing usable.
 */
import fc from 'fast-check';

const two = (min: number, max: number) =>
	fc.integer({ min, max }).map((n) => String(n).padStart(2, '0'));

/** callback_requested_time as it may be served. */
export const requestedValue: fc.Arbitrary<string | null> = fc.oneof(
	fc
		.tuple(
			fc.integer({ min: 2025, max: 2030 }),
			two(1, 12),
			two(1, 28),
			fc.option(
				fc.tuple(
					fc.constantFrom('T', ' '),
					two(0, 23),
					two(0, 59),
					fc.option(two(0, 59), { nil: undefined }),
					fc.constantFrom('', '.5', '.250', '.123456'),
					fc.constantFrom('', '', 'Z', '+05:30', '-0400', '+00:00', '-03:00', '+13:45'),
				),
				{ nil: undefined },
			),
		)
		.map(([y, mo, d, t]) => {
			const date = `${y}-${mo}-${d}`;
			if (!t) return date;
			const [sep, h, mi, s, frac, offset] = t;
			return `${date}${sep}${h}:${mi}${s === undefined ? '' : `:${s}${frac}`}${offset}`;
		}),
	fc.constantFrom(null, '', 'tomorrow evening', '2026-02-30T10:00:00'),
);

/** The analysis' timezone: an IANA zone or an offset (FACTS gives no format), or nothing usable. */
export const requestedZone: fc.Arbitrary<unknown> = fc.constantFrom(
	'Asia/Kolkata',
	'America/New_York',
	'Europe/London',
	'Australia/Lord_Howe',
	'America/Santiago',
	'UTC',
	'+05:30',
	'-0400',
	'UTC+5',
	'GMT-03:00',
	'+00:00',
	undefined,
	null,
	'',
	'Mars/Olympus',
	'+15:00',
	42,
);

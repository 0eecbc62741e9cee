/**
 * requestedTime.ts, the one reader of a requested call-back time (the record's callback_at and
 * Call Back's At the Requested Call-Back Time). FACTS gives `callback_requested_time` as
 * nullable text of an unpublished format and `timezone` without a format: both readings of the
 * timezone (an IANA zone, an offset) are read, and a time with or without its own offset, with
 * or without seconds and a fraction, and a date alone.
 */
import fc from 'fast-check';

import {
	callbackAt,
	readRequestedTime,
	type Assumed,
} from '../../../nodes/shared/calls/requestedTime';
import { requestedValue, requestedZone } from '../../helpers/requestedTimes';

const LA: Assumed = { number: { ok: true, zone: 'America/Los_Angeles' } };
const NO_ZONE: Assumed = {
	number: { ok: false, problem: 'the country of +79161234567 (+7) has several time zones' },
};

describe('what the call fixes: the moment, in ISO 8601 with the offset that gives it', () => {
	test.each([
		// Its own offset, whatever the analysis' timezone and the number.
		['2026-12-01T10:30:00-03:00', 'Asia/Kolkata', LA, '2026-12-01T10:30:00-03:00', 'analysis'],
		['2026-12-01T10:30:00Z', undefined, LA, '2026-12-01T10:30:00+00:00', 'number'],
		['2026-12-01 10:30+0200', undefined, {}, '2026-12-01T10:30:00+02:00', undefined],
		// A local time in the analysis' zone, before the number's.
		['2026-12-01T10:30', 'Asia/Kolkata', LA, '2026-12-01T10:30:00+05:30', 'analysis'],
		// A local time with the analysis' offset, before the number's zone (which writes it).
		['2026-12-01T10:30:00', '+05:30', LA, '2026-12-01T10:30:00+05:30', 'number'],
		['2026-12-01T10:30:00', 'GMT-03:00', NO_ZONE, '2026-12-01T10:30:00-03:00', undefined],
		['2026-12-01T10:30:00.250', '-0400', {}, '2026-12-01T10:30:00.250-04:00', undefined],
		// A day: its 09:00 in the analysis' zone.
		['2026-12-01', 'America/New_York', LA, '2026-12-01T09:00:00-05:00', 'analysis'],
	])('%j in %j (%j): %s', (value, timezone, assumed, iso, zoneFrom) => {
		const read = readRequestedTime(value, timezone, assumed);
		expect(read).toMatchObject({ ok: true, iso, zoneFrom, zoneAssumed: false });
		expect(read.ok && read.fromMs).toBe(Date.parse(iso));
		expect(callbackAt(value, timezone)).toBe(iso);
	});
});

describe('what only an assumption places: read, said so; the record has none', () => {
	test.each([
		['2026-12-01T10:30:00', undefined, LA, '2026-12-01T10:30:00-08:00', 'number'],
		['2026-12-01T10:30:00', 'Mars/Olympus', LA, '2026-12-01T10:30:00-08:00', 'number'],
		['2026-12-01', '+05:30', LA, '2026-12-01T09:00:00-08:00', 'number'],
		[
			'2026-12-01T10:30:00',
			null,
			{ ...NO_ZONE, defaultZone: 'Europe/Moscow' },
			'2026-12-01T10:30:00+03:00',
			'time_zone_when_unknown',
		],
	])('%j in %j (%j): %s', (value, timezone, assumed, iso, zoneFrom) => {
		expect(readRequestedTime(value, timezone, assumed)).toMatchObject({
			ok: true,
			iso,
			zoneFrom,
			zoneAssumed: true,
		});
		expect(callbackAt(value, timezone)).toBeNull();
	});
});

test.each([
	[null, 'Asia/Kolkata', { ok: false, why: 'empty' }],
	['  ', 'Asia/Kolkata', { ok: false, why: 'empty' }],
	['tomorrow evening', 'Asia/Kolkata', { ok: false, why: 'not_a_time', value: 'tomorrow evening' }],
	['2026-02-30', 'Asia/Kolkata', { ok: false, why: 'not_a_time', value: '2026-02-30' }],
	['2026-12-01T24:00', 'Asia/Kolkata', { ok: false, why: 'not_a_time', value: '2026-12-01T24:00' }],
	[
		'2026-12-01T10:30+24:00',
		'Asia/Kolkata',
		{ ok: false, why: 'not_a_time', value: '2026-12-01T10:30+24:00' },
	],
	[
		'2026-12-01',
		'+05:30',
		{
			ok: false,
			why: 'no_zone',
			value: '2026-12-01',
			dateOnly: true,
			zoneWhy: `its timezone "+05:30" is an offset, not a zone, which places no day's window`,
			numberWhy: 'the country of +79161234567 (+7) has several time zones',
		},
	],
	[
		'2026-12-01T10:30',
		'+15:00',
		{
			ok: false,
			why: 'no_zone',
			value: '2026-12-01T10:30',
			dateOnly: false,
			zoneWhy: 'its timezone "+15:00" is not an IANA time zone',
			numberWhy: 'the country of +79161234567 (+7) has several time zones',
		},
	],
	[
		'2026-12-01T10:30',
		7,
		{
			ok: false,
			why: 'no_zone',
			value: '2026-12-01T10:30',
			dateOnly: false,
			zoneWhy: 'its timezone 7 is not text',
			numberWhy: 'the country of +79161234567 (+7) has several time zones',
		},
	],
])('%j in %j: not read, saying why', (value, timezone, want) => {
	expect(readRequestedTime(value, timezone, NO_ZONE)).toEqual(want);
	expect(callbackAt(value, timezone)).toBeNull();
});

test('a local time the zone skips reads forward by the gap; one it shows twice is the first', () => {
	// 02:30 does not exist in New York that day: 07:30Z (03:30 EDT), written with -05:00.
	expect(callbackAt('2027-03-14T02:30:00', 'America/New_York')).toBe('2027-03-14T02:30:00-05:00');
	expect(Date.parse('2027-03-14T02:30:00-05:00')).toBe(Date.parse('2027-03-14T07:30:00Z'));
	expect(callbackAt('2027-10-31T01:30:00', 'Europe/London')).toBe('2027-10-31T01:30:00+01:00');
});

test('property: an assumption never moves a moment the call fixes; every moment read is its ISO text', () => {
	const assumed: fc.Arbitrary<Assumed> = fc.record({
		number: fc.constantFrom(LA.number, NO_ZONE.number, { ok: true, zone: 'Asia/Tokyo' }),
		defaultZone: fc.constantFrom(undefined, 'Europe/Moscow'),
	});
	fc.assert(
		fc.property(requestedValue, requestedZone, assumed, (value, timezone, more) => {
			const own = readRequestedTime(value, timezone);
			const withMore = readRequestedTime(value, timezone, more);
			if (own.ok) {
				expect(own.zoneAssumed).toBe(false);
				expect(withMore).toMatchObject({ ok: true, fromMs: own.fromMs, iso: own.iso });
			}
			for (const read of [own, withMore]) {
				if (read.ok) expect(Date.parse(read.iso)).toBe(read.fromMs);
			}
			expect(callbackAt(value, timezone)).toBe(own.ok ? own.iso : null);
		}),
	);
});

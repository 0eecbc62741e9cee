/** @jest-environment ./test/helpers/zoneEnvironment.js */
/**
 * The one reader of the service's times, run with the process in UTC and in Asia/Kolkata: every
 * form the reference shows (Z, +00:00, +05:30, no offset, fractions, a space for the T) names
 * the same instant in both, and a time without an offset is UTC, never the process's zone.
 */
import fc from 'fast-check';

import { readServiceTime, serviceTimeMs } from '../../../nodes/shared/engine/serviceTime';
import { TEST_ZONES, processOffsetMinutes, useTimeZone } from '../../helpers/timeZone';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An offset from -12:00 to +14:00 in quarter hours, in minutes. */
const offsetMinutes = fc.integer({ min: -48, max: 56 }).map((q) => q * 15);

/** How the text writes its offset (or none). */
const offsetForm = fc.constantFrom('Z', 'z', '+HH:MM', '+HHMM', '+HH', 'none');

/** How it writes its fraction: digits kept (0: none), and extra digits past milliseconds. */
const fraction = fc.record({ digits: fc.integer({ min: 0, max: 6 }), comma: fc.boolean() });

/** The text of `ms` as the service may write it, and the instant it names (fraction cut). */
function writeTime(
	ms: number,
	offset: number,
	form: string,
	frac: { digits: number; comma: boolean },
	separator: string,
) {
	const usedOffset = form === 'none' || form.toLowerCase() === 'z' ? 0 : offset;
	// Offsets that are not whole hours cannot be written as +HH.
	const minutes = form === '+HH' ? Math.trunc(usedOffset / 60) * 60 : usedOffset;
	const wall = new Date(ms + minutes * 60_000);
	const ymd = `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
	const hms = `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`;
	const msDigits = pad(wall.getUTCMilliseconds(), 3);
	const fracText =
		frac.digits === 0 ? '' : `${frac.comma ? ',' : '.'}${`${msDigits}417`.slice(0, frac.digits)}`;
	const kept = frac.digits === 0 ? 0 : Number(msDigits.slice(0, frac.digits).padEnd(3, '0'));
	const sign = minutes < 0 ? '-' : '+';
	const abs = Math.abs(minutes);
	const zone = {
		Z: 'Z',
		z: 'z',
		'+HH:MM': `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`,
		'+HHMM': `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`,
		'+HH': `${sign}${pad(Math.floor(abs / 60))}`,
		none: '',
	}[form];
	return {
		text: `${ymd}${separator}${hms}${fracText}${zone}`,
		instant: ms - wall.getUTCMilliseconds() + kept,
	};
}

const instants = fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) });

describe.each(TEST_ZONES)('with the process in %s', (zone) => {
	useTimeZone(zone);

	test('the process really is in the zone', () => {
		expect(processOffsetMinutes()).toBe(zone === 'UTC' ? 0 : 330);
	});

	test.each([
		['2025-11-24T07:33:49.629642', Date.UTC(2025, 10, 24, 7, 33, 49, 629), false],
		['2025-11-24 07:33:49.629642', Date.UTC(2025, 10, 24, 7, 33, 49, 629), false],
		['2026-11-25T12:00:00', Date.UTC(2026, 10, 25, 12), false],
		['2026-11-25T12:00', Date.UTC(2026, 10, 25, 12), false],
		['2026-11-25T12:00:00.000Z', Date.UTC(2026, 10, 25, 12), true],
		['2026-11-25T12:00:00.629642+00:00', Date.UTC(2026, 10, 25, 12, 0, 0, 629), true],
		['2025-09-25T00:00:00+05:30', Date.UTC(2025, 8, 24, 18, 30), true],
		['2025-09-25 23:59:59+05:30', Date.UTC(2025, 8, 25, 18, 29, 59), true],
		['2026-03-08T01:30:00-0800', Date.UTC(2026, 2, 8, 9, 30), true],
		['  2026-11-25T12:00:00Z ', Date.UTC(2026, 10, 25, 12), true],
	])('%s is %d (offset given: %s)', (text, ms, zoned) => {
		expect(readServiceTime(text)).toEqual({ ms, zoned });
		expect(serviceTimeMs(text)).toBe(ms);
	});

	test.each([
		'',
		'yesterday',
		'2026-11-25',
		'2026-02-30T10:00:00',
		'2026-11-25T24:00:00',
		'2026-11-25T12:60:00',
		'0099-11-25T12:00:00',
		'2026-11-25T12:00:00+24:00',
		'2026-11-25T12:00:00 UTC',
		'1764072000000',
		null,
		undefined,
		1764072000000,
		new Date(0),
	])('%j is no service time', (value) => {
		expect(readServiceTime(value)).toBeUndefined();
	});

	test('every form names its instant: any offset, fraction and separator', () => {
		fc.assert(
			fc.property(
				instants,
				offsetMinutes,
				offsetForm,
				fraction,
				fc.constantFrom('T', 't', ' '),
				(ms, offset, form, frac, separator) => {
					const { text, instant } = writeTime(ms, offset, form, frac, separator);
					expect(readServiceTime(text)).toEqual({ ms: instant, zoned: form !== 'none' });
				},
			),
		);
	});

	test('a time without an offset is Date.UTC of its fields, whatever the process zone', () => {
		fc.assert(
			fc.property(instants, (ms) => {
				const d = new Date(ms);
				const text = d.toISOString().slice(0, -1);
				expect(serviceTimeMs(text)).toBe(
					Date.UTC(
						d.getUTCFullYear(),
						d.getUTCMonth(),
						d.getUTCDate(),
						d.getUTCHours(),
						d.getUTCMinutes(),
						d.getUTCSeconds(),
						d.getUTCMilliseconds(),
					),
				);
			}),
		);
	});

	test('with an offset it agrees with Date.parse (which needs no zone then)', () => {
		fc.assert(
			fc.property(instants, offsetMinutes, fc.constantFrom('Z', '+HH:MM'), (ms, offset, form) => {
				const { text } = writeTime(ms, offset, form, { digits: 3, comma: false }, 'T');
				expect(serviceTimeMs(text)).toBe(Date.parse(text));
			}),
		);
	});
});

/**
 * When (when.ts): a time now or past places the call now (with the window alone when one is
 * given); a later one within a day is sent as call_time; Call At and Time Zone When Unknown are
 * read, and refused, before anything is sent.
 */
import fc from 'fast-check';

import {
	laterConfig,
	readAssumedZone,
	readGivenTime,
} from '../../../../../nodes/VoiceAgentCalling/actions/call/callBack/when';
import { fieldsOf } from '../../../../helpers/fields';

const NOW = Date.parse('2026-11-25T15:00:00Z'); // 10:00 in New York
const NY = 'America/New_York';

describe('laterConfig', () => {
	const f = fieldsOf({});
	test('any moment up to now, without a window: nothing to send', () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 30 * 86_400_000 }), (ago) => {
				expect(laterConfig(f, 'When', { fromMs: NOW - ago, zone: NY, nowMs: NOW })).toBeUndefined();
			}),
			{ seed: 20260101 },
		);
	});

	test('now, with a window: the window alone, no scheduled_at', () => {
		const window = { start: '09:00', end: '17:00' };
		expect(laterConfig(f, 'When', { fromMs: NOW, zone: NY, nowMs: NOW, window })).toEqual({
			call_time: { call_start_time: '09:00', call_end_time: '17:00', timezone: NY },
		});
	});

	test('a day or more away: refused on the field named', () => {
		expect(() =>
			laterConfig(f, 'When', { fromMs: NOW + 2 * 86_400_000, zone: NY, nowMs: NOW }),
		).toThrow(
			new Error(
				'When: 2026-11-27T10:00:00 (America/New_York) is a day or more away: the service may ignore scheduled_at, and the call window would then open a day early. It can be sent from 2026-11-26T12:00:00 (America/New_York) on (e.g. after a Wait node) [item 0]',
			),
		);
	});
});

describe('readGivenTime', () => {
	const read = (callAt?: unknown) =>
		readGivenTime(fieldsOf(callAt === undefined ? {} : { callAt }), NY, NOW);

	test('an hour ahead, local time in the zone: call_time with its scheduled_at', () => {
		expect(read('2026-11-25T11:00:00')).toEqual({
			call_time: {
				call_start_time: '11:00',
				call_end_time: '13:00',
				timezone: NY,
				scheduled_at: '2026-11-25T11:00:00',
			},
		});
	});

	test('a time already past: placed now', () => {
		expect(read('2026-11-25T09:00:00')).toBeUndefined();
	});

	test.each([
		[undefined, 'Call At: is required [item 0]'],
		['tomorrowish', 'Call At: "tomorrowish" is not a date-time [item 0]'],
	])('%j is refused', (callAt, message) => {
		expect(() => read(callAt)).toThrow(new Error(message));
	});
});

describe('readAssumedZone', () => {
	const read = (assumedZone: string) => readAssumedZone(fieldsOf({ assumedZone }));

	test.each([
		['', undefined],
		['  ', undefined],
		[' America/New_York ', NY],
		['america/new_york', NY],
	])('%j: %s', (text, zone) => {
		expect(read(text)).toBe(zone);
	});

	test('a zone that does not exist is refused', () => {
		expect(() => read('Mars/Olympus')).toThrow(
			new Error(
				'Time Zone When Unknown: "Mars/Olympus" is not an IANA time zone name, e.g. America/New_York (an offset such as +05:30 is not one: daylight saving needs the zone) [item 0]',
			),
		);
	});
});

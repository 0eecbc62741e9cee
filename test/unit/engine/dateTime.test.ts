import fc from 'fast-check';

import {
	dayInZone,
	isZoneName,
	localToInstant,
	parseScheduledTime,
	toLocalDateTime,
	toLocalDay,
	zoneSpelling,
} from '../../../nodes/shared/engine/dateTime';
import { IRREGULAR_ZONE_NAMES } from '../../../nodes/shared/engine/zoneNames';
import { TZ_NAMES, zoneInAnyCase } from '../../helpers/zoneNames';

test.each([
	['Asia/Kolkata', true],
	['UTC', true],
	['Etc/GMT+5', true],
	['America/Argentina/Buenos_Aires', true],
	['+05:30', false],
	['+15:00', false],
	['Mars/Olympus', false],
	['Asia/ Kolkata', false],
	['', false],
])('isZoneName(%j): %s (offsets, which Intl takes too, name no zone)', (text, named) => {
	expect(isZoneName(text)).toBe(named);
});

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

describe('localToInstant: one rule in every zone for skipped and repeated local times', () => {
	const local = (fields: string) => {
		const [date, time] = fields.split('T');
		const [year, month, day] = date.split('-').map(Number);
		const [hour, minute, second = 0] = time.split(':').map(Number);
		return { year, month, day, hour, minute, second };
	};

	test.each([
		// Skipped (spring forward): the wall clock meant plus the gap, in the Americas too.
		['America/New_York', '2027-03-14T02:30', '2027-03-14T07:30:00.000Z', '2027-03-14T03:30:00'],
		['America/Los_Angeles', '2027-03-14T02:00', '2027-03-14T10:00:00.000Z', '2027-03-14T03:00:00'],
		['America/Santiago', '2027-09-05T00:15', '2027-09-05T04:15:00.000Z', '2027-09-05T01:15:00'],
		['Europe/London', '2027-03-28T01:30', '2027-03-28T01:30:00.000Z', '2027-03-28T02:30:00'],
		['Europe/Berlin', '2027-03-28T02:59', '2027-03-28T01:59:00.000Z', '2027-03-28T03:59:00'],
		['Australia/Sydney', '2027-10-03T02:30', '2027-10-02T16:30:00.000Z', '2027-10-03T03:30:00'],
		// Lord Howe moves by half an hour.
		['Australia/Lord_Howe', '2027-10-03T02:15', '2027-10-02T15:45:00.000Z', '2027-10-03T02:45:00'],
		// Repeated (fall back): the first, earlier occurrence.
		['Europe/London', '2027-10-31T01:30', '2027-10-31T00:30:00.000Z', '2027-10-31T01:30:00'],
		['America/New_York', '2027-11-07T01:30', '2027-11-07T05:30:00.000Z', '2027-11-07T01:30:00'],
		['Australia/Sydney', '2027-04-04T02:30', '2027-04-03T15:30:00.000Z', '2027-04-04T02:30:00'],
	])('%s %s is %s (%s local)', (zone, wall, instant, shown) => {
		const ms = localToInstant(local(wall), zone);
		expect(new Date(ms).toISOString()).toBe(instant);
		expect(toLocalDateTime(ms, zone)).toBe(shown);
	});

	test("pick 'later' gives a repeated time's second occurrence; a skipped time reads forward either way", () => {
		const later = localToInstant(local('2027-10-31T01:30'), 'Europe/London', 'later');
		expect(new Date(later).toISOString()).toBe('2027-10-31T01:30:00.000Z');
		const skipped = localToInstant(local('2027-03-14T02:30'), 'America/New_York', 'later');
		expect(new Date(skipped).toISOString()).toBe('2027-03-14T07:30:00.000Z');
	});

	test('an explicit offset fixes the instant, also in the repeated hour (converted, never read again)', () => {
		const first = parseScheduledTime('2027-10-31T01:30:00+01:00', 'Europe/London')!;
		const second = parseScheduledTime('2027-10-31T01:30:00Z', 'Europe/London')!;
		expect(new Date(first.instantMs).toISOString()).toBe('2027-10-31T00:30:00.000Z');
		expect(new Date(second.instantMs).toISOString()).toBe('2027-10-31T01:30:00.000Z');
		// Both show 01:30 in London; the instants differ by the hour the clocks repeat.
		expect([first.local, second.local]).toEqual(['2027-10-31T01:30:00', '2027-10-31T01:30:00']);
		expect(toLocalDateTime(first.instantMs, 'America/New_York')).toBe('2027-10-30T20:30:00');
	});

	// Every offset change of a zone in a year, to the second, from the runtime's tz data.
	const formatters = new Map<string, Intl.DateTimeFormat>();
	const offsetOf = (zone: string, ms: number): number => {
		let fmt = formatters.get(zone);
		if (!fmt) {
			fmt = new Intl.DateTimeFormat('en-US', {
				timeZone: zone,
				hourCycle: 'h23',
				year: 'numeric',
				month: 'numeric',
				day: 'numeric',
				hour: 'numeric',
				minute: 'numeric',
				second: 'numeric',
			});
			formatters.set(zone, fmt);
		}
		const p: Record<string, number> = {};
		for (const part of fmt.formatToParts(new Date(ms))) p[part.type] = Number(part.value);
		const seconds = Math.floor(ms / 1000) * 1000;
		return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - seconds;
	};
	const found = new Map<string, number[]>();
	const changesIn = (zone: string, year: number): number[] => {
		const key = `${zone} ${year}`;
		const cached = found.get(key);
		if (cached) return cached;
		const out: number[] = [];
		// Weekly steps: no zone here changes its offset twice within a week.
		const step = 7 * 86_400_000;
		for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += step) {
			if (offsetOf(zone, t) === offsetOf(zone, t + step)) continue;
			let lo = t;
			let hi = t + step;
			while (hi - lo > 1000) {
				const mid = Math.floor((lo + hi) / 2000) * 1000;
				if (offsetOf(zone, mid) === offsetOf(zone, lo)) lo = mid;
				else hi = mid;
			}
			out.push(hi);
		}
		found.set(key, out);
		return out;
	};

	const ZONES = [
		'America/New_York',
		'America/Chicago',
		'America/Santiago',
		'America/Havana',
		'America/St_Johns',
		'Europe/London',
		'Europe/Berlin',
		'Australia/Sydney',
		'Australia/Lord_Howe',
		'Pacific/Auckland',
		'Pacific/Chatham',
		'Asia/Jerusalem',
	];

	test('around every change of offset, in any zone and year: skipped times read forward by the gap, repeated ones their first occurrence, the others their one instant', () => {
		fc.assert(
			fc.property(
				fc.constantFrom(...ZONES),
				// Years under several rule sets (the US rules before and after 2007, Chile's moves), far ones.
				fc.constantFrom(1996, 2006, 2011, 2019, 2024, 2027, 2031, 2038, 2055, 2090),
				fc.nat(),
				// Within three hours either side of the change, to the second.
				fc.integer({ min: -3 * 3600, max: 3 * 3600 }),
				(zone, year, which, deltaSeconds) => {
					const changes = changesIn(zone, year);
					fc.pre(changes.length > 0);
					const at = changes[which % changes.length];
					const before = offsetOf(zone, at - 1000);
					const after = offsetOf(zone, at);
					// The wall clock `delta` after the change as the old offset would show it.
					const delta = deltaSeconds * 1000;
					const wall = at + before + delta;
					const d = new Date(wall);
					const fields = {
						year: d.getUTCFullYear(),
						month: d.getUTCMonth() + 1,
						day: d.getUTCDate(),
						hour: d.getUTCHours(),
						minute: d.getUTCMinutes(),
						second: d.getUTCSeconds(),
					};
					const gap = after - before;
					// Before the change: the old offset (the first occurrence when the hour repeats);
					// in a skipped span: the old offset too, which lands `gap` later on the wall clock.
					const expected = delta < 0 || (gap > 0 && delta < gap) ? wall - before : wall - after;
					const got = localToInstant(fields, zone);
					expect(new Date(got).toISOString()).toBe(new Date(expected).toISOString());
					// Never backward: the local time shown is the one asked for, or later by the gap.
					const shown = Date.parse(`${toLocalDateTime(got, zone)}Z`);
					expect(shown - wall).toBe(gap > 0 && delta >= 0 && delta < gap ? gap : 0);
				},
			),
			{ numRuns: 400 },
		);
	});
});

describe("zoneSpelling: the tz database's spelling, the user's zone kept", () => {
	test('the generated list is the source: the names of one word, or not spelled as most are', () => {
		const regular = (name: string) =>
			name
				.toLowerCase()
				.replace(/(^|[/_-])([a-z])/g, (_, b: string, l: string) => b + l.toUpperCase());
		expect(IRREGULAR_ZONE_NAMES.split(' ')).toEqual(
			TZ_NAMES.filter((name) => regular(name) !== name || !name.includes('/')),
		);
		expect(TZ_NAMES.length).toBeGreaterThan(590);
		expect(TZ_NAMES).toEqual(expect.arrayContaining(['Asia/Kolkata', 'Asia/Calcutta', 'UTC']));
	});

	// With the rule, every name of the tz database: nothing lost by shipping only the others.
	test('property: every name, typed in any case', () => {
		fc.assert(
			fc.property(zoneInAnyCase(), ({ name, typed }) => {
				expect(zoneSpelling(typed)).toBe(name);
			}),
		);
		for (const name of TZ_NAMES) {
			expect(zoneSpelling(name.toLowerCase())).toBe(name);
			expect(zoneSpelling(name.toUpperCase())).toBe(name);
		}
	});

	test.each([
		['america/chicago', 'America/Chicago'],
		// Links keep their name, whatever Intl would answer (Node 20: Asia/Kolkata -> Asia/Calcutta).
		['asia/kolkata', 'Asia/Kolkata'],
		['ASIA/CALCUTTA', 'Asia/Calcutta'],
		['us/eastern', 'US/Eastern'],
		['Etc/gmt-14', 'Etc/GMT-14'],
		['america/argentina/comodrivadavia', 'America/Argentina/ComodRivadavia'],
		// Not in the tz database: Intl's spelling where it answers with the same name, else as typed.
		['systemv/ast4', 'SystemV/AST4'],
		['pst', 'pst'],
		['PST', 'PST'],
	])('%s -> %s', (typed, spelled) => {
		expect(zoneSpelling(typed)).toBe(spelled);
	});
});

import fc from 'fast-check';

import { areaCodeZones, calleeZone, zoneProblem } from '../../../nodes/shared/calls/zones';

const NO_COLUMN = { column: '' };

describe('calleeZone: from the number', () => {
	it.each([
		['+12125550100', 'America/New_York', 'area code'],
		['+12135550100', 'America/Los_Angeles', 'area code'],
		['+13105550100', 'America/Los_Angeles', 'area code'],
		['+16025550100', 'America/Phoenix', 'area code'],
		['+19075550100', 'America/Anchorage', 'area code'],
		['+18085550100', 'Pacific/Honolulu', 'area code'],
		['+14165550100', 'America/Toronto', 'area code'],
		['+919876543210', 'Asia/Kolkata', 'country'],
		['+971501234567', 'Asia/Dubai', 'country'],
		['+447700900123', 'Europe/London', 'country'],
		['+4915112345678', 'Europe/Berlin', 'country'],
	])('%s is in %s (by its %s)', (number, zone, from) => {
		expect(calleeZone(number, undefined, NO_COLUMN)).toEqual({ ok: true, zone, from });
	});

	it.each([
		['+79161234567', '+7'],
		['+61412345678', '+61'],
		['+5511912345678', '+55'],
	])('%s, in a country with several zones, is refused naming the column to add', (number, code) => {
		expect(calleeZone(number, undefined, NO_COLUMN)).toEqual({
			ok: false,
			problem: `the country of ${number} (${code}) has several time zones: add a column with each row's IANA time zone (e.g. America/New_York) and name it in Time Zone Column, or set When the Zone Is Unknown to Use a Default Zone`,
		});
	});

	it('a split area code (+1 605) and an unplaced one (+1 800) are refused; the named column is the one to fill', () => {
		expect(calleeZone('+16055550100', '', { column: 'tz' })).toEqual({
			ok: false,
			problem:
				"the area code 605 of +16055550100 spans several time zones: give the row's zone (e.g. America/New_York) in its column tz, or set When the Zone Is Unknown to Use a Default Zone",
		});
		const free = calleeZone('+18005550100', undefined, NO_COLUMN);
		expect(free.ok === false && free.problem).toMatch(
			/^the area code 800 of \+18005550100 has no known time zone: /,
		);
	});

	it("with a default zone, an unknown zone is the default; a known one is still the number's", () => {
		const rule = { column: '', defaultZone: 'Europe/Moscow' };
		expect(calleeZone('+79161234567', undefined, rule)).toEqual({
			ok: true,
			zone: 'Europe/Moscow',
			from: 'default',
		});
		expect(calleeZone('+919876543210', undefined, rule)).toEqual({
			ok: true,
			zone: 'Asia/Kolkata',
			from: 'country',
		});
	});
});

describe('calleeZone: from the column', () => {
	it('the column wins over the number, trimmed; an empty cell falls back to the number', () => {
		const rule = { column: 'tz' };
		expect(calleeZone('+12125550100', ' America/Chicago ', rule)).toEqual({
			ok: true,
			zone: 'America/Chicago',
			from: 'column',
		});
		expect(calleeZone('+61412345678', 'Australia/Perth', rule)).toEqual({
			ok: true,
			zone: 'Australia/Perth',
			from: 'column',
		});
		expect(calleeZone('+12125550100', '  ', rule)).toEqual({
			ok: true,
			zone: 'America/New_York',
			from: 'area code',
		});
	});

	it.each(['Mars/Olympus', '+05:30', 'UTC+5', '5', 'America/New York'])(
		'"%s" is refused naming the column, also with a default zone',
		(value) => {
			expect(
				calleeZone('+12125550100', value, { column: 'tz', defaultZone: 'Asia/Kolkata' }),
			).toEqual({
				ok: false,
				problem: `Column tz: "${value}" is not an IANA time zone name, e.g. America/New_York (an offset such as +05:30 is not one: daylight saving needs the zone)`,
			});
		},
	);

	it('a value that is not text is refused naming the column', () => {
		expect(calleeZone('+12125550100', 5, { column: 'tz' })).toEqual({
			ok: false,
			problem: 'Column tz must be an IANA time zone name (text)',
		});
	});
});

describe('the generated data', () => {
	const zones = areaCodeZones();

	it('places hundreds of North American area codes', () => {
		expect(zones.length).toBeGreaterThan(400);
	});

	it('every area code maps to a zone Intl accepts, and a number in it to that zone', () => {
		fc.assert(
			fc.property(
				fc.constantFrom(...zones),
				fc.stringMatching(/^[2-9]\d{6}$/),
				([area, zone], local) => {
					expect(zoneProblem(zone)).toBeUndefined();
					expect(() => new Intl.DateTimeFormat(undefined, { timeZone: zone })).not.toThrow();
					expect(calleeZone(`+1${area}${local}`, undefined, NO_COLUMN)).toEqual({
						ok: true,
						zone,
						from: 'area code',
					});
				},
			),
			{ numRuns: 2000 },
		);
	});
});

import fc from 'fast-check';

import { areaCodeZones, calleeZone, zoneProblem } from '../../../../nodes/shared/dialling/callee/zones';

const NO_COLUMN = { column: '' };

describe('calleeZone: from the number', () => {
	it.each([
		['+12125550100', 'America/New_York', 'area code'],
		['+12135550100', 'America/Los_Angeles', 'area code'],
		['+13105550100', 'America/Los_Angeles', 'area code'],
		['+16025550100', 'America/Phoenix', 'area code'],
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

	it('a split area code (+1 986), a split exchange (+1 605 555) and an unplaced area code (+1 800) are refused; the named column is the one to fill', () => {
		expect(calleeZone('+19865550100', '', { column: 'tz' })).toEqual({
			ok: false,
			problem:
				"the area code 986 of +19865550100 spans several time zones: give the row's zone (e.g. America/New_York) in its column tz, or set When the Zone Is Unknown to Use a Default Zone",
		});
		expect(calleeZone('+16055550100', '', { column: 'tz' })).toEqual({
			ok: false,
			problem:
				"the exchange 605 555 of +16055550100 spans several time zones: give the row's zone (e.g. America/New_York) in its column tz, or set When the Zone Is Unknown to Use a Default Zone",
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

// What the source (Google libphonenumber's timezone map) says of these numbers' longest listed
// prefix; test/unit/zoneSource.test.ts checks every +1 prefix it lists against it.
describe('calleeZone: area codes split by exchange', () => {
	it.each([
		// Chattanooga (Eastern) in 423, America/Chicago as an area code.
		['+14237560100', 'America/New_York', '1423756'],
		['+14235550100', 'America/Chicago', '1423'],
		// Pensacola (Central) in 850, America/New_York as an area code.
		['+18504340100', 'America/Chicago', '185043'],
		['+18505550100', 'America/New_York', '1850'],
		// Gary (Central) in 219; Bowling Green (Central) in 270; Evansville (Central) in 812.
		['+12198810100', 'America/Chicago', '121988'],
		['+12707810100', 'America/Chicago', '1270781'],
		['+18124240100', 'America/Chicago', '181242'],
		// Iqaluit in 867, America/Fort_Nelson as an area code.
		['+18679790100', 'America/Toronto', '1867979'],
		['+18675550100', 'America/Fort_Nelson', '1867'],
		// 907: the source's longer prefixes, none Adak (see scripts/gen/zones.js).
		['+19075860100', 'America/Juneau', '1907586'],
		['+19075810100', 'Pacific/Honolulu', '1907581'],
		// Split area codes the source places by exchange: Sioux Falls, Rapid City; Boise.
		['+16053380100', 'America/Chicago', '160533'],
		['+16053410100', 'America/Denver', '1605341'],
		['+12083430100', 'America/Denver', '12083'],
		// An overlay of a split code (364 over 270): the source lists it in one zone only.
		['+13645550100', 'America/New_York', '1364'],
	])('%s is in %s (the source: +%s)', (number, zone) => {
		expect(calleeZone(number, undefined, NO_COLUMN)).toEqual({ ok: true, zone, from: 'area code' });
	});

	it.each([
		// Adak, and every 907 exchange the source does not list: America/Adak&America/Anchorage.
		['+19075920100', '907 592'],
		['+19075550100', '907 555'],
		// Navajo Nation exchanges of 928 keep daylight saving: America/Denver&America/Phoenix.
		['+19282830100', '928 283'],
	])(
		'%s, an exchange the source gives several zones, is refused; with a Default Zone, called in it',
		(number, exchange) => {
			expect(calleeZone(number, undefined, NO_COLUMN)).toEqual({
				ok: false,
				problem: `the exchange ${exchange} of ${number} spans several time zones: add a column with each row's IANA time zone (e.g. America/New_York) and name it in Time Zone Column, or set When the Zone Is Unknown to Use a Default Zone`,
			});
			expect(
				calleeZone(number, undefined, { column: '', defaultZone: 'America/Anchorage' }),
			).toEqual({
				ok: true,
				zone: 'America/Anchorage',
				from: 'default',
			});
			expect(calleeZone(number, 'America/Adak', { column: 'tz' })).toEqual({
				ok: true,
				zone: 'America/Adak',
				from: 'column',
			});
		},
	);

	it('a Default Zone does not override an exchange the source places', () => {
		expect(
			calleeZone('+14237560100', undefined, { column: '', defaultZone: 'Asia/Tokyo' }),
		).toEqual({
			ok: true,
			zone: 'America/New_York',
			from: 'area code',
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

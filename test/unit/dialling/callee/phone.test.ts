import metadata from 'libphonenumber-js/metadata.min.json';

import {
	callingCodeOf,
	normalisePhone,
	numberProblem,
	readPhone,
} from '../../../../nodes/shared/dialling/callee/phone';

test.each([
	['+1 (415) 555-0100', '', '+14155550100'],
	['(415) 555-0100', '+1', '+14155550100'],
	['98765 43210', '91', '+919876543210'],
	['098765 43210', '+91', '+919876543210'],
	['0044 20 7946 0000', '', '+442079460000'],
	['919876543210', '+91', '+919876543210'],
	[919876543210, '+91', '+919876543210'],
	['415.555.0100', '1', '+14155550100'],
	['  +44 20 7946 0000 ', '+91', '+442079460000'],
])('%p with default %p -> %p', (raw, cc, expected) => {
	expect(normalisePhone(raw, cc)).toBe(expected);
});

test('leaves what it cannot fix for the validator', () => {
	expect(normalisePhone('call me', '+1')).toBe('callme');
	expect(normalisePhone('4155550100', '')).toBe('4155550100');
	expect(normalisePhone(undefined)).toBe('');
});

test('a default country code never makes a short number, a sign or garbage dialable', () => {
	expect(normalisePhone('12345', '+91')).toBe('12345');
	expect(normalisePhone('-14155550100', '+91')).toBe('-14155550100');
	expect(normalisePhone('\u221214155550100', '+1')).toBe('\u221214155550100');
	expect(normalisePhone('0 1234', '+44')).toBe('01234');
	expect(normalisePhone('9234567890123456', '+1')).toBe('9234567890123456');
	expect(normalisePhone('4155550100', 'abc')).toBe('4155550100');
	expect(normalisePhone('987654', '+91')).toBe('+91987654');
});

describe('a "(0)" after the country code is the trunk prefix, dropped', () => {
	test.each([
		['+44 (0)20 7946 0000', '', '+442079460000'],
		['+44(0)2079460000', '', '+442079460000'],
		['0044 (0) 20 7946 0000', '+1', '+442079460000'],
		['+49 (0)30 1234567', '+44', '+49301234567'],
		// The default code without "+": only that code.
		['44 (0)20 7946 0000', '+44', '+442079460000'],
		// A national number's trunk 0 in brackets, as before.
		['(0)20 7946 0000', '+44', '+442079460000'],
	])('%p with default %p -> %p', (raw, cc, expected) => {
		expect(normalisePhone(raw, cc)).toBe(expected);
	});

	test('anywhere else a "(0)" is left as written, for the validator to refuse', () => {
		expect(normalisePhone('+44 20 (0)7946 0000', '')).toBe('+44 20 (0)7946 0000');
		expect(normalisePhone('44 (0)20 7946 0000', '+1')).toBe('44 (0)20 7946 0000');
		expect(normalisePhone('+123 (0)45 678 901', '')).toBe('+123 (0)45 678 901');
	});
});

describe('"011" is the international prefix of +1 (North America)', () => {
	test.each([
		['011 65 9123 4567', '+1', '+6591234567'],
		['011-44-20-7946-0000', '1', '+442079460000'],
		['011 44 (0)20 7946 0000', '+1', '+442079460000'],
	])('%p with default %p -> %p', (raw, cc, expected) => {
		expect(normalisePhone(raw, cc)).toBe(expected);
	});

	test('with another default code it is not (a national number with its trunk 0)', () => {
		expect(normalisePhone('011 6591 2345', '+44')).toBe('+441165912345');
	});
});

describe('full-width digits, plus and spaces are read as ASCII (NFKC)', () => {
	test.each([
		['＋１ ４１５ ５５５ ０１０１', '', '+14155550101'],
		['＋１\u3000４１５\u3000５５５\u3000０１０１', '+91', '+14155550101'],
		['（４１５）５５５－０１０１', '+1', '+14155550101'],
		['０９８７６５ ４３２１０', '+91', '+919876543210'],
	])('%p with default %p -> %p', (raw, cc, expected) => {
		expect(normalisePhone(raw, cc)).toBe(expected);
	});

	test('a full-width minus is still a sign, refused', () => {
		expect(normalisePhone('－14155550100', '+1')).toBe('-14155550100');
	});
});

describe('possible numbers: as many digits after the calling code as its countries use', () => {
	test.each([
		['+14155550100', undefined],
		['+442079460000', undefined],
		['+6591234567', undefined],
		['+919876543210', undefined],
		['+8613800138000', undefined],
		['+80012345678', undefined],
		['+15550102', '+15550102 has 7 digits after +1, where numbers have 10'],
		['+1415555010', '+1415555010 has 9 digits after +1, where numbers have 10'],
		['+1116591234567', '+1116591234567 has 12 digits after +1, where numbers have 10'],
		['+4402079460000', '+4402079460000 has 11 digits after +44, where numbers have 7, 9 or 10'],
		['+6512345', '+6512345 has 5 digits after +65, where numbers have 8, 10 or 11'],
		['+999123456789', "+999123456789 starts with no country's calling code"],
	])('%p: %p', (number, problem) => {
		expect(numberProblem(number)).toBe(problem);
	});

	test('the calling code of a number: prefix-free, so at most one', () => {
		expect(callingCodeOf('+14155550100')).toBe('1');
		expect(callingCodeOf('+442079460000')).toBe('44');
		expect(callingCodeOf('971501234567')).toBe('971');
		expect(callingCodeOf('+999123')).toBeUndefined();
	});
});

test("the generated table agrees with libphonenumber's metadata, code by code and length by length", () => {
	const union = new Map<string, Set<number>>();
	const add = (code: string, region: string, entry: unknown[] | undefined) => {
		const set = union.get(code) ?? new Set<number>();
		// Canada's 7-digit numbers are dialled only inside Canada (the generator leaves them out).
		for (const n of (entry?.[3] as number[]) ?? []) if (!(region === 'CA' && n === 7)) set.add(n);
		union.set(code, set);
	};
	const data = metadata as unknown as {
		country_calling_codes: Record<string, string[]>;
		countries: Record<string, unknown[]>;
		nonGeographic: Record<string, unknown[]>;
	};
	for (const [code, regions] of Object.entries(data.country_calling_codes))
		for (const region of regions) add(code, region, data.countries[region]);
	for (const [code, entry] of Object.entries(data.nonGeographic)) add(code, '001', entry);
	expect(union.get('1')).toEqual(new Set([10]));
	for (const [code, lengths] of union) {
		expect(callingCodeOf(`+${code}5`)).toBe(code);
		for (let n = 4; n <= 17; n++) {
			expect([code, n, numberProblem(`+${code}${'5'.repeat(n)}`) === undefined]).toEqual([
				code,
				n,
				lengths.has(n),
			]);
		}
	}
});

describe("a national number is read by its country's own national prefix (libphonenumber's rule)", () => {
	test.each([
		// Italy, San Marino, Gabon: the 0 is part of the number, kept.
		['06 1234 5678', '+39', '+390612345678'],
		['0549 886377', '+378', '+3780549886377'],
		['01 44 23 45', '+241', '+24101442345'],
		// Vatican shares +39: its 06 698 numbers keep the 0 as well.
		['06 6981 2345', '+39', '+390669812345'],
		// Hungary's prefix is 06, Belarus's 8 (or 80), Russia's 8.
		['06 1 234 5678', '+36', '+3612345678'],
		['06 20 123 4567', '+36', '+36201234567'],
		['8 029 123 45 67', '+375', '+375291234567'],
		['8 (912) 345-67-89', '+7', '+79123456789'],
		// San Marino: a 6-digit local number is 0549 and it.
		['912345', '+378', '+3780549912345'],
		// Where the prefix is 0, as before.
		['020 7946 0000', '+44', '+442079460000'],
	])('%p with default %p -> %p', (raw, cc, expected) => {
		expect(normalisePhone(raw, cc)).toBe(expected);
	});

	test('national digits that also read as the country code and a number are refused, with both readings', () => {
		// 39 0612345: +39 0612345 written without "+", or the Italian number 390 612345?
		expect(normalisePhone('39 0612345', '+39')).toBe('390612345');
		expect(readPhone('39 0612345', '+39')).toEqual({
			text: '390612345',
			readings: ['+39390612345', '+390612345'],
		});
	});

	test("an Indian mobile starting 91 is the mobile: India's 8-digit numbers are 180… toll-free ones", () => {
		// 91 18149877 would be an 8-digit Indian number starting 181, which no kind of number has.
		expect(readPhone('9118149877', '+91')).toEqual({ text: '+919118149877' });
		expect(readPhone('91181 49877', '+91')).toEqual({ text: '+919118149877' });
		// 91 18001234 is a toll-free number written without "+", or the mobile 91180 01234.
		expect(readPhone('9118001234', '+91')).toEqual({
			text: '9118001234',
			readings: ['+919118001234', '+9118001234'],
		});
	});
});

describe('"00": the international prefix, unless a country of the code reads it as its own number', () => {
	test("where no number abroad is possible, it is the country's own (India's 000800 toll-free numbers)", () => {
		expect(normalisePhone('000800 987 7090', '+91')).toBe('+910008009877090');
	});

	test('where both are possible, it is refused as ambiguous, naming both', () => {
		// Indonesia's 007803 toll-free numbers, or +7 803 431 93 27?
		expect(readPhone('007803 4319 327', '+62')).toEqual({
			text: '0078034319327',
			readings: ['+78034319327', '+620078034319327'],
		});
	});

	test('Italy has no trunk prefix: 00 there is only ever the international prefix', () => {
		expect(normalisePhone('0065 9123 4567', '+39')).toBe('+6591234567');
	});
});

import fc from 'fast-check';

/**
 * One number (a country code and its national digits) written the ways a sheet or an opt-out
 * list holds it: spaces, dashes, dots, brackets, 00 for +, the code without +, its country's
 * trunk prefix (India's 0, North America's 1), or no country code at all (completed from the
 * node's Country Code).
 */
export interface PhoneNumber {
	cc: '1' | '91';
	national: string;
}

/**
 * A US number (area code 2-9) or an Indian mobile (6-9), ten digits. Not an Indian mobile
 * starting 91180: written without +91 it is also 91 and the toll-free 180… number, and is
 * refused as ambiguous (phone.test.ts), which is not what these properties are about.
 */
export const phoneNumber: fc.Arbitrary<PhoneNumber> = fc.oneof(
	fc
		.tuple(fc.integer({ min: 2, max: 9 }), fc.stringMatching(/^[0-9]{9}$/))
		.map(([a, rest]) => ({ cc: '1' as const, national: `${a}${rest}` })),
	fc
		.tuple(fc.integer({ min: 6, max: 9 }), fc.stringMatching(/^[0-9]{9}$/))
		.map(([a, rest]) => ({ cc: '91' as const, national: `${a}${rest}` }))
		.filter(({ national }) => !national.startsWith('91180')),
);

export const e164 = (n: PhoneNumber) => `+${n.cc}${n.national}`;

/** A written form of `n`: the arbitrary picks the prefix, the separator and the grouping. */
export const writtenAs = (n: PhoneNumber): fc.Arbitrary<string> =>
	fc
		.tuple(
			fc.constantFrom('+CC', '00CC', 'CC', 'none', 'trunk'),
			fc.constantFrom('', ' ', '-', '.', ' - '),
			fc.boolean(),
			fc.constantFrom('', ' ', '  '),
		)
		.map(([prefix, sep, brackets, pad]) => {
			const d = n.national;
			const first = brackets ? `(${d.slice(0, 3)})` : d.slice(0, 3);
			const body = [first, d.slice(3, 6), d.slice(6)].join(sep);
			const head = {
				'+CC': `+${n.cc}${sep || ' '}`,
				'00CC': `00${n.cc}${sep}`,
				CC: `${n.cc}`,
				none: '',
				// North America's trunk prefix is 1: a 0 before a +1 number is not one of its forms.
				trunk: n.cc === '1' ? '1' : '0',
			}[prefix];
			// Without + or 00 the code is only recognised glued to the digits (as sheets hold it).
			const text = prefix === 'CC' || prefix === 'trunk' ? `${head}${d}` : `${head}${body}`;
			return `${pad}${text}${pad}`;
		});

/**
 * Hostile forms, for the checks that no listed number is ever called: numbers of four
 * countries (North America; India and the UK, which dial a trunk 0 at home; Singapore, whose
 * 8-digit numbers with the code glued on are too short to tell from a national number, so
 * never written so), each written the ways people write it under a given Default Country Code
 * (empty: none): "+CC", "00CC", "011CC" (only under +1), "+CC (0)" (trunk countries), the code
 * glued without "+" and national forms (only under its own code), with spaces, no-break
 * spaces, dots, dashes and brackets, sometimes in full-width characters.
 */
export interface AnyNumber {
	cc: '1' | '91' | '44' | '65';
	national: string;
}

const TRUNK = new Set(['91', '44']);

export const anyNumber: fc.Arbitrary<AnyNumber> = fc.oneof(
	phoneNumber,
	fc
		.oneof(fc.stringMatching(/^7[0-9]{9}$/), fc.stringMatching(/^20[0-9]{8}$/))
		.map((national) => ({ cc: '44' as const, national })),
	fc
		.tuple(fc.constantFrom('8', '9'), fc.stringMatching(/^[0-9]{7}$/))
		.map(([head, rest]) => ({ cc: '65' as const, national: `${head}${rest}` })),
);

export const anyE164 = (n: AnyNumber) => `+${n.cc}${n.national}`;

/** Full-width forms of ASCII digits, +, brackets, dots, dashes and spaces (NFKC undoes them). */
export const fullWidth = (text: string) =>
	text.replace(/[0-9+().\- ]/g, (c) =>
		c === ' ' ? '\u3000' : String.fromCharCode(c.charCodeAt(0) + 0xfee0),
	);

/** The forms of `n` that mean `n` when `code` (digits, '' for none) completes numbers. */
function formsUnder(n: AnyNumber, code: string): string[] {
	const forms = ['+CC', '00CC'];
	if (code === '1') forms.push('011CC');
	if (TRUNK.has(n.cc)) forms.push('+CC(0)', '00CC(0)');
	if (code === n.cc) {
		forms.push('none');
		if (n.cc !== '65') forms.push('CC');
		if (TRUNK.has(n.cc)) forms.push('trunk', '(0)');
	}
	return forms;
}

export const writtenUnder = (n: AnyNumber, code: string): fc.Arbitrary<string> =>
	fc
		.tuple(
			fc.constantFrom(...formsUnder(n, code)),
			fc.constantFrom('', ' ', '-', '.', ' - ', '\u00a0'),
			fc.boolean(),
			fc.constantFrom('', ' '),
			fc.boolean(),
		)
		.map(([form, sep, brackets, pad, wide]) => {
			const d = n.national;
			const cut = d.length === 8 ? [4, 8] : [3, 6];
			const first =
				brackets && !form.includes('(0)') ? `(${d.slice(0, cut[0])})` : d.slice(0, cut[0]);
			const body = [first, d.slice(cut[0], cut[1]), d.slice(cut[1])].filter(Boolean).join(sep);
			const text = {
				'+CC': `+${n.cc}${sep || ' '}${body}`,
				'00CC': `00${n.cc}${sep}${body}`,
				'011CC': `011${sep}${n.cc}${sep}${body}`,
				'+CC(0)': `+${n.cc} (0)${body}`,
				'00CC(0)': `00${n.cc}${sep}(0)${sep}${body}`,
				none: body,
				CC: `${n.cc}${d}`,
				trunk: `0${d}`,
				'(0)': `(0)${sep}${body}`,
			}[form]!;
			const written = `${pad}${text}${pad}`;
			return wide ? fullWidth(written) : written;
		});

/** Numbers no country can have, as rows write them under +1: 7 or 9 digits, a stray "(0)". */
export const impossibleUnderPlusOne: fc.Arbitrary<string> = fc.oneof(
	fc.stringMatching(/^[2-9][0-9]{2}-[0-9]{4}$/),
	fc.stringMatching(/^[2-9][0-9]{2} [0-9]{3} [0-9]{3}$/),
	fc.stringMatching(/^\+1 [2-9][0-9]{2} [0-9]{3} [0-9]{5}$/),
	fc.constant('+44 20 (0)7946 0000'),
	fc.constant('011 65 9123 456'),
);

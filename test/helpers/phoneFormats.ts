import fc from 'fast-check';

/**
 * One number (a country code and its national digits) written the ways a sheet or an opt-out
 * list holds it: spaces, dashes, dots, brackets, 00 for +, the code without +, a trunk 0, or
 * no country code at all (completed from the node's Country Code).
 */
export interface PhoneNumber {
	cc: '1' | '91';
	national: string;
}

/** A US number (area code 2-9) or an Indian mobile (6-9), ten digits. */
export const phoneNumber: fc.Arbitrary<PhoneNumber> = fc.oneof(
	fc
		.tuple(fc.integer({ min: 2, max: 9 }), fc.stringMatching(/^[0-9]{9}$/))
		.map(([a, rest]) => ({ cc: '1' as const, national: `${a}${rest}` })),
	fc
		.tuple(fc.integer({ min: 6, max: 9 }), fc.stringMatching(/^[0-9]{9}$/))
		.map(([a, rest]) => ({ cc: '91' as const, national: `${a}${rest}` })),
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
				trunk: '0',
			}[prefix];
			// Without + or 00 the code is only recognised glued to the digits (as sheets hold it).
			const text = prefix === 'CC' || prefix === 'trunk' ? `${head}${d}` : `${head}${body}`;
			return `${pad}${text}${pad}`;
		});

/**
 * The proof, for every calling code and every country of it, that a number written nationally
 * under a Default Country Code is called as Google libphonenumber reads it, or refused (left
 * for the validator to name the row), never as another number. The numbers are drawn from
 * libphonenumber's own description of each country's number types (and its mobile examples);
 * a form counts when libphonenumber reads it as a valid number under that country.
 */
import fc from 'fast-check';
import minMetadata from 'libphonenumber-js/metadata.min.json';

import { calleeNumber } from '../../../../nodes/shared/dialling/callee/values';
import { nationalReadings } from '../../../../nodes/shared/dialling/callee/national';
import { MIN_NATIONAL_DIGITS } from '../../../../nodes/shared/dialling/callee/phone';
import { NATIONAL_RULES } from '../../../../nodes/shared/dialling/callee/phoneData';
import {
	nationalForms,
	PLANS,
	plansOf,
	seeded,
	validNumbers,
	validReading,
	type Plan,
} from '../../../helpers/phoneSamples';

type Outcome = 'correct' | 'refused' | 'wrong' | 'not valid';

/**
 * One form under +code: what every country of the code reads it as (valid readings only), and
 * what the node makes of it. Taken only when all those readings are that one number.
 */
function check(code: string, form: string): { outcome: Outcome; detail: string } {
	const readings = [
		...new Set(
			plansOf(code)
				.map((plan) => validReading(form, plan))
				.filter(Boolean),
		),
	];
	if (!readings.length) return { outcome: 'not valid', detail: '' };
	const read = calleeNumber(form, `+${code}`);
	const detail = `"${form}" with +${code}: libphonenumber ${readings.join(' or ')}, we ${read.ok ? read.number : `refuse (${read.problem})`}`;
	if (!read.ok) return { outcome: 'refused', detail };
	return {
		outcome: readings.length === 1 && readings[0] === read.number ? 'correct' : 'wrong',
		detail,
	};
}

function forms(plan: Plan, perType: number, random: () => number): string[] {
	return validNumbers(plan, perType, random).flatMap((nsn) => nationalForms(plan, nsn));
}

test('every calling code: a valid national form is its number or refused, never another number', () => {
	const random = seeded(46);
	const tally: Record<Outcome, number> = { correct: 0, refused: 0, wrong: 0, 'not valid': 0 };
	const wrong: string[] = [];
	const refused: string[] = [];
	const seen = new Set<string>();
	let numbers = 0;
	const why = {
		ambiguous: 0,
		'impossible length': 0,
		'under 6 digits': 0,
		'over 15 digits': 0,
		other: 0,
	};
	const reason = (detail: string): keyof typeof why => {
		if (/is ambiguous/.test(detail)) return 'ambiguous';
		if (/is not a possible phone number/.test(detail)) return 'impossible length';
		const [, code, number] = /with \+(\d+): libphonenumber \+(\d+),/.exec(detail) ?? [];
		if (number && number.length - code.length < MIN_NATIONAL_DIGITS) return 'under 6 digits';
		if (number && number.length > 15) return 'over 15 digits';
		return 'other';
	};
	for (const plan of PLANS) {
		const nsns = validNumbers(plan, 4, random);
		numbers += nsns.length;
		for (const form of nsns.flatMap((nsn) => nationalForms(plan, nsn))) {
			if (seen.has(`${plan.code} ${form}`)) continue;
			seen.add(`${plan.code} ${form}`);
			const { outcome, detail } = check(plan.code, form);
			tally[outcome]++;
			if (outcome === 'wrong') wrong.push(detail);
			if (outcome === 'refused') refused.push(detail);
			if (outcome === 'refused') why[reason(detail)]++;
		}
	}
	const codes = new Set(PLANS.map((p) => p.code));
	console.log(
		`national forms under every calling code: ${numbers} valid numbers of ${PLANS.length} numbering plans (${PLANS.filter((p) => p.region).length} countries, ${codes.size} calling codes); ` +
			`${tally.correct + tally.refused + tally.wrong} forms libphonenumber reads as valid: ${tally.correct} correct, ${tally.refused} refused, ${tally.wrong} wrong ` +
			`(${tally['not valid']} other forms not valid numbers, not counted); refused: ${JSON.stringify(why)}\nother refusals:\n${refused
				.filter((d) => reason(d) === 'other')
				.slice(0, 30)
				.join('\n')}`,
	);
	expect(wrong.slice(0, 20)).toEqual([]);
	expect(tally.wrong).toBe(0);
	// Every country and calling code had numbers tried.
	expect(PLANS.every((plan) => validNumbers(plan, 1, seeded(1)).length > 0)).toBe(true);
});

test('property: any random valid number of any country, in any national form, is never another number', () => {
	fc.assert(
		fc.property(fc.constantFrom(...PLANS), fc.integer(), (plan, seed) => {
			for (const form of forms(plan, 1, seeded(seed))) {
				const { outcome, detail } = check(plan.code, form);
				if (outcome === 'wrong') throw new Error(detail);
			}
		}),
		{
			numRuns: 300,
			// Once drawn in CI: an 11-digit +888 number that starts 00 was read as +39 (00 as the
			// international prefix).
			examples: [[PLANS.find((p) => p.code === '888')!, 1529812759]],
		},
	);
});

test('each country reads its national prefix its own way', () => {
	// Italy, then the Vatican: the 0 kept by both. The Vatican's general shape takes any 0
	// number; its own 10-digit numbers start 066 (06698…): a Rome number is not one of them.
	expect(nationalReadings('0612345678', '39')).toEqual([
		{ number: '+390612345678', fits: true, prefixed: false, trunk: false },
		{ number: '+390612345678', fits: false, prefixed: false, trunk: false },
	]);
	expect(nationalReadings('0669812345', '39')).toEqual([
		{ number: '+390669812345', fits: true, prefixed: false, trunk: false },
		{ number: '+390669812345', fits: true, prefixed: false, trunk: false },
	]);
	expect(nationalReadings('0612345678', '36')).toEqual([
		{ number: '+3612345678', fits: true, prefixed: true, trunk: true },
	]);
	expect(nationalReadings('80291234567', '375')).toEqual([
		{ number: '+375291234567', fits: true, prefixed: true, trunk: true },
	]);
	// A code no country has: the digits as they are, fitting nothing.
	expect(nationalReadings('12345678', '999')).toEqual([
		{ number: '+99912345678', fits: false, prefixed: false, trunk: false },
	]);
});

test("the generated rules are libphonenumber's, region by region", () => {
	const data = minMetadata as unknown as {
		country_calling_codes: Record<string, string[]>;
		countries: Record<string, unknown[]>;
		nonGeographic: Record<string, unknown[]>;
	};
	const expected = [
		...Object.entries(data.country_calling_codes).flatMap(([code, regions]) =>
			regions.map((region) => {
				const e = data.countries[region];
				return [code, e[7] || e[5] || '', e[8] || '', e[3], e[2]];
			}),
		),
		...Object.entries(data.nonGeographic).map(([code, e]) => [code, '', '', e[3], e[2]]),
	];
	const generated = NATIONAL_RULES.split(' ').map((entry) => {
		const [code, prefix, transform, lengths, pattern] = entry.split(';');
		return [code, prefix, transform, [...lengths].map((n) => parseInt(n, 36)), pattern];
	});
	expect(generated).toEqual(expected);
});

/**
 * A number written nationally (digits, no "+" or "00"), read the way each country of its calling
 * code reads it, by Google libphonenumber's rules (generated into phoneData.ts): Italy keeps
 * the 0 ("06 1234 5678" is +39 06 1234 5678), Hungary drops "06", Belarus "8" or "80", Russia
 * "8", most countries "0", North America "1"; San Marino puts 0549 before a 6-digit local
 * number. A code shared by several countries (+1, +7, +39 with the Vatican, +44 ...) gets one
 * reading per country; phone.ts takes a number only when those that fit agree.
 */
import { NATIONAL_RULES } from './phoneData';

/** One country's rule: libphonenumber's national prefix for parsing, its transform, its shape. */
interface Plan {
	/** Anchored at the start; undefined when the country has no national prefix (Italy). */
	prefix?: RegExp;
	/** What replaces the prefix when it captures a group ("0549$1"); '' to just drop it. */
	transform: string;
	/** Possible national lengths, ascending. */
	lengths: number[];
	/** The shape of the country's national numbers (libphonenumber's national number pattern). */
	pattern: RegExp;
	/** Per length, the starts its numbers of that length can have, where the pattern is looser. */
	shape: Map<number, RegExp>;
}

/**
 * A number has the shape of the country's numbers: its national pattern, and where that is
 * looser than its kinds of numbers (India's "1\d{7,12}"), the starts its length can have.
 */
function fits(plan: Plan, national: string): boolean {
	const starts = plan.shape.get(national.length);
	return plan.pattern.test(national) && (!starts || starts.test(national));
}

/** Entries of NATIONAL_RULES by calling code, as text; compiled on a code's first use. */
let entries: Map<string, string[]> | undefined;
const compiled = new Map<string, Plan[]>();

function plansOf(code: string): Plan[] {
	if (!entries) {
		entries = new Map();
		for (const entry of NATIONAL_RULES.split(' ')) {
			const of = entry.slice(0, entry.indexOf(';'));
			entries.set(of, [...(entries.get(of) ?? []), entry]);
		}
	}
	let plans = compiled.get(code);
	if (!plans) {
		plans = (entries.get(code) ?? []).map((entry) => {
			const [, prefix, transform, lengths, pattern, shape] = entry.split(';');
			return {
				prefix: prefix ? new RegExp(`^(?:${prefix})`) : undefined,
				transform,
				lengths: [...lengths].map((n) => parseInt(n, 36)),
				pattern: new RegExp(`^(?:${pattern})$`),
				shape: new Map(
					(shape ? shape.split(',') : []).map((part) => [
						parseInt(part[0], 36),
						new RegExp(part.slice(1) === '-' ? '$^' : `^(?:${part.slice(1) || '\\d'})`),
					]),
				),
			};
		});
		compiled.set(code, plans);
	}
	return plans;
}

/** libphonenumber's length check for a number it just took a prefix from: not too short. */
function possibleIncomplete(plan: Plan, national: string): boolean {
	const { lengths } = plan;
	if (!lengths.length) return true;
	const n = national.length;
	return n >= lengths[0] && (n > lengths[lengths.length - 1] || lengths.includes(n));
}

/**
 * The national significant number of `digits` in one country: its national prefix taken off
 * (or transformed), unless the digits have the country's shape only with it (libphonenumber's
 * extractNationalNumber, step for step).
 */
function significant(plan: Plan, digits: string): string {
	const match = plan.prefix?.exec(digits);
	if (!match) return digits;
	const groups = match.length - 1;
	const captured = groups > 0 && match[groups];
	const national =
		plan.transform && captured
			? digits.replace(plan.prefix!, plan.transform)
			: digits.slice(match[0].length);
	if (national === digits) return digits;
	if (plan.pattern.test(digits) && !plan.pattern.test(national)) return digits;
	return possibleIncomplete(plan, national) ? national : digits;
}

/** A reading of national digits by one country of the code. */
export interface NationalReading {
	/** The number it is in that country, E.164. */
	number: string;
	/** It has the shape of that country's numbers (libphonenumber's pattern). */
	fits: boolean;
	/** A national prefix was taken off (or transformed) on the way. */
	prefixed: boolean;
	/** That country dials a national (trunk) prefix at all (Italy does not). */
	trunk: boolean;
}

/**
 * What national `digits` are under calling code `code`, one reading per country of the code,
 * its main country first. A code without countries (unknown) gives the digits as they are.
 */
export function nationalReadings(digits: string, code: string): NationalReading[] {
	const plans = plansOf(code);
	if (!plans.length) {
		return [{ number: `+${code}${digits}`, fits: false, prefixed: false, trunk: false }];
	}
	return plans.map((plan) => {
		const national = significant(plan, digits);
		return {
			number: `+${code}${national}`,
			fits: fits(plan, national),
			prefixed: national !== digits,
			trunk: plan.prefix !== undefined,
		};
	});
}

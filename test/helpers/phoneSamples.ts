/**
 * Random numbers of every country, drawn from Google libphonenumber's own description of them
 * (libphonenumber-js/max: each number type's pattern: fixed line, mobile, toll free, ...), and
 * the national forms people write them in. For the proof that every calling code's national
 * numbers are read as libphonenumber reads them (test/unit/dialling/callee/national.test.ts).
 */
import maxMetadata from 'libphonenumber-js/metadata.max.json';
import examples from 'libphonenumber-js/examples.mobile.json';
import {
	parsePhoneNumberFromString,
	type CountryCode,
	type PhoneNumber,
} from 'libphonenumber-js/max';

type Entry = unknown[];
const metadata = maxMetadata as unknown as {
	country_calling_codes: Record<string, string[]>;
	countries: Record<string, Entry>;
	nonGeographic: Record<string, Entry>;
};

/** A numbering plan: a country, or a non-geographic code (+800, +882 ...) without one. */
export interface Plan {
	code: string;
	/** Undefined for a non-geographic code. */
	region?: CountryCode;
	entry: Entry;
}

export const PLANS: Plan[] = [
	...Object.entries(metadata.country_calling_codes).flatMap(([code, regions]) =>
		regions.map((region) => ({
			code,
			region: region as CountryCode,
			entry: metadata.countries[region],
		})),
	),
	...Object.entries(metadata.nonGeographic).map(([code, entry]) => ({ code, entry })),
];

/** The plans of a calling code (a shared code has several: +1 has 25). */
export const plansOf = (code: string) => PLANS.filter((p) => p.code === code);

export { seeded } from './seeded';

/**
 * A random string a libphonenumber pattern matches. The patterns use only digits, \d, [...]
 * classes, (?:...) and (...) groups, |, ?, * and {n}, {n,m}: a small recursive descent.
 */
export function sample(pattern: string, random: () => number): string {
	let at = 0;
	const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];
	const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
	type Gen = () => string;
	const alternation = (): Gen => {
		const options = [sequence()];
		while (pattern[at] === '|') {
			at++;
			options.push(sequence());
		}
		return () => pick(options)();
	};
	const sequence = (): Gen => {
		const parts: Gen[] = [];
		while (at < pattern.length && pattern[at] !== '|' && pattern[at] !== ')') {
			parts.push(quantified(atom()));
		}
		return () => parts.map((p) => p()).join('');
	};
	const atom = (): Gen => {
		const c = pattern[at++];
		if (c === '(') {
			if (pattern.startsWith('?:', at)) at += 2;
			const inner = alternation();
			if (pattern[at++] !== ')') throw new Error(`unclosed group in ${pattern}`);
			return inner;
		}
		if (c === '[') {
			const digits: string[] = [];
			while (pattern[at] !== ']') {
				const from = pattern[at++] === '\\' ? (at++, 'd') : pattern[at - 1];
				if (from === 'd') digits.push(...'0123456789');
				else if (pattern[at] === '-' && pattern[at + 1] !== ']') {
					const to = pattern[at + 1];
					at += 2;
					for (let d = Number(from); d <= Number(to); d++) digits.push(String(d));
				} else digits.push(from);
			}
			at++;
			return () => pick(digits);
		}
		if (c === '\\') {
			if (pattern[at++] !== 'd') throw new Error(`unknown escape in ${pattern}`);
			return () => String(int(0, 9));
		}
		if (/\d/.test(c)) return () => c;
		throw new Error(`unexpected ${c} at ${at - 1} in ${pattern}`);
	};
	const quantified = (gen: Gen): Gen => {
		let lo = 1;
		let hi = 1;
		const q = pattern[at];
		if (q === '?') [lo, hi] = [0, 1];
		else if (q === '*') [lo, hi] = [0, 3];
		else if (q === '+') [lo, hi] = [1, 3];
		else if (q === '{') {
			const close = pattern.indexOf('}', at);
			const [a, b] = pattern.slice(at + 1, close).split(',');
			lo = Number(a);
			hi = b === undefined ? lo : b === '' ? lo + 3 : Number(b);
			at = close;
		} else return gen;
		at++;
		return () => {
			let out = '';
			for (let n = int(lo, hi); n > 0; n--) out += gen();
			return out;
		};
	};
	const gen = alternation();
	if (at !== pattern.length) throw new Error(`stopped at ${at} in ${pattern}`);
	return gen();
}

/** The patterns of a plan's number types (fixed line, mobile, toll free, ...). */
export const typePatterns = (plan: Plan): string[] =>
	((plan.entry[11] as unknown[] | undefined) ?? [])
		.filter((t): t is [string] => Array.isArray(t))
		.map((t) => t[0]);

/** libphonenumber's reading of text under a plan: its E.164 when it is a valid number. */
export function validReading(text: string, plan: Plan): string | undefined {
	let parsed: PhoneNumber | undefined;
	try {
		parsed = plan.region
			? parsePhoneNumberFromString(text, plan.region)
			: parsePhoneNumberFromString(text, { defaultCallingCode: plan.code });
	} catch {
		return undefined;
	}
	return parsed?.isValid() && parsed.countryCallingCode === plan.code ? parsed.number : undefined;
}

/**
 * Valid numbers of a plan, as national significant numbers: its mobile example, and `perType`
 * random numbers of each of its types that libphonenumber finds valid.
 */
export function validNumbers(plan: Plan, perType: number, random: () => number): string[] {
	const found = new Set<string>();
	const example = plan.region && (examples as Record<string, string>)[plan.region];
	if (example) found.add(example);
	for (const pattern of typePatterns(plan)) {
		for (let tries = 0, got = 0; got < perType && tries < perType * 20; tries++) {
			const nsn = sample(pattern, random);
			if (validReading(`+${plan.code}${nsn}`, plan) && !found.has(nsn)) {
				found.add(nsn);
				got++;
			}
		}
	}
	return [...found];
}

/** The national prefix a plan's country dials before its numbers at home ("0", "06", "8"). */
const nationalPrefix = (plan: Plan) => (plan.entry[5] as string | 0 | undefined) || '';

/**
 * Forms of one number written without "+": its national format ("06 1234 5678", "8 (029)
 * 491-19-11"), those digits, the bare number, with "0" or the country's prefix before it, with
 * the code glued on (as a sheet's number column holds it) and after "00" where that is the
 * country's international prefix.
 */
export function nationalForms(plan: Plan, nsn: string): string[] {
	const forms = new Set<string>([nsn, `0${nsn}`, `${plan.code}${nsn}`]);
	// "00" where it is the country's whole international prefix; where that is longer
	// (Thailand's 00[1-9], Singapore's 0[0-3]\d) libphonenumber reads 0066 64… as 006 and
	// 66 4…, the node reads 00 as "+" everywhere.
	if (plan.entry[1] === '00') forms.add(`00${plan.code}${nsn}`);
	const prefix = nationalPrefix(plan);
	if (prefix) forms.add(`${prefix}${nsn}`);
	const parsed = parsePhoneNumberFromString(`+${plan.code}${nsn}`);
	if (parsed) {
		const national = parsed.formatNational();
		forms.add(national);
		forms.add(national.replace(/\D/g, ''));
	}
	return [...forms];
}

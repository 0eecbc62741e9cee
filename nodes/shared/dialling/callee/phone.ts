/**
 * Phone numbers as spreadsheets hold them ("98765 43210", "(415) 555-0100", "0044 20 7946 0000",
 * "+44 (0)20 7946 0000", "＋１ ４１５ ５５５ ０１００") to E.164. Full-width digits and signs are
 * read as their ASCII forms (NFKC); formatting is removed; "00" is the international prefix
 * (and "011" where the default country code is +1, North America's prefix); a "(0)" right
 * after the country code is the national trunk prefix and is dropped; a number without a
 * country code gets the default one, read by its country's own national prefix rule (Italy
 * keeps the 0, Hungary drops "06", Russia "8": national.ts). A number the default code's
 * countries read differently, or that is also that code and a number without "+", is refused
 * as ambiguous. What is still not E.164 afterwards is returned as is, for the validator to
 * refuse with the row named; and an E.164 number is possible only with as many digits as its
 * country's numbers can have (numberProblem).
 */
import { nationalReadings, type NationalReading } from './national';
import { NATIONAL_LENGTHS, NON_GEOGRAPHIC } from './phoneData';

/**
 * Shortest national number the default country code is put in front of. The shortest
 * numbers in use are 6-7 digits; anything shorter is a typo or an extension, and would
 * otherwise become a "valid" +91 12345.
 */
export const MIN_NATIONAL_DIGITS = 6;

/** A Default Country Code as typed ("+91", "91", "1"): its digits, or undefined when garbage. */
export function countryCodeDigits(text: string): string | undefined {
	const match = /^\s*\+?\s*([1-9]\d{0,2})\s*$/.exec(text.normalize('NFKC'));
	return match ? match[1] : undefined;
}

/** Calling code -> mask of the digit counts its numbers can have after it (bit n: n digits). */
let lengths: Map<string, number> | undefined;
function lengthsByCode(): Map<string, number> {
	if (lengths) return lengths;
	lengths = new Map();
	// Base 36: a code's distance from the one before ("z": 35 more), then its mask (phoneData.ts).
	for (let at = 0, code = 0; at < NATIONAL_LENGTHS.length; ) {
		const step = parseInt(NATIONAL_LENGTHS[at++], 36);
		code += step;
		if (step < 35)
			lengths.set(String(code), parseInt(NATIONAL_LENGTHS.slice(at, (at += 3)), 36) << 4);
	}
	return lengths;
}

/**
 * The calling code an E.164 number (or its digits) starts with. Calling codes are prefix-free
 * (no code is the start of another), so at most one of the 1-3 digit prefixes is a code.
 */
export function callingCodeOf(digits: string): string | undefined {
	const at = digits.startsWith('+') ? 1 : 0;
	for (let n = 1; n <= 3; n++) {
		const code = digits.slice(at, at + n);
		if (lengthsByCode().has(code)) return code;
	}
	return undefined;
}

/**
 * Why an E.164 number cannot exist, or undefined when it can: its calling code is no
 * country's, or it has a digit count after the code that no country of that code uses
 * (+1: 10; +44: 7, 9 or 10). A format check, not whether the number is assigned.
 */
export function numberProblem(number: string): string | undefined {
	const code = callingCodeOf(number);
	if (!code) return `${number} starts with no country's calling code`;
	const mask = lengthsByCode().get(code)!;
	const national = number.length - 1 - code.length;
	if (national < 31 && (mask >> national) & 1) return undefined;
	const counts = [...Array(31).keys()].filter((n) => (mask >> n) & 1);
	const last = counts.pop();
	const all = counts.length ? `${counts.join(', ')} or ${last}` : last;
	return `${number} has ${national} digits after +${code}, where numbers have ${all}`;
}

/** Separators a sheet writes between digits (\s includes the no-break and ideographic space). */
const FORMATTING = /[\s().\-/]/g;

/**
 * "(0)" right after the country code ("+44 (0)20 …", "0044(0)20 …", or the default code
 * without "+": "44 (0) 20 …" with +44) is the national trunk prefix: removed. The digits before
 * it must be a calling code (and, without "+" or "00", the default one); anywhere else a "(0)"
 * is left for the caller to refuse (it cannot tell which number is meant).
 */
function dropBracketedZero(text: string, cc: string): string {
	return text.replace(
		/^(\+|00|011)?[\s.-]*(\d{1,3})[\s.-]*\(\s*0\s*\)/,
		(whole, prefix: string | undefined, code: string) =>
			(prefix && (prefix !== '011' || cc === '1') ? callingCodeOf(code) === code : code === cc)
				? `${prefix ?? ''}${code}`
				: whole,
	);
}

/** A "(0)" not at the start of the number (after dropBracketedZero): which number is meant? */
const INNER_ZERO = /.\(\s*0\s*\)/;

/**
 * A number as read: `text` is E.164 when it could be read, else what is left for the
 * validator to refuse; `readings` (two or more, E.164) when it is refused as ambiguous: the
 * numbers it can be under the default country code, for the message.
 */
export interface PhoneReading {
	text: string;
	readings?: string[];
}

export function normalisePhone(raw: unknown, defaultCountryCode = ''): string {
	return readPhone(raw, defaultCountryCode).text;
}

/** normalisePhone, with the readings of a number refused because it is ambiguous. */
export function readPhone(raw: unknown, defaultCountryCode = ''): PhoneReading {
	if (raw === undefined || raw === null) return { text: '' };
	// Full-width digits, plus, brackets and spaces (a Japanese or Chinese sheet) as ASCII.
	let text = String(raw).normalize('NFKC').trim();
	if (text === '') return { text };
	// A leading minus is a sign (a sheet's negative number), not formatting: keep it to refuse.
	if (/^[-\u2212]/.test(text)) return { text };
	const cc = countryCodeDigits(defaultCountryCode) ?? '';
	text = dropBracketedZero(text, cc);
	if (INNER_ZERO.test(text)) return { text };
	// Spreadsheets turn long numbers into floats: 919876543210 arrives as 919876543210 (number).
	text = text.replace(FORMATTING, '');
	// "00" is the international prefix; so is "011" with +1, North America's, where no number
	// starts with 0 (so it cannot be national).
	const idd = text.startsWith('00') ? 2 : cc === '1' && text.startsWith('011') ? 3 : 0;
	if (idd) return abroad(text, idd, cc);
	if (text.startsWith('+') || !cc || !/^\d+$/.test(text)) return { text };
	return national(text, cc);
}

/**
 * "00…" (or "011…" under +1): the international prefix, unless a country of the default code
 * that dials a national (trunk) prefix also reads the digits as one of its numbers: its trunk
 * 0 before a number that starts with 0, or a number that starts with 00 itself (Indonesia's
 * 007803 toll-free numbers). Then, the number abroad being possible, it is ambiguous; when
 * it is not, it is that country's number. Where the country has no trunk prefix (Italy), 00
 * can only be the international prefix; under a code of no country (+888: any 11 digits), it
 * is the prefix or the start of one of its numbers, as for a trunk.
 */
function abroad(text: string, idd: number, cc: string): PhoneReading {
	const number = `+${text.slice(idd)}`;
	if (!cc || !/^\d+$/.test(text)) return { text: number };
	const noCountry = NON_GEOGRAPHIC.split(' ').includes(cc);
	const home = nationalReadings(text, cc).filter((r) => (r.trunk || noCountry) && r.fits);
	if (!home.length) return { text: number };
	if (E164.test(number) && !numberProblem(number)) {
		return { text, readings: distinct([{ number }, ...home]) };
	}
	// No number abroad is possible ("0008 00…": +0 …): the country's own number.
	return chosen(home, text, cc);
}

const E164 = /^\+[1-9]\d{1,14}$/;

const distinct = (readings: { number: string }[]) => [...new Set(readings.map((r) => r.number))];

/**
 * Digits without "+" under default code `cc`: a national number, read by each country of the
 * code (national.ts); or, when they start with the code, possibly that code and a number
 * written without "+" (919876543210 with +91). Taken when one reading has the shape of its
 * country's numbers, or all agree; refused as ambiguous when fitting readings differ (with
 * +39, "39 0612345": +39 0612345, or the Italian 390 612345?).
 */
function national(text: string, cc: string): PhoneReading {
	const own = nationalReadings(text, cc);
	if (text.startsWith(cc)) {
		const glued = nationalReadings(text.slice(cc.length), cc);
		const ownFit = distinct(own.filter((r) => r.fits));
		const gluedFit = distinct(glued.filter((r) => r.fits));
		if (gluedFit.length && !ownFit.length) return chosen(glued, text, cc);
		const both = distinct([...own, ...glued].filter((r) => r.fits));
		if (gluedFit.length && both.length > 1) return { text, readings: both };
		// Neither fits: too long for a national number, as before the code without "+".
		if (!ownFit.length && text.length > 10) return { text: `+${text}` };
	}
	return chosen(own, text, cc);
}

/**
 * The number national readings agree on: the one that fits, else the one all give. A main
 * reading no country can have (555-0102 with +1: 7 digits) is left for numberProblem to name;
 * readings that differ otherwise are ambiguous. A number shorter than MIN_NATIONAL_DIGITS or
 * longer than E.164 is left as written.
 */
function chosen(readings: NationalReading[], text: string, cc: string): PhoneReading {
	const usable = (number: string) =>
		number.length - 1 - cc.length >= MIN_NATIONAL_DIGITS && number.length <= 16;
	const fit = distinct(readings.filter((r) => r.fits));
	let number: string;
	if (fit.length === 1) number = fit[0];
	else {
		const main = readings[0].number;
		if (!usable(main)) return { text };
		if (numberProblem(main)) return { text: main };
		const all = fit.length > 1 ? fit : distinct(readings);
		if (all.length > 1) return { text, readings: all };
		number = main;
	}
	return usable(number) ? { text: number } : { text };
}

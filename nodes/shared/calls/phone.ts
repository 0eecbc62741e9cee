/**
 * Phone numbers as spreadsheets hold them ("98765 43210", "(415) 555-0100", "0044 20 7946 0000")
 * to E.164. Formatting is removed; "00" is the international prefix; a number without a
 * country code gets the default one (after dropping a national trunk "0"). What is still not
 * E.164 afterwards is returned as is, for the validator to refuse with the row named.
 */

/**
 * Shortest national number the default country code is put in front of. The shortest
 * numbers in use are 6-7 digits; anything shorter is a typo or an extension, and would
 * otherwise become a "valid" +91 12345.
 */
export const MIN_NATIONAL_DIGITS = 6;

/** A Default Country Code as typed ("+91", "91", "1"): its digits, or undefined when garbage. */
export function countryCodeDigits(text: string): string | undefined {
	const match = /^\s*\+?\s*([1-9]\d{0,2})\s*$/.exec(text);
	return match ? match[1] : undefined;
}

export function normalisePhone(raw: unknown, defaultCountryCode = ''): string {
	if (raw === undefined || raw === null) return '';
	let text = String(raw).trim();
	if (text === '') return '';
	// A leading minus is a sign (a sheet's negative number), not formatting: keep it to refuse.
	if (/^[-\u2212]/.test(text)) return text;
	// Spreadsheets turn long numbers into floats: 919876543210 arrives as 919876543210 (number).
	text = text.replace(/[\s\u00a0().\-/]/g, '');
	if (text.startsWith('00')) text = `+${text.slice(2)}`;
	if (text.startsWith('+')) return text;
	const cc = countryCodeDigits(defaultCountryCode) ?? '';
	if (!cc || !/^\d+$/.test(text)) return text;
	if (text.startsWith(cc) && text.length > 10) return `+${text}`;
	const national = text.replace(/^0/, '');
	// Too short or too long for a national number: left as is, so the validator names it.
	if (national.length < MIN_NATIONAL_DIGITS || cc.length + national.length > 15) return text;
	return `+${cc}${national}`;
}

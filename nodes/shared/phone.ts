/**
 * Phone numbers as spreadsheets hold them ("98765 43210", "(415) 555-0100", "0044 20 7946 0000")
 * to E.164. Formatting is removed; "00" is the international prefix; a number without a
 * country code gets the default one (after dropping a national trunk "0"). What is still not
 * E.164 afterwards is returned as is, for the validator to refuse with the row named.
 */
export function normalisePhone(raw: unknown, defaultCountryCode = ''): string {
	if (raw === undefined || raw === null) return '';
	let text = String(raw).trim();
	if (text === '') return '';
	// Spreadsheets turn long numbers into floats: 919876543210 arrives as 919876543210 (number).
	text = text.replace(/[\s\u00a0().\-/]/g, '');
	if (text.startsWith('00')) text = `+${text.slice(2)}`;
	if (text.startsWith('+')) return text;
	const cc = defaultCountryCode.replace(/[^\d]/g, '');
	if (!cc || !/^\d+$/.test(text)) return text;
	if (text.startsWith(cc) && text.length > 10) return `+${text}`;
	return `+${cc}${text.replace(/^0/, '')}`;
}

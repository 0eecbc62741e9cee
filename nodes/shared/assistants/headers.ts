import type { Fields } from '../engine/params';

/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME_RE = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * The headers a user gives for a receiver (a call's status callback, an event subscription),
 * one entry each (Fields.entries): a real header name, given once in any case, a value on one
 * line. Checked before anything is sent; the error names the entry and its field.
 */
export function readHeaders(entries: Fields[]): Record<string, string> {
	const headers: Record<string, string> = {};
	const seen = new Set<string>();
	for (const header of entries) {
		const name = header.text('name', 'Name').trim();
		if (!HEADER_NAME_RE.test(name)) throw header.error('Name', `"${name}" is not a header name`);
		if (seen.has(name.toLowerCase())) throw header.error('Name', `"${name}" is given twice`);
		seen.add(name.toLowerCase());
		const value = header.text('value', 'Value');
		if (/[\r\n]/.test(value)) throw header.error('Value', 'must be on one line');
		headers[name] = value;
	}
	return headers;
}

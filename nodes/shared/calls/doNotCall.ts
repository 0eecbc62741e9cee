/**
 * A do-not-call list as a set of E.164 numbers, built once per run so that each row is one
 * Set lookup. Every entry is cleaned by the callee pipeline's own rule (calleeNumber, the
 * country code completed), so "+1 (415) 555-0100" on the list stops a row holding 4155550100.
 * Pure: the node's reader (doNotCallField.ts) hands in the entries and names where they are.
 */
import { parseCsv } from '../engine/csv';
import { calleeNumber } from './callee';

/** One entry as given, and where it is, for a message ("Numbers › entry 3", "optout.csv line 4"). */
export interface ListEntry {
	value: unknown;
	where: string;
}

/** An entry that is not a number: named, never silently dropped (the user thinks it is listed). */
export interface Unreadable {
	where: string;
	entry: string;
	problem: string;
}

export interface DoNotCallList {
	numbers: Set<string>;
	unreadable: Unreadable[];
}

/** The skip reason a listed row carries (Start, Call Back) or its left-out row (Create). */
export const DO_NOT_CALL = 'do_not_call';

/** Text of an entry for a message: what the user wrote, not a cleaned form. */
function shown(value: unknown): string {
	if (typeof value === 'string') return value;
	try {
		return JSON.stringify(value) ?? String(value);
	} catch {
		return String(value);
	}
}

/** The set of every entry's number; blank entries are skipped, others that are not numbers named. */
export function buildDoNotCall(entries: Iterable<ListEntry>, countryCode: string): DoNotCallList {
	const numbers = new Set<string>();
	const unreadable: Unreadable[] = [];
	for (const { value, where } of entries) {
		const read = calleeNumber(value, countryCode);
		if (read.ok) numbers.add(read.number);
		else if (!read.empty) unreadable.push({ where, entry: shown(value), problem: read.problem });
	}
	return { numbers, unreadable };
}

/** An n8n item ({json: {...}}) stands for its JSON: `$('Opt-outs').all()` works as is. */
function objectOf(value: object): Record<string, unknown> {
	const json = (value as { json?: unknown }).json;
	return json !== null && typeof json === 'object' && !Array.isArray(json)
		? (json as Record<string, unknown>)
		: (value as Record<string, unknown>);
}

/**
 * The entries of the Numbers field: text split on commas and new lines, one number, or a
 * list of numbers, texts or objects (the number read from `numberField` of each object).
 */
export function entriesOfValue(value: unknown, label: string, numberField: string): ListEntry[] {
	if (value === undefined || value === null) return [];
	if (typeof value === 'string') {
		return value
			.split(/[,\r\n]/)
			.map((text, n) => ({ value: text.trim(), where: `${label} › entry ${n + 1}` }));
	}
	if (!Array.isArray(value)) return [{ value, where: label }];
	return value.map((entry: unknown, n) => {
		const where = `${label} › entry ${n + 1}`;
		if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
			return { value: entry, where };
		}
		if (!numberField) return { value: entry, where: `${where} (an object: name its Number Field)` };
		return { value: objectOf(entry)[numberField], where: `${where} › ${numberField}` };
	});
}

/**
 * The entries of a CSV file: the column named (its header on the first line), or without a
 * name the first column, its first line skipped when it holds no digit (a header).
 */
export function entriesOfCsv(
	text: string,
	file: string,
	column: string,
): { entries: ListEntry[] } | { problem: string } {
	let lines;
	try {
		lines = parseCsv(text);
	} catch (error) {
		return { problem: `is not a CSV file: ${(error as Error).message}` };
	}
	let at = 0;
	if (column) {
		const names = (lines[0]?.cells ?? []).map((h) => h.trim());
		at = names.indexOf(column);
		if (at < 0) return { problem: `has no column "${column}" (its columns: ${names.join(', ')})` };
		lines = lines.slice(1);
	} else if (lines.length && !/\d/.test(lines[0].cells[0] ?? '')) {
		lines = lines.slice(1);
	}
	const label = column ? ` › ${column}` : '';
	return {
		entries: lines.map(({ line, cells }) => ({
			value: cells[at],
			where: `${file} line ${line}${label}`,
		})),
	};
}

/** Unreadable entries in one sentence: the first few named, then a count. */
export function unreadableText(unreadable: Unreadable[], shownCount = 3): string {
	const named = unreadable
		.slice(0, shownCount)
		.map((u) => `${u.where} "${u.entry}": ${u.problem.replace(/^"[^"]*" /, '')}`);
	const more = unreadable.length - shownCount;
	if (more > 0) named.push(`and ${more} more`);
	return named.join('; ');
}

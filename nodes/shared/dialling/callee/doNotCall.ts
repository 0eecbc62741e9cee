/**
 * A do-not-call list as a set of E.164 numbers, built once per run so that each row is one
 * Set lookup. Every entry is cleaned by the callee pipeline's own rule (calleeNumber, the
 * country code completed), so "+1 (415) 555-0100" on the list stops a row holding 4155550100.
 * Pure: the node's reader (doNotCallField.ts) hands in the entries and names where they are.
 */
import { parseCsv } from '../../engine/csv';
import { unwrapItem } from '../../engine/items';
import { E164_RE } from '../../engine/validate';
import { calleeNumber } from './values';
import { numberProblem } from './phone';

/**
 * The entries as given, and where each is for a message ("Numbers › entry 3", "optout.csv
 * line 4"): named only for an entry that is not a number, so 100,000 good ones cost no text.
 */
export interface ListEntries {
	values: unknown[];
	whereOf: (n: number) => string;
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

/**
 * The set of every entry's number; blank entries are skipped, others that are not numbers
 * named. `countryCodes`: every code the run completes its rows' numbers with (Start: each
 * row's Default Country Code; Create: its one Country Code; Call Back: none). An entry with
 * its own country code is that number. An entry without one (415 555 0101) is completed with
 * each of them and stands for all those numbers: in a run that completes +1 and +44 rows it
 * stops +14155550101 and +444155550101. A row is never called because its list entry was
 * completed with another row's code (a mixed-country sheet), nor because of which row came
 * first; the price is that such an entry may also stop a number of the other country. A
 * completion no country can have is not kept as a number (it cannot match a row, whose
 * number is checked the same way); an entry none of the codes makes possible is named.
 */
export function buildDoNotCall(
	{ values, whereOf }: ListEntries,
	countryCodes: string | string[],
): DoNotCallList {
	const codes = [countryCodes].flat().filter(Boolean);
	const numbers = new Set<string>();
	const unreadable: Unreadable[] = [];
	for (let n = 0; n < values.length; n++) {
		const value = values[n];
		// Already E.164 and possible: calleeNumber would return it as it is (a clean list's fast path).
		if (typeof value === 'string' && E164_RE.test(value) && !numberProblem(value)) {
			numbers.add(value);
			continue;
		}
		// An entry with its own country code reads the same under every code (one Set entry).
		const reads = (codes.length ? codes : ['']).map((code) => calleeNumber(value, code));
		for (const read of reads) if (read.ok) numbers.add(read.number);
		const first = reads[0];
		if (!first.ok && !first.empty && !reads.some((read) => read.ok)) {
			unreadable.push({ where: whereOf(n), entry: shown(value), problem: first.problem });
		}
	}
	return { numbers, unreadable };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
	v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The entries of the Numbers field: text split on commas and new lines, one number, or a
 * list of numbers, texts or objects (the number read from `numberField` of each object; an
 * object without a Number Field stays itself, to be named).
 */
export function entriesOfValue(value: unknown, label: string, numberField: string): ListEntries {
	const entry = (n: number) => `${label} › entry ${n + 1}`;
	if (value === undefined || value === null) return { values: [], whereOf: entry };
	if (typeof value === 'string') {
		// Full-width commas and digits (NFKC) split and read as their ASCII forms.
		const text = value.normalize('NFKC');
		return { values: text.split(/[,\r\n]/).map((t) => t.trim()), whereOf: entry };
	}
	if (!Array.isArray(value)) return { values: [value], whereOf: () => label };
	const list: unknown[] = value;
	return {
		// An n8n item stands for its json (engine/items.ts): `$('Opt-outs').all()` works as is.
		values: list.map((v) => (isObject(v) && numberField ? unwrapItem(v)[numberField] : v)),
		whereOf: (n) =>
			!isObject(list[n])
				? entry(n)
				: numberField
					? `${entry(n)} › ${numberField}`
					: `${entry(n)} (an object: name its Number Field)`,
	};
}

/**
 * The entries of a CSV file: the column named (its header on the first line), or without a
 * name the first column, its first line skipped when it holds no digit (a header), decided
 * after full-width digits are read as digits.
 */
export function entriesOfCsv(
	text: string,
	file: string,
	column: string,
): ListEntries | { problem: string } {
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
	} else if (lines.length && !/\p{Nd}/u.test((lines[0].cells[0] ?? '').normalize('NFKC'))) {
		// A header holds no digit of any script: "＋１ ４１５ …" (full-width) is a number.
		lines = lines.slice(1);
	}
	const label = column ? ` › ${column}` : '';
	const rows = lines;
	return {
		values: rows.map(({ cells }) => cells[at]),
		whereOf: (n) => `${file} line ${rows[n].line}${label}`,
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

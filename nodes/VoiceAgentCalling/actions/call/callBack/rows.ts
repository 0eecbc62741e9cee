/**
 * Overrides › Variables From Rows: a callee's variables from the user's own rows (a sheet, a
 * CSV read by Extract From File), joined by number. The Polling Trigger's calls come from the
 * call history, which carries no variables, and most assistants' prompts use some: the sheet
 * the calls were made from still has them. A row's number is read as a callee's number is,
 * completed with the called number's country code when it has none, so "(415) 555-0142" in
 * the sheet is the call to +14155550142.
 */
import { callingCodeOf } from '../../../../shared/dialling/callee/phone';
import { calleeNumber, calleeText } from '../../../../shared/dialling/callee/values';
import { unwrapItem } from '../../../../shared/engine/items';

/** The row a callee's variables came from (1 = the first row of the list). */
export interface RowMatch {
	row: number;
	variables: Record<string, string>;
}

/**
 * Two rows of one number that send different values: which rows (the first, and the first that
 * differs from it), the first column that differs and its two values (null: none).
 */
export interface RowConflict {
	conflict: { rows: [number, number] } & Difference;
}

interface Difference {
	column: string;
	values: [string | null, string | null];
}

export interface VariableRows {
	/** How many rows the list has. */
	count: number;
	/**
	 * The row whose number is this E.164 number, if any. Rows of one number that send the same
	 * values are one row (the first is named); rows that differ are a conflict, never one of
	 * them taken silently (one person's name with another's appointment).
	 */
	find(number: string): RowMatch | RowConflict | undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
	v !== null && typeof v === 'object' && !Array.isArray(v);

/** A row's variables: every column but the left-out ones, each value as Start reads it. */
function variablesOf(row: Record<string, unknown>, leaveOut: Set<string>): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [key, value] of Object.entries(row)) {
		if (leaveOut.has(key) || value === null || value === undefined) continue;
		const read = calleeText(value);
		// A value no prompt can say (an object, a list) is left out, as for the call's own.
		if ('text' in read) out[key] = read.text;
	}
	return out;
}

/** The first column whose value differs between two rows' variables, if any. */
function differing(a: Record<string, string>, b: Record<string, string>): Difference | undefined {
	for (const column of new Set([...Object.keys(a), ...Object.keys(b)])) {
		if (a[column] !== b[column]) return { column, values: [a[column] ?? null, b[column] ?? null] };
	}
	return undefined;
}

/**
 * The rows of the field: a list of objects or n8n items (a list given as JSON text is read
 * too). Anything else is a problem to name, before any request.
 */
export function variableRows(
	value: unknown,
	phoneColumn: string,
	leaveOut: string[],
): VariableRows | { problem: string } {
	let list = value;
	if (typeof list === 'string') {
		try {
			list = JSON.parse(list);
		} catch {
			list = undefined;
		}
	}
	if (!Array.isArray(list) || !list.every(isObject)) {
		return {
			problem:
				"must be a list of rows (objects or items), e.g. {{ $('Contacts').all() }} for every item of the node named Contacts",
		};
	}
	// An n8n item stands for its json (engine/items.ts): `$('Contacts').all()` works as is.
	const rows = (list as Array<Record<string, unknown>>).map(unwrapItem);
	const skip = new Set([phoneColumn, ...leaveOut]);
	// One index per country code completing the rows' numbers (a run has one or two).
	const byCode = new Map<string, Map<string, RowMatch | RowConflict>>();
	const indexFor = (code: string) => {
		let index = byCode.get(code);
		if (index) return index;
		index = new Map();
		rows.forEach((row, n) => {
			const read = calleeNumber(row[phoneColumn], code);
			if (!read.ok) return;
			const variables = variablesOf(row, skip);
			const first = index!.get(read.number);
			if (!first) index!.set(read.number, { row: n + 1, variables });
			else if (!('conflict' in first)) {
				// The first row that differs from the first one of its number (rows equal to it are it).
				const diff = differing(first.variables, variables);
				if (diff) index!.set(read.number, { conflict: { rows: [first.row, n + 1], ...diff } });
			}
		});
		byCode.set(code, index);
		return index;
	};
	return {
		count: rows.length,
		find: (number) => indexFor(callingCodeOf(number) ?? '').get(number),
	};
}

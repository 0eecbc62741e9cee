/**
 * The contacts of a campaign, from the input items (every item a row) or from CSV files in
 * their binary data, checked in the callee verdict's order (dialling/callee/verdict.ts) before
 * anything is uploaded: the number cleaned and in international format, the Do Not Call list,
 * the callee's zone (with Call Window in the Callee's Time Zone), every variable plain text
 * and the prompt's variables given. A listed row, or one whose zone is unknown, is left out
 * and reported, never an error; another bad row stops the node naming its item (and line) and
 * field, and with Continue On Fail it is left out and reported instead.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { calleeNumber, calleeText } from '../../../../shared/dialling/callee/values';
import { DO_NOT_CALL } from '../../../../shared/dialling/callee/doNotCall';
import {
	CAMPAIGN_POLICY,
	judgeCallee,
	refusalCode,
	refuse,
	type Refuse,
	type RefusalCode,
	type SkipCode,
	type Verdict,
} from '../../../../shared/dialling/callee/verdict';
import { CALLEE_ZONE_LABEL } from '../../../../shared/dialling/callee/zoneFields';
import { calleeZone, type ZoneRule } from '../../../../shared/dialling/callee/zones';
import { fields } from '../../../../shared/engine/params';
import { DROPPED_KEYS, fieldError } from '../../../../shared/engine/validate';
import { parseCsv } from './csv';

/** The column the service reads numbers from (FACTS: `/campaign/save`). */
export const PHONE_HEADER = 'Mobile Number';

export interface MappedVariable {
	variable: string;
	/** The item field or CSV column it is read from. */
	column: string;
}

export interface LeftOutRow {
	item: number;
	/** The line of the CSV file, for contacts read from a file. */
	line?: number;
	mobile_number: string;
	field: string;
	reason: string;
	/** Only on a row left out by rule, not by a problem: the Do Not Call list, an unknown zone. */
	skipped?: SkipCode;
	/** A listed row's sentence, as Start and Call Back say it. */
	skip_reason?: string;
}

export interface Contacts {
	/** How many rows are uploaded. */
	count: number;
	/**
	 * A row as uploaded: the cleaned number, then one value per mapped variable. Built when
	 * the CSV is written, from the items themselves: no copy of the rows is kept besides them.
	 */
	cellsOf(n: number): string[];
	leftOut: LeftOutRow[];
	/** Why each left-out row is (Dry Run's counts): its skip or refusal code. */
	reasons: Array<SkipCode | RefusalCode>;
	/** Item fields or CSV columns seen, for the automatic mapping. */
	columns: Set<string>;
	/** An uploaded row's item (and CSV line), and any column of it. */
	rowAt(k: number): { item: number; line?: number; value: (column: string) => unknown };
	/** An uploaded row's zone, with Call Window in the Callee's Time Zone. */
	zoneOf(k: number): string | undefined;
}

export interface ContactRules {
	source: 'items' | 'file';
	countryCode: string;
	/** Variables every row must give a value (the prompt's, in Refuse mode). */
	required: string[];
	/** Without Continue On Fail a bad row stops the node. */
	stopOnError: boolean;
	/** File source: the binary property and the number column. */
	binaryProperty?: string;
	phoneColumn?: string;
	/** Numbers never to call (E.164): such a row is left out, never an error. */
	doNotCall?: Set<string>;
	/** Call Window in the Callee's Time Zone: a row whose zone is unknown is left out. */
	zoneRule?: ZoneRule;
}

/** A row as read, before checks: an item's JSON, or a CSV line with its file's header. */
interface RawRow {
	item: number;
	line?: number;
	where: string;
	/** The file a CSV row is from. */
	file?: string;
	phone: unknown;
	source: IDataObject | string[];
	header?: Map<string, number>;
}

/** A column of a row: an item field, or the cell under a header. */
function valueAt(
	source: IDataObject | string[],
	header: Map<string, number> | undefined,
	column: string,
): unknown {
	if (!header) return (source as IDataObject)[column];
	const at = header.get(column);
	return at === undefined ? undefined : (source as string[])[at];
}

/** Every raw row of the input, in order (items, or each item's file line by line). */
export async function* rawRows(
	ctx: IExecuteFunctions,
	itemCount: number,
	rules: Pick<ContactRules, 'source' | 'binaryProperty' | 'phoneColumn'>,
	seen: Set<string>,
): AsyncGenerator<RawRow> {
	const node = ctx.getNode();
	const items = ctx.getInputData();
	// Every item's fields count for the automatic mapping, not just the first row's.
	if (rules.source === 'items') {
		for (let item = 0; item < itemCount; item++) {
			for (const key of Object.keys(items[item]?.json ?? {})) seen.add(key);
		}
	}
	for (let item = 0; item < itemCount; item++) {
		if (rules.source === 'items') {
			const json: IDataObject = items[item]?.json ?? {};
			yield {
				item,
				where: 'Phone Number',
				phone: fields(ctx, item).raw('mobileNumber'),
				source: json,
			};
			continue;
		}
		const property = rules.binaryProperty!;
		const binary = items[item]?.binary?.[property];
		if (!binary) {
			throw fieldError(
				node,
				'Input Binary Field',
				`the item has no binary data "${property}" (a CSV file read by an earlier node)`,
				item,
			);
		}
		const file = binary.fileName ?? property;
		const bytes = await ctx.helpers.getBinaryDataBuffer(item, property);
		let lines;
		try {
			lines = parseCsv(bytes.toString('utf8'));
		} catch (error) {
			throw fieldError(
				node,
				`File ${file}`,
				`is not a CSV file: ${(error as Error).message}`,
				item,
			);
		}
		if (!lines.length) throw fieldError(node, `File ${file}`, 'is empty', item);
		const names = lines[0].cells.map((h) => h.trim());
		names.forEach((h) => seen.add(h));
		// The first column of a name wins, as a sheet reader would take it.
		const header = new Map<string, number>();
		names.forEach((h, at) => header.has(h) || header.set(h, at));
		const phoneColumn = rules.phoneColumn!;
		const phoneAt = header.get(phoneColumn) ?? -1;
		if (phoneAt < 0) {
			throw fieldError(
				node,
				'Phone Column',
				`"${phoneColumn}" is not a column of ${file} (its columns: ${names.join(', ')})`,
				item,
			);
		}
		for (const { line, cells } of lines.slice(1)) {
			yield {
				item,
				line,
				where: `${file} line ${line} › ${phoneColumn}`,
				file,
				phone: cells[phoneAt],
				source: cells,
				header,
			};
		}
	}
}

/** A cell as text by the callee pipeline's rule; undefined when it cannot be (see problemOf). */
function cellText(value: unknown): string | undefined {
	const read = calleeText(value);
	return 'text' in read ? read.text : undefined;
}

/**
 * Every row of the input, read once (each CSV file parsed once), kept as references into the
 * items: parallel lists rather than an object per row, so 50,000 rows cost little besides
 * the items themselves. Checked afterwards, as often as needed, by checkContacts.
 */
export interface RowSet {
	count: number;
	item: number[];
	line: Array<number | undefined>;
	phone: unknown[];
	source: Array<IDataObject | string[]>;
	header: Array<Map<string, number> | undefined>;
	/** Where each row's number is, for the messages ("Phone Number", "file.csv line 3 › Phone"). */
	where: (n: number) => string;
	/** Item fields or CSV columns seen, for the automatic mapping. */
	columns: Set<string>;
	/** The columns known when the first row was read: every item's fields, or the first file's header. */
	firstColumns: Set<string>;
}

export async function collectRows(
	ctx: IExecuteFunctions,
	itemCount: number,
	rules: Pick<ContactRules, 'source' | 'binaryProperty' | 'phoneColumn'>,
): Promise<RowSet> {
	const columns = new Set<string>();
	let firstColumns: Set<string> | undefined;
	const rows: RowSet = {
		count: 0,
		item: [],
		line: [],
		phone: [],
		source: [],
		header: [],
		where: () => 'Phone Number',
		columns,
		firstColumns: columns,
	};
	const fileOf = new Map<number, string>();
	for await (const raw of rawRows(ctx, itemCount, rules, columns)) {
		firstColumns ??= new Set(columns);
		rows.item.push(raw.item);
		rows.line.push(raw.line);
		rows.phone.push(raw.phone);
		rows.source.push(raw.source);
		rows.header.push(raw.header);
		if (raw.file !== undefined) fileOf.set(raw.item, raw.file);
	}
	rows.count = rows.item.length;
	rows.firstColumns = firstColumns ?? columns;
	if (rules.source === 'file') {
		rows.where = (n) => `${fileOf.get(rows.item[n])} line ${rows.line[n]} › ${rules.phoneColumn}`;
	}
	return rows;
}

type RowVerdict = Verdict<string | undefined> & { typed: string };

/**
 * One row's callee verdict (dialling/callee/verdict.ts) under the campaign's policy (an unknown
 * zone leaves the row out): its number and zone, a skip, or a refusal naming the field. The
 * number is read once, here, and the number as typed kept for the report.
 */
async function rowVerdict(
	rows: RowSet,
	n: number,
	rules: ContactRules,
	mapping: MappedVariable[],
	required: Set<string>,
): Promise<RowVerdict> {
	const where = rows.where(n);
	const value = (column: string) => valueAt(rows.source[n], rows.header[n], column);
	const phone = calleeNumber(rows.phone[n], rules.countryCode);
	const verdict = await judgeCallee(
		{
			number: () => (phone.ok ? phone.number : refuse('invalid_number', where, phone.problem)),
			list: rules.doNotCall,
			zone: (number) => {
				if (!rules.zoneRule) return undefined;
				const column = rules.zoneRule.column;
				const found = calleeZone(number, column ? value(column) : undefined, rules.zoneRule);
				return found.ok ? found.zone : refuse('zone_unknown', CALLEE_ZONE_LABEL, found.problem);
			},
			variables: () => {
				for (const { variable, column } of mapping) {
					const read = calleeText(value(column));
					const field =
						rules.source === 'items' ? `Column ${column}` : where.replace(/›.*$/, `› ${column}`);
					if ('problem' in read) return refuse('invalid_input', field, read.problem);
					if (required.has(variable) && read.text.trim() === '') {
						return refuse(
							'missing_prompt_variable',
							field,
							`is empty, but the assistant's prompt uses @{{${variable}}}: the callee would hear the placeholder`,
						);
					}
				}
				return undefined;
			},
			body: ({ zone }) => zone,
		},
		CAMPAIGN_POLICY,
	);
	return { ...verdict, typed: phone.typed };
}

/**
 * A row left out, as the report lists it: where and why, and for a row left out by rule (the
 * list, an unknown zone) its skip code; a listed row's sentence as Start and Call Back say it.
 */
function leftOutRow(
	v: Exclude<RowVerdict, { verdict: 'call' }>,
	item: number,
	line: number | undefined,
	where: string,
): LeftOutRow {
	const at = { item, ...(line === undefined ? {} : { line }), mobile_number: v.typed };
	if (v.verdict === 'refuse') {
		// A reader's own error never reaches here: checkContacts throws it.
		const { field, sentence } = v as Extract<Refuse, { field: string }>;
		return { ...at, field, reason: sentence };
	}
	if (v.code === DO_NOT_CALL) {
		const reason = 'is on the Do Not Call list';
		return { ...at, field: where, reason, skipped: v.code, skip_reason: v.sentence };
	}
	return { ...at, field: v.field ?? where, reason: v.sentence, skipped: v.code };
}

/** Checks every collected row under the mapping; a bad row stops the node or is left out. */
export async function checkContacts(
	ctx: IExecuteFunctions,
	rows: RowSet,
	rules: ContactRules,
	mappingOf: (columns: Set<string>) => MappedVariable[],
): Promise<Contacts & { mapping: MappedVariable[] }> {
	const node = ctx.getNode();
	const mapping = mappingOf(rows.firstColumns);
	const required = new Set(rules.required);
	const accepted: number[] = [];
	/** An uploaded row's number, as its verdict cleaned it. */
	const numbers: string[] = [];
	const zones: Array<string | undefined> = [];
	const leftOut: LeftOutRow[] = [];
	const reasons: Array<SkipCode | RefusalCode> = [];
	for (let n = 0; n < rows.count; n++) {
		const v = await rowVerdict(rows, n, rules, mapping, required);
		if (v.verdict === 'call') {
			accepted.push(n);
			numbers.push(v.number);
			zones.push(v.value);
			continue;
		}
		if (v.verdict === 'refuse' && 'error' in v) throw v.error;
		const line = rows.line[n];
		// A skipped row (listed, or its zone unknown) is left out, never an error: the list is
		// there to skip it, and the other zones' campaigns are made. A refused one stops the node.
		if (rules.stopOnError && v.verdict === 'refuse') {
			const where = line === undefined ? '' : ` (line ${line})`;
			throw fieldError(node, v.field, `${v.sentence}${where}. Nothing was uploaded`, rows.item[n]);
		}
		leftOut.push(leftOutRow(v, rows.item[n], line, rows.where(n)));
		reasons.push(v.verdict === 'skip' ? v.code : refusalCode(v));
	}
	return {
		count: accepted.length,
		// Checked above: every value is text here.
		cellsOf: (k) => {
			const n = accepted[k];
			return [
				numbers[k],
				...mapping.map(
					({ column }) => cellText(valueAt(rows.source[n], rows.header[n], column)) ?? '',
				),
			];
		},
		leftOut,
		reasons,
		columns: rows.columns,
		mapping,
		rowAt: (k) => {
			const n = accepted[k];
			return {
				item: rows.item[n],
				line: rows.line[n],
				value: (column) => valueAt(rows.source[n], rows.header[n], column),
			};
		},
		zoneOf: (k) => zones[k],
	};
}

/** Variable names that would be lost or change an object's prototype on the way. */
export function refuseReservedVariable(ctx: IExecuteFunctions, variable: string): void {
	if (DROPPED_KEYS.has(variable)) {
		throw fieldError(ctx.getNode(), `Variable Mapping › ${variable}`, 'is a reserved name', 0);
	}
}

import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	isValidTimeZone,
	parseScheduledTime,
	toLocalDay,
	zoneSpelling,
	type ScheduledTime,
} from './dateTime';

/**
 * Checks made before any request is sent. Each throws a NodeOperationError naming the
 * field, what is wrong with the value, and the item, so a bad row is easy to find.
 */

export function fieldError(
	node: INode,
	field: string,
	problem: string,
	itemIndex: number,
): NodeOperationError {
	return new NodeOperationError(node, `${field}: ${problem} [item ${itemIndex}]`, {
		itemIndex,
		description: `Fix "${field}" in input item ${itemIndex} and run again. No request was sent for this item.`,
	});
}

/** A value as an error message shows it: text in quotes, anything else as JSON. */
export const show = (value: unknown) =>
	typeof value === 'string' ? `"${value}"` : JSON.stringify(value);

/** An unpaired UTF-16 surrogate: encodeURIComponent throws on it ("URI malformed"). */
export const LONE_SURROGATE_RE =
	/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const E164_RE = /^\+[1-9]\d{6,14}$/;
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const HHMM_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Text as typed, or a finite number; never an object sent as "[object Object]", a list as
 * "1,2", NaN or a boolean, nor broken text (a lone surrogate, which no URL or JSON can carry).
 * The one text rule of the package: fieldTypes.ts toText is this function.
 */
export function plainText(node: INode, field: string, value: unknown, itemIndex: number): string {
	if (value === undefined || value === null) return '';
	if (typeof value === 'string') {
		if (LONE_SURROGATE_RE.test(value)) {
			throw fieldError(
				node,
				field,
				'contains broken text (an unpaired surrogate character)',
				itemIndex,
			);
		}
		return value;
	}
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	throw fieldError(node, field, notTextProblem(value), itemIndex);
}

/** What a value that is not text is, in words: "an object is not text". */
export function notTextProblem(value: unknown): string {
	const what = Array.isArray(value)
		? 'a list'
		: value instanceof Date
			? 'a date'
			: typeof value === 'object'
				? 'an object'
				: typeof value === 'number'
					? String(value)
					: show(value);
	return `${what} is not text`;
}

export function toNonEmpty(node: INode, field: string, value: unknown, itemIndex: number): string {
	const text = plainText(node, field, value, itemIndex).trim();
	if (text === '') throw fieldError(node, field, 'is required', itemIndex);
	return text;
}

export function toE164(node: INode, field: string, value: unknown, itemIndex: number): string {
	const text = toNonEmpty(node, field, value, itemIndex);
	if (!E164_RE.test(text)) {
		throw fieldError(
			node,
			field,
			`${show(value)} is not a phone number in international format with country code, e.g. +14155550100`,
			itemIndex,
		);
	}
	return text;
}

export function toUuid(node: INode, field: string, value: unknown, itemIndex: number): string {
	const text = toNonEmpty(node, field, value, itemIndex);
	if (!UUID_RE.test(text)) {
		throw fieldError(node, field, `${show(value)} is not a valid ID (UUID expected)`, itemIndex);
	}
	return text;
}

export function toHhmm(node: INode, field: string, value: unknown, itemIndex: number): string {
	const text = toNonEmpty(node, field, value, itemIndex);
	if (!HHMM_RE.test(text)) {
		throw fieldError(
			node,
			field,
			`${show(value)} is not a time of day as HH:MM (24-hour), e.g. 09:30`,
			itemIndex,
		);
	}
	return text;
}

export function toTimeZone(node: INode, field: string, value: unknown, itemIndex: number): string {
	const text = toNonEmpty(node, field, value, itemIndex);
	if (!isValidTimeZone(text)) {
		throw fieldError(
			node,
			field,
			`${show(value)} is not an IANA time zone, e.g. Asia/Kolkata`,
			itemIndex,
		);
	}
	return zoneSpelling(text);
}

/** A future moment, as local date-time in `zone`. */
export function toFutureTime(
	node: INode,
	field: string,
	value: unknown,
	zone: string,
	itemIndex: number,
	nowMs: number,
): ScheduledTime {
	const parsed = parseScheduledTime(value, zone);
	if (!parsed) {
		throw fieldError(
			node,
			field,
			`${show(value)} is not a date-time (use a date field, ISO 8601 like 2026-12-01T09:30:00+05:30, or a local 2026-12-01T09:30:00)`,
			itemIndex,
		);
	}
	if (parsed.instantMs <= nowMs) {
		throw fieldError(node, field, `${parsed.local} (${zone}) is in the past`, itemIndex);
	}
	return parsed;
}

/** Parses a JSON object typed by the user; arrays and scalars are refused. */
export function toJsonObject(
	node: INode,
	field: string,
	value: unknown,
	itemIndex: number,
): Record<string, unknown> {
	let parsed = value;
	if (typeof value === 'string') {
		if (value.trim() === '') return {};
		try {
			parsed = JSON.parse(value);
		} catch (error) {
			throw fieldError(node, field, `is not valid JSON (${(error as Error).message})`, itemIndex);
		}
	}
	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
		throw fieldError(node, field, 'must be a JSON object like {"key": "value"}', itemIndex);
	}
	return parsed as Record<string, unknown>;
}

/** What a blank list field means. */
export type BlankList =
	/** An edit: refused, since it would wipe the whole list; `[]` clears it on purpose. */
	| 'refuseEdit'
	/** A list something is done to (IDs, numbers): refused, and so is an empty result. */
	| 'required'
	/** An optional filter or exclusion: nothing. */
	| 'empty';

export interface ListOptions {
	/** Text entries are also separated by commas (always by new lines). */
	commas: boolean;
	max?: number;
	/** What a blank field means (default refuseEdit). */
	blank?: BlankList;
	/**
	 * Values may come from sheet cells: a list's text entries may hold several values ("id1,
	 * id2"), and a lone number is one entry (a phone number column read as a number).
	 */
	fromSheet?: boolean;
	/** What the entries are, for the error of a value that is no list ("assistant IDs"). */
	of?: string;
}

/**
 * The one reader of list fields: an array (from an expression), a JSON array written as text,
 * or text with one entry per line (and, where `commas` is set, comma-separated). Entries are
 * trimmed; blank and repeated entries are dropped.
 */
export function toList(
	node: INode,
	field: string,
	value: unknown,
	i: number,
	options: ListOptions,
): string[] {
	const blank = options.blank ?? 'refuseEdit';
	const separators = options.commas ? /[\n,]/ : /\n/;
	let entries: unknown[];
	if (Array.isArray(value)) {
		entries = options.fromSheet
			? value.flatMap((entry: unknown) =>
					typeof entry === 'string' ? entry.split(separators) : [entry],
				)
			: value;
	} else if (typeof value === 'string' && value.trim().startsWith('[')) {
		try {
			const parsed: unknown = JSON.parse(value);
			if (!Array.isArray(parsed)) throw new Error('not an array');
			entries = parsed;
		} catch {
			throw fieldError(node, field, 'starts with "[" but is not a JSON array of text', i);
		}
	} else if (
		value === undefined ||
		value === null ||
		(typeof value === 'string' && value.trim() === '')
	) {
		if (blank === 'empty') return [];
		throw fieldError(
			node,
			field,
			blank === 'required'
				? 'is required'
				: 'is required (to clear the list on purpose, use an empty JSON array: [])',
			i,
		);
	} else if (typeof value === 'string') {
		entries = value.split(separators);
	} else if (options.fromSheet && typeof value === 'number') {
		entries = [value];
	} else {
		throw fieldError(
			node,
			field,
			options.of ? `is not a list of ${options.of}` : `${show(value)} is not a list`,
			i,
		);
	}
	// A Set keeps the first order and stays linear for long lists (thousands of call IDs).
	const unique = new Set<string>();
	for (const entry of entries) {
		if (
			entry !== null &&
			entry !== undefined &&
			typeof entry !== 'string' &&
			typeof entry !== 'number'
		) {
			throw fieldError(node, field, `entry ${show(entry)} is not text`, i);
		}
		const text = plainText(node, field, entry, i).trim();
		if (text !== '') unique.add(text);
	}
	const list = [...unique];
	if (blank === 'required' && list.length === 0) throw fieldError(node, field, 'is required', i);
	if (options.max !== undefined && list.length > options.max) {
		throw fieldError(
			node,
			field,
			`has ${list.length} entries; at most ${options.max} are allowed`,
			i,
		);
	}
	return list;
}

/** Variable names as used in `@{{name}}`: no spaces, braces or @. */
export function toVariableNames(node: INode, field: string, names: string[], i: number) {
	for (const name of names) {
		if (/[\s{}@]/.test(name)) {
			throw fieldError(
				node,
				field,
				`${show(name)} is not a variable name (write it without @{{ }} and without spaces)`,
				i,
			);
		}
	}
	return names;
}

/** A web origin such as https://example.com: scheme and host (and port), no path. */
export function toOrigin(node: INode, field: string, value: string, i: number): string {
	let url: URL | undefined;
	try {
		url = new URL(value);
	} catch {
		url = undefined;
	}
	const problem = !url
		? 'is not a URL'
		: url.protocol !== 'https:' && url.protocol !== 'http:'
			? 'must start with https:// or http://'
			: url.username || url.password
				? 'must not contain a user name or password'
				: url.pathname !== '/' || url.search || url.hash || /[?#]/.test(value)
					? 'must be an origin only, without a path, query or fragment'
					: undefined;
	if (problem || !url) {
		throw fieldError(node, field, `${show(value)} ${problem} (e.g. https://example.com)`, i);
	}
	return url.origin;
}

/**
 * Keys n8n drops when it copies parameters and items (`constructor`, `prototype`,
 * `__proto__`): an object holding one would reach the service without it, silently.
 */
export const DROPPED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Refuses, naming the key and where it is, an object (at any depth) holding a dropped key. */
export function refuseDroppedKeys(node: INode, field: string, value: unknown, i: number, at = '') {
	if (value === null || typeof value !== 'object') return;
	for (const [key, inner] of Object.entries(value)) {
		const where = Array.isArray(value) ? `${at}[${key}]` : at ? `${at}.${key}` : key;
		if (!Array.isArray(value) && DROPPED_KEYS.has(key)) {
			throw fieldError(
				node,
				field,
				`the key "${where}" cannot be sent: n8n drops keys named constructor, prototype and __proto__ from parameters, so it would silently go missing`,
				i,
			);
		}
		refuseDroppedKeys(node, field, inner, i, where);
	}
}

/** A calendar day `YYYY-MM-DD` in `zone`, from a date field (see toLocalDay). */
export function toDay(
	node: INode,
	field: string,
	value: unknown,
	zone: string,
	itemIndex: number,
): string {
	const day = toLocalDay(value, zone);
	if (!day) throw fieldError(node, field, `${show(value)} is not a date`, itemIndex);
	return day;
}

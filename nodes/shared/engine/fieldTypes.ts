import type { IDataObject, INode } from 'n8n-workflow';

import { fieldError, plainText } from './validate';

/**
 * The checks of the values of n8n's own field types (boolean, number, string, options,
 * collection, resource locator) as an expression may hand them over: each accepts the type and
 * the plain text a spreadsheet holds for it ("true", "42"), and refuses the rest with an error
 * naming the field and the item. The readers of params.ts apply them; validate.ts holds the
 * checks of values beyond the field's type (E.164, UUID, HH:MM, zones, lists).
 */

/** A given value as the readers' errors show it. */
export const showValue = (value: unknown): string => {
	if (typeof value === 'string') return `"${value}"`;
	if (value instanceof Date) return `a date (${String(value)})`;
	if (typeof value === 'number') return String(value);
	if (Array.isArray(value)) return 'a list';
	if (value && typeof value === 'object') return 'an object';
	return String(value);
};

/**
 * The one "unset" rule of every reader: undefined, null, or text of nothing but spaces. An
 * unset field gives the reader's fallback (or, where there is none, is refused as required).
 */
export const isBlank = (value: unknown) =>
	value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export function toBoolean(node: INode, field: string, value: unknown, itemIndex: number): boolean {
	if (typeof value === 'boolean') return value;
	if (typeof value === 'string') {
		const text = value.trim().toLowerCase();
		if (text === 'true') return true;
		if (text === 'false') return false;
	}
	throw fieldError(node, field, `${showValue(value)} is not true or false`, itemIndex);
}

export interface IntegerRange {
	min?: number;
	max?: number;
}

/** A reader's check of one value: the value, or a field error naming the field and item. */
export type Check<T> = (
	node: INode,
	field: string,
	value: unknown,
	itemIndex: number,
	range?: IntegerRange,
) => T;

/** A whole number given as a number or as decimal digits; never hex, booleans, lists or dates. */
export const toInteger: Check<number> = (node, field, value, itemIndex, { min, max } = {}) => {
	let n = Number.NaN;
	if (typeof value === 'number') n = value;
	else if (typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value)) n = Number(value);
	const range =
		min !== undefined && max !== undefined
			? ` from ${min} to ${max}`
			: min !== undefined
				? ` of at least ${min}`
				: max !== undefined
					? ` of at most ${max}`
					: '';
	if (
		!Number.isSafeInteger(n) ||
		(min !== undefined && n < min) ||
		(max !== undefined && n > max)
	) {
		throw fieldError(node, field, `${showValue(value)} is not a whole number${range}`, itemIndex);
	}
	return n;
};

/** A finite number given as a number or as decimal text. */
export const toNumber: Check<number> = (node, field, value, itemIndex, { min, max } = {}) => {
	let n = Number.NaN;
	if (typeof value === 'number') n = value;
	else if (
		typeof value === 'string' &&
		/^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/.test(value)
	) {
		n = Number(value);
	}
	if (!Number.isFinite(n) || (min !== undefined && n < min) || (max !== undefined && n > max)) {
		const range = min !== undefined && max !== undefined ? ` from ${min} to ${max}` : '';
		throw fieldError(node, field, `${showValue(value)} is not a number${range}`, itemIndex);
	}
	return n;
};

/** Text as typed or a finite number (objects, lists, NaN, booleans, broken text refused). */
export const toText = plainText;

/**
 * An ID that goes into an endpoint path (`/calling/contact/{id}`), percent-encoded. Empty, "."
 * and ".." are refused: encoding leaves them as they are and the HTTP client would resolve them,
 * sending the request to a parent endpoint (`DELETE /calling/` instead of one list).
 */
export function toPathSegment(
	node: INode,
	field: string,
	value: unknown,
	itemIndex: number,
): string {
	const text = toText(node, field, value, itemIndex).trim();
	if (text === '') throw fieldError(node, field, 'is required', itemIndex);
	// Far beyond any ID; a path that long is refused by servers (414) or stalls the request.
	if (text.length > 1024) {
		throw fieldError(
			node,
			field,
			`is ${text.length} characters long, at most 1024 fit an ID`,
			itemIndex,
		);
	}
	if (text === '.' || text === '..') {
		throw fieldError(node, field, `"${text}" is not a valid ID`, itemIndex);
	}
	// eslint-disable-next-line no-control-regex
	if (/[\u0000-\u001f\u007f]/.test(text)) {
		throw fieldError(node, field, 'contains control characters', itemIndex);
	}
	return encodeURIComponent(text);
}

/** One of the dropdown's values; anything else (a typo in an expression, an object) is refused. */
export function toOption<T extends string>(
	node: INode,
	field: string,
	value: unknown,
	itemIndex: number,
	allowed: readonly T[],
): T {
	if (typeof value === 'string' && (allowed as readonly string[]).includes(value))
		return value as T;
	throw fieldError(
		node,
		field,
		`${showValue(value)} is not one of ${allowed.map((a) => `"${a}"`).join(', ')}`,
		itemIndex,
	);
}

/** A collection or JSON object parameter: a plain object (empty when unset). */
export function toObject(
	node: INode,
	field: string,
	value: unknown,
	itemIndex: number,
): IDataObject {
	if (value === undefined || value === null || value === '') return {};
	if (typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)) {
		return value as IDataObject;
	}
	throw fieldError(node, field, `${showValue(value)} is not an object`, itemIndex);
}

/** n8n's own locator object ({__rl, mode, value}), as n8n itself recognises one. */
const isLocatorObject = (value: unknown): value is IDataObject =>
	value !== null &&
	typeof value === 'object' &&
	!Array.isArray(value) &&
	((value as IDataObject).__rl === true || ('mode' in value && 'value' in value));

/**
 * A resource locator's value as trimmed text. Inside a collection n8n hands over the locator
 * object itself ({__rl, mode, value}), so its `value` is taken; plain text is taken as is.
 * Any other object (an expression's record, a Date) is refused, not read as unset: an
 * optional filter or override would otherwise be dropped without a word.
 */
export function toLocatorText(
	node: INode,
	field: string,
	value: unknown,
	itemIndex: number,
): string {
	const inner = isLocatorObject(value) ? value.value : value;
	return toText(node, field, inner, itemIndex).trim();
}

/**
 * One row of Start, read once: every field the row gives is resolved by n8n once for its item
 * and held, with the error its reading gave, as a StartRowInput. The row's verdict (body.ts),
 * its Do Not Call match (doNotCall.ts) and its wait (settings.ts) all read the held values:
 * Call Settings, which the window, Scheduled At, the status callback and the v2 check each
 * use, is resolved once, not three times.
 *
 * Reading never throws. A field that fails (a broken expression) keeps its error, given to
 * whichever step reads it first, in the verdict's order: which error a row with two bad values
 * reports stays the same, and a listed row (skipped before its other values are looked at)
 * never reports the error of a field it does not need. The typed readers (engine/params.ts)
 * still check each value where the verdict reaches it, so every error keeps its text.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { UNSET } from '../../../../shared/engine/params';

/** A field as read: its value, or the error n8n (or the expression) gave. */
export type Held = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * The fields every row gives, resolved as soon as the row is read. The others (the locators,
 * which n8n extracts per field; the fields of one mode: a Custom Variables mode's, the wait's
 * options, the callee zone's column) are read the first time a step asks, as before, and then
 * held as well. The first row's also holds the run's settings (index.ts reads them there).
 */
const ROW_FIELDS: ReadonlyArray<readonly [string, object?]> = [
	['defaultCountryCode'],
	['mobileNumber'],
	['name'],
	['callConfig'],
	['calleeTimeZone'],
	['variablesMode'],
	['waitForCompletion'],
];

/**
 * A copy, as n8n hands out, so that a reader that changes its value cannot change the held
 * one: lists and plain objects copied, anything else (a Date an expression gave) as it is.
 */
function copyOf(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(copyOf);
	if (value === null || typeof value !== 'object') return value;
	if (Object.getPrototypeOf(value) !== Object.prototype) return value;
	return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copyOf(v)]));
}

/** One row, read once: its item and its held fields, served to the readers as a context. */
export interface StartRowInput {
	index: number;
	/** The row's fields, by name and how they are read (a locator with its value extracted). */
	held: ReadonlyMap<string, Held>;
	/** The context the row's steps read through: it answers from `held`, never again from n8n. */
	params: IExecuteFunctions;
}

const keyOf = (name: string, fallback: unknown, options?: object) =>
	`${name}\u0000${typeof fallback === 'string' ? fallback : ''}\u0000${options ? JSON.stringify(options) : ''}`;

/**
 * Row `index` of the batch, read through `batch` (start/batchParams.ts: a field without an
 * expression is resolved once for the whole batch). The fields of ROW_FIELDS are read now.
 */
export function readStartRow(batch: IExecuteFunctions, index: number): StartRowInput {
	const held = new Map<string, Held>();
	const read = (name: string, fallback: unknown, options?: object): Held => {
		const key = keyOf(name, fallback, options);
		let value = held.get(key);
		if (!value) {
			try {
				value = { ok: true, value: batch.getNodeParameter(name, index, fallback, options) };
			} catch (error) {
				value = { ok: false, error };
			}
			held.set(key, value);
		}
		return value;
	};
	const params = Object.create(batch) as IExecuteFunctions;
	params.getNodeParameter = ((
		name: string,
		itemIndex: number,
		fallback?: unknown,
		options?: object,
	): unknown => {
		// Another item's field is that item's business (none of the row's steps asks for one).
		if (itemIndex !== index) return batch.getNodeParameter(name, itemIndex, fallback, options);
		const value = read(name, fallback, options);
		if (!value.ok) throw value.error;
		return copyOf(value.value);
	}) as IExecuteFunctions['getNodeParameter'];
	for (const [name, options] of ROW_FIELDS) read(name, UNSET, options);
	return { index, held, params };
}

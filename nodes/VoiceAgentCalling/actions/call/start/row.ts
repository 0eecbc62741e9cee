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
 * never reports the error of a field it does not need.
 *
 * The verdict then takes the row as typed values (StartRowValues, below): every typed reader
 * of engine/params.ts runs once, over the held fields, its value or error kept; the verdict's
 * steps (body.ts) are pure functions of them and throw a held error when they reach it, so
 * every error keeps its text and its place in the order.
 */
import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';

import { versionBody } from '../../../../shared/assistants/versionField';
import { readCallSettings, type CallSettings } from '../../../../shared/dialling/callSettings';
import { readCountryCode } from '../../../../shared/dialling/callee/values';
import {
	readCalleeZoneFields,
	type CalleeZoneFields,
} from '../../../../shared/dialling/callee/zoneFields';
import { fields, UNSET, type Fields } from '../../../../shared/engine/params';
import { readCallback } from './callback';
import { readVariables } from './variables';

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

/** A typed value of the row as read: the value, or the error its reader gave (never thrown). */
export type Typed<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** The value, or its reader's error thrown: by the judge's step that needs it, when it runs. */
export function valueOf<T>(typed: Typed<T>): T {
	if (!typed.ok) throw typed.error;
	return typed.value;
}

function typed<T>(read: () => T): Typed<T> {
	try {
		return { ok: true, value: read() };
	} catch (error) {
		return { ok: false, error };
	}
}

/**
 * One row of Start as typed values, each read once, in the order the verdict (body.ts) uses
 * them. The verdict's steps are pure functions of these (with the number, the time and the
 * run's list): they never read a field, they throw a held error when they reach its value.
 */
export interface StartRowValues {
	index: number;
	/** The node, for the errors the steps themselves write (they name it and the item). */
	node: INode;
	countryCode: Typed<string | undefined>;
	mobileNumber: Typed<unknown>;
	callSettings: Typed<CallSettings>;
	/** The callee zone's fields (undefined when the option is off); the zone needs the number. */
	zone: Typed<CalleeZoneFields | undefined>;
	/** The Custom Variables as sent (read with its mode's fields; checked in its reader). */
	variables: Typed<Record<string, string> | undefined>;
	name: Typed<string>;
	assistant: Typed<string>;
	/** version_id, or nothing (the service picks the active version). */
	version: Typed<IDataObject>;
	/** Exactly one of from_number, from_number_id, number_pool_id, as the field's mode says. */
	from: Typed<IDataObject>;
	voice: Typed<string | undefined>;
	/** callback_url and callback_args, checked, or undefined. */
	callback: Typed<IDataObject | undefined>;
}

/** The caller, as the From Number field's mode says. */
function readFrom(f: Fields): IDataObject {
	const mode = f.locatorMode('fromNumber');
	if (mode === 'id') return { from_number_id: f.locatorUuid('fromNumber', 'From Number') };
	if (mode === 'pool') return { number_pool_id: f.locatorUuid('fromNumber', 'From Number') };
	return { from_number: f.locatorE164('fromNumber', 'From Number') };
}

/**
 * Every typed reader of the row, once, through its held fields (so no field is resolved
 * again). A reader whose fields depend on a mode (the variables, the zone, the caller) reads
 * only the fields its mode asks for, as before. `nowMs`: Scheduled At must be after it.
 */
export function readStartRowValues(row: StartRowInput, nowMs: number): StartRowValues {
	const { params: ctx, index: i } = row;
	const node = ctx.getNode();
	const f = fields(ctx, i);
	return {
		index: i,
		node,
		countryCode: typed(() =>
			readCountryCode(
				node,
				'Default Country Code',
				f.text('defaultCountryCode', 'Default Country Code'),
				i,
			),
		),
		mobileNumber: typed(() => f.raw('mobileNumber')),
		callSettings: typed(() => readCallSettings(ctx, i, nowMs)),
		zone: typed(() => readCalleeZoneFields(ctx, i)),
		variables: typed(() => readVariables(ctx, i)),
		name: typed(() => f.text('name', 'Callee Name')),
		assistant: typed(() => f.locatorUuid('assistant', 'Assistant')),
		version: typed(() => versionBody(f)),
		from: typed(() => readFrom(f)),
		voice: typed(() =>
			f.locator('voiceId', 'Voice (Override)')
				? f.locatorUuid('voiceId', 'Voice (Override)')
				: undefined,
		),
		callback: typed(() => readCallback(ctx, i)),
	};
}

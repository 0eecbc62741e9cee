import type { IDataObject, INode } from 'n8n-workflow';

import type { ScheduledTime } from './dateTime';
import {
	isBlank,
	showValue,
	toBoolean,
	toInteger,
	toLocatorText,
	toNumber,
	toObject,
	toOption,
	toPathSegment,
	toText,
	type Check,
	type IntegerRange,
} from './fieldTypes';
import {
	fieldError,
	toDay,
	toE164,
	toFutureTime,
	toHhmm,
	toJsonObject,
	toList,
	type ListOptions,
	toNonEmpty,
	toTimeZone,
	toUuid,
	toVariableNames,
} from './validate';

/**
 * The readers of typed node parameters for the whole package. An expression can hand an
 * operation anything ("false", {}, NaN, a Date, [1, 2]); each reader accepts the field's own
 * type and the plain text a spreadsheet holds for it ("true", "42"), and refuses the rest with
 * an error naming the field and the item, before any request is sent. Nothing is coerced by
 * truthiness or String(): "false" is false, an object is never sent as "[object Object]".
 *
 * Read parameters here, through fields(ctx, i) and nothing else (Start hands its readers a
 * context that resolves each parameter once per batch: start/batchParams.ts); validate.ts
 * holds the pure checks of values (E.164, UUID, HH:MM, zones, lists) that they apply, and
 * fieldTypes.ts the checks of n8n's own field types. A trigger reads them through
 * triggerParams.ts.
 */

/** What a reader needs of an n8n context (execute, load-options and poll contexts all fit). */
export interface ParamSource {
	getNode(): INode;
	getNodeParameter(name: string, itemIndex: number, fallback?: unknown, options?: object): unknown;
}

/** Marks a reader's field as having no fallback: an unset or blank value is refused. */
export const REQUIRED: unique symbol = Symbol('required');

/**
 * Typed readers over one bag of values: the node's parameters for an item, or the members of
 * one of its collections (`fields.collection('options', 'Options')`). Every reader takes the
 * label the user sees, so errors say `Options › Max Wait (Seconds)`, not `maxWaitSeconds`.
 */
export class Fields {
	constructor(
		private readonly node: INode,
		readonly itemIndex: number,
		private readonly get: (name: string) => unknown,
		private readonly prefix = '',
		// A top-level locator's value as n8n extracts it (list, ID or URL mode); inside a
		// collection the member itself, whose locator object toLocatorText unwraps.
		private readonly extracted: (name: string) => unknown = get,
	) {}

	private label(label: string): string {
		return this.prefix ? `${this.prefix} › ${label}` : label;
	}

	/** The raw value, for fields with a reader of their own (locators, dates). */
	raw(name: string): unknown {
		return this.get(name);
	}

	/** Whether the user set the field at all (an empty string counts as unset). */
	has(name: string): boolean {
		return !isBlank(this.get(name));
	}

	/**
	 * The error of a bad value in this field of this item (for the checks an operation adds
	 * beyond its readers), e.g. `throw f.error('Reset Key', 'must differ from the End Key')`.
	 */
	error(label: string, problem: string) {
		return fieldError(this.node, this.label(label), problem, this.itemIndex);
	}

	/** The fallback when unset, or REQUIRED: then an unset or blank value is refused. */
	boolean(name: string, label: string, fallback: boolean | typeof REQUIRED): boolean {
		return this.typed(name, label, fallback, toBoolean);
	}

	integer(
		name: string,
		label: string,
		fallback: number | typeof REQUIRED,
		range?: IntegerRange,
	): number;
	integer(
		name: string,
		label: string,
		fallback: undefined,
		range?: IntegerRange,
	): number | undefined;
	integer(
		name: string,
		label: string,
		fallback: number | typeof REQUIRED | undefined,
		range: IntegerRange = {},
	): number | undefined {
		return this.typed(name, label, fallback, toInteger, range);
	}

	number(
		name: string,
		label: string,
		fallback: number | typeof REQUIRED,
		range?: IntegerRange,
	): number;
	number(
		name: string,
		label: string,
		fallback: undefined,
		range?: IntegerRange,
	): number | undefined;
	number(
		name: string,
		label: string,
		fallback: number | typeof REQUIRED | undefined,
		range: IntegerRange = {},
	): number | undefined {
		return this.typed(name, label, fallback, toNumber, range);
	}

	/** The fallback when unset (unless REQUIRED: then blank is refused), else the checked value. */
	private typed<T, F>(
		name: string,
		label: string,
		fallback: F | typeof REQUIRED,
		check: Check<T>,
		range?: IntegerRange,
	): T | F {
		const value = this.get(name);
		if (fallback !== REQUIRED && isBlank(value)) return fallback;
		return check(this.node, this.label(label), value, this.itemIndex, range);
	}

	text(name: string, label: string, fallback = ''): string {
		const value = this.get(name);
		if (isBlank(value)) return fallback;
		return toText(this.node, this.label(label), value, this.itemIndex);
	}

	/** Text that must not be empty once trimmed; returns it trimmed. */
	requiredText(name: string, label: string): string {
		return toNonEmpty(this.node, this.label(label), this.get(name), this.itemIndex);
	}

	/** An ID (UUID), required; returns it trimmed. */
	uuid(name: string, label: string): string {
		return toUuid(this.node, this.label(label), this.get(name), this.itemIndex);
	}

	/** A locator whose value is an ID (UUID), required; returns it trimmed. */
	locatorUuid(name: string, label: string): string {
		return toUuid(this.node, this.label(label), this.locator(name, label), this.itemIndex);
	}

	/** A locator whose value is a phone number in E.164, required. */
	locatorE164(name: string, label: string): string {
		return toE164(this.node, this.label(label), this.locator(name, label), this.itemIndex);
	}

	/** The mode a locator is set to ("list", "id", ...), or undefined when it has none. */
	locatorMode(name: string): string | undefined {
		const value = this.get(name);
		const mode =
			value && typeof value === 'object' ? (value as { mode?: unknown }).mode : undefined;
		return typeof mode === 'string' ? mode : undefined;
	}

	/** A phone number in E.164 (+14155550100), required. */
	e164(name: string, label: string): string {
		return toE164(this.node, this.label(label), this.get(name), this.itemIndex);
	}

	/** A time of day as HH:MM (24-hour), required. */
	hhmm(name: string, label: string): string {
		return toHhmm(this.node, this.label(label), this.get(name), this.itemIndex);
	}

	/** An IANA time zone (Asia/Kolkata), required. */
	timeZone(name: string, label: string): string {
		return toTimeZone(this.node, this.label(label), this.get(name), this.itemIndex);
	}

	/** A moment after `nowMs`, given as a date or date-time text, read as local time in `zone`. */
	futureTime(name: string, label: string, zone: string, nowMs: number): ScheduledTime {
		return toFutureTime(this.node, this.label(label), this.get(name), zone, this.itemIndex, nowMs);
	}

	/** The calendar day (YYYY-MM-DD) of a date field in `zone`; the fallback when unset. */
	day(name: string, label: string, zone: string, fallback: string): string {
		const value = this.get(name);
		if (isBlank(value)) return fallback;
		return toDay(this.node, this.label(label), value, zone, this.itemIndex);
	}

	/**
	 * A field read with a check its room owns (e.g. toLanguage of assistants/languages.ts),
	 * given the field's label and item like every other reader.
	 */
	checked<T>(
		name: string,
		label: string,
		check: (node: INode, field: string, value: unknown, itemIndex: number) => T,
	): T {
		return check(this.node, this.label(label), this.get(name), this.itemIndex);
	}

	/** A list typed in one field (array, JSON array, lines or commas; see toList). */
	list(name: string, label: string, options: ListOptions): string[] {
		return toList(this.node, this.label(label), this.get(name), this.itemIndex, options);
	}

	/** A list of variable names as used in `@{{name}}` (see list()). */
	variableNames(name: string, label: string): string[] {
		return toVariableNames(
			this.node,
			this.label(label),
			this.list(name, label, { commas: true }),
			this.itemIndex,
		);
	}

	/** A JSON object typed as text or given as an object; unset or empty text gives {}. */
	jsonObject(name: string, label: string): Record<string, unknown> {
		const value = this.get(name);
		return toJsonObject(this.node, this.label(label), isBlank(value) ? '' : value, this.itemIndex);
	}

	/** An ID for an endpoint path, checked and percent-encoded (see toPathSegment). */
	pathSegment(name: string, label: string): string {
		return toPathSegment(this.node, this.label(label), this.get(name), this.itemIndex);
	}

	option<T extends string>(
		name: string,
		label: string,
		allowed: readonly T[],
		fallback: T | typeof REQUIRED,
	): T {
		const value = this.get(name);
		if (fallback !== REQUIRED && isBlank(value)) return fallback;
		return toOption(this.node, this.label(label), value, this.itemIndex, allowed);
	}

	/** A list of dropdown values (multiOptions); each must be allowed. */
	options<T extends string>(name: string, label: string, allowed: readonly T[]): T[] {
		return this.array(name, label).map((v) =>
			toOption(this.node, this.label(label), v, this.itemIndex, allowed),
		);
	}

	object(name: string, label: string): IDataObject {
		return toObject(this.node, this.label(label), this.get(name), this.itemIndex);
	}

	/** A resource locator's value (list, ID or URL mode), as trimmed text; '' when unset. */
	locator(name: string, label: string): string {
		return toLocatorText(this.node, this.label(label), this.extracted(name), this.itemIndex);
	}

	/**
	 * The members of a collection / fixedCollection parameter, read with the same rules; their
	 * labels read "<this prefix> › <label> › <member>". A null label adds no level (a
	 * fixedCollection's single group, which the user does not see as a level of its own).
	 */
	collection(name: string, label: string | null): Fields {
		const values = this.object(name, label ?? name);
		return this.over(values, label === null ? this.prefix : this.label(label));
	}

	/**
	 * The entries of a fixedCollection with multiple values (headers, variables), each read
	 * with the same rules and labelled "<label> <n>" (from 1), as the panel numbers them.
	 */
	entries(name: string, label: string): Fields[] {
		return this.array(name, label).map((entry, n) =>
			this.over(
				toObject(this.node, this.label(`${label} ${n + 1}`), entry ?? {}, this.itemIndex),
				this.label(`${label} ${n + 1}`),
			),
		);
	}

	/** A field whose value is a list as n8n gives it (multiOptions, multiple values); [] unset. */
	private array(name: string, label: string): unknown[] {
		const value = this.get(name);
		if (isBlank(value)) return [];
		if (Array.isArray(value)) return value;
		throw fieldError(
			this.node,
			this.label(label),
			`${showValue(value)} is not a list`,
			this.itemIndex,
		);
	}

	private over(values: IDataObject, prefix: string): Fields {
		return new Fields(
			this.node,
			this.itemIndex,
			(member) =>
				Object.prototype.hasOwnProperty.call(values, member) ? values[member] : undefined,
			prefix,
		);
	}
}

/**
 * The fallback every reader passes: n8n throws for a parameter that is not set and has no
 * fallback; this marker tells "unset" (a string, because n8n hands back copies of object
 * fallbacks).
 */
export const UNSET = '\u0000voice-agent:unset';

/** The node's parameters for one item, read through the typed readers. */
export function fields(ctx: ParamSource, itemIndex: number): Fields {
	const unset = UNSET;
	const read = (name: string, options?: object) => {
		const value = ctx.getNodeParameter(name, itemIndex, unset, options);
		return value === unset ? undefined : value;
	};
	return new Fields(
		ctx.getNode(),
		itemIndex,
		(name) => read(name),
		'',
		// Only locators are read with extractValue: n8n looks the field up in the node's
		// description for it, and a field that is not shown would make it throw.
		(name) => read(name, { extractValue: true }),
	);
}

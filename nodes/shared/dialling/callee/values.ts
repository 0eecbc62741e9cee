import type { INode, INodeProperties } from 'n8n-workflow';

import { E164_RE, fieldError, LONE_SURROGATE_RE, notTextProblem } from '../../engine/validate';
import { countryCodeDigits, numberProblem, readPhone } from './phone';

/**
 * A sheet row as a callee, the same way for Call → Start and Campaign → Create: its number
 * cleaned (formatting removed, the country code completed) and checked, its variables'
 * values as the service takes them, and the prompt-variable check's field. One place, so a
 * change to these rules is one edit, and what is added to them (the callee's own hours, a
 * do-not-call list) is added for both.
 */

export const PHONE_FORMAT =
	'is not a phone number in international format with country code, e.g. +14155550100';

/** What a number in E.164 form that no country can have is, before why (numberProblem). */
export const POSSIBLE = 'is not a possible phone number';

/**
 * Why a number that reads as several is refused, and what to write instead: "is ambiguous
 * with country code +39: it can be +39390612345 or +390612345; write the number meant in full,
 * with + and its country code". At most three readings are named.
 */
export function ambiguous(readings: string[], countryCode: string): string {
	const named = readings.slice(0, 3);
	const more = readings.length - named.length;
	const list = more
		? `${named.join(', ')} or ${more} more`
		: `${named.slice(0, -1).join(', ')} or ${named[named.length - 1]}`;
	const code = `+${countryCodeDigits(countryCode) ?? ''}`;
	return `is ambiguous with country code ${code}: it can be ${list}; write the number meant in full, with + and its country code`;
}

/** A row's number: the number to call (E.164), or why it cannot be called. */
export type CalleeNumber =
	| { ok: true; number: string; typed: string }
	| { ok: false; empty: boolean; problem: string; typed: string };

/**
 * The number a row holds, cleaned and checked (a sheet's number cell may be a number). The
 * problem names the value as the row had it, not the cleaned-up form.
 */
export function calleeNumber(raw: unknown, countryCode: string): CalleeNumber {
	// A number is text or a number: true/false, a list or an object is none at all.
	if (typeof raw === 'boolean' || (raw !== null && typeof raw === 'object')) {
		return { ok: false, empty: false, problem: notTextProblem(raw), typed: '' };
	}
	const read = calleeText(raw);
	if ('problem' in read) return { ok: false, empty: false, problem: read.problem, typed: '' };
	const typed = read.text.trim();
	if (typed === '') return { ok: false, empty: true, problem: 'is empty', typed: read.text };
	const { text: number, readings } = readPhone(typed, countryCode);
	if (!E164_RE.test(number)) {
		const problem = readings ? ambiguous(readings, countryCode) : PHONE_FORMAT;
		return { ok: false, empty: false, problem: `"${typed}" ${problem}`, typed: read.text };
	}
	// E.164 in form, yet no country's numbers have that many digits (555-0102 with +1).
	const impossible = numberProblem(number);
	if (impossible) {
		return {
			ok: false,
			empty: false,
			problem: `"${typed}" ${POSSIBLE}: ${impossible}`,
			typed: read.text,
		};
	}
	return { ok: true, number, typed };
}

/** A country code as typed ("+91", "91"): "+91"; undefined for an empty field; else an error. */
export function readCountryCode(
	node: INode,
	field: string,
	text: string,
	itemIndex: number,
): string | undefined {
	const trimmed = text.trim();
	if (trimmed === '') return undefined;
	const digits = countryCodeDigits(trimmed);
	if (!digits) {
		throw fieldError(node, field, `"${trimmed}" is not a country code, e.g. +91`, itemIndex);
	}
	return `+${digits}`;
}

export const VALUE_PROBLEM = 'must be text, a number or a boolean, not an object or list';

/**
 * A variable's value as the service takes it (text): text, a finite number or true/false as
 * text, empty for none. An object, a list or a date is refused (it would arrive as
 * "[object Object]"), and so is broken text. The one rule for a row's values.
 */
export function calleeText(value: unknown): { text: string } | { problem: string } {
	if (value === undefined || value === null) return { text: '' };
	if (typeof value === 'boolean') return { text: String(value) };
	if (typeof value === 'object') return { problem: VALUE_PROBLEM };
	if (typeof value === 'string') {
		return LONE_SURROGATE_RE.test(value)
			? { problem: 'contains broken text (an unpaired surrogate character)' }
			: { text: value };
	}
	if (typeof value === 'number' && Number.isFinite(value)) return { text: String(value) };
	return { problem: notTextProblem(value) };
}

/** calleeText for one item's field: the text, or an error naming the field and the item. */
export function calleeValue(node: INode, label: string, value: unknown, itemIndex: number): string {
	const read = calleeText(value);
	if ('problem' in read) throw fieldError(node, label, read.problem, itemIndex);
	return read.text;
}

export const MISSING_MODES = ['refuse', 'warn', 'ignore'] as const;
export type MissingMode = (typeof MISSING_MODES)[number];
export const MISSING_LABEL = 'Missing Prompt Variables';

/** Missing Prompt Variables: one field for Start (a main field) and Create (an option). */
export const missingVariablesField: INodeProperties = {
	displayName: MISSING_LABEL,
	name: 'missingVariables',
	type: 'options',
	default: 'refuse',
	options: [
		{
			name: 'Refuse the Row',
			value: 'refuse',
			description: 'A row that gives no value for a variable the assistant uses is not called',
		},
		{
			name: 'Call and Warn',
			value: 'warn',
			description: 'The row is called; the output lists the missing variables in warnings',
		},
		{
			name: 'Ignore',
			value: 'ignore',
			description: 'Rows are not checked for the variables the assistant uses',
		},
	],
	description:
		"What to do with a row that gives no value for a @{{variable}} the assistant's prompt or intro uses (the callee would hear the placeholder). The callee's name fills @{{callee_name}} and the number @{{mobile_number}}.",
};

/** The country code field: Start's Default Country Code, Create's Country Code. */
export function countryCodeField(
	name: 'defaultCountryCode' | 'countryCode',
	required: boolean,
): INodeProperties {
	return {
		displayName: name === 'countryCode' ? 'Country Code' : 'Default Country Code',
		name,
		type: 'string',
		default: '',
		...(required ? { required: true } : {}),
		placeholder: 'e.g. +91',
		description:
			"Added to numbers written without one, read by that country's own national prefix (0 in most, none in Italy, 06 in Hungary, 8 in Russia); a number that reads as two numbers is refused. Spaces, dashes, dots and brackets are always removed, 00 (with +1 also 011) counts as +, and a number its country cannot have is refused.",
	};
}

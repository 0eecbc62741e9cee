import type { INode, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { UUID_RE, fieldError } from '../../../shared/validate';

/** Languages the assistant edit accepts (SPEC: Assistant › language). */
export const LANGUAGE_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Arabic (UAE)', value: 'ar-AE' },
	{ name: 'English (India)', value: 'en-IN' },
	{ name: 'English (US)', value: 'en-US' },
	{ name: 'Gujarati', value: 'gu-IN' },
	{ name: 'Hindi', value: 'hi-IN' },
	{ name: 'Kannada', value: 'kn-IN' },
	{ name: 'Marathi', value: 'mr-IN' },
	{ name: 'Tamil', value: 'ta-IN' },
	{ name: 'Telugu', value: 'te-IN' },
];

const LANGUAGES = LANGUAGE_OPTIONS.map((o) => String(o.value));

const show = (value: unknown) => (typeof value === 'string' ? `"${value}"` : JSON.stringify(value));

/** A language code from the list (an expression may yield anything). */
export function requireLanguage(node: INode, field: string, value: unknown, i: number): string {
	const text = typeof value === 'string' ? value.trim() : '';
	if (!LANGUAGES.includes(text)) {
		throw fieldError(
			node,
			field,
			`${show(value)} is not a supported language; use one of ${LANGUAGES.join(', ')}`,
			i,
		);
	}
	return text;
}

/** A number within [min, max] (either bound optional); `exclusiveMin` for "more than". */
export function requireNumber(
	node: INode,
	field: string,
	value: unknown,
	i: number,
	range: { min?: number; max?: number; exclusiveMin?: boolean } = {},
): number {
	const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
	const { min, max, exclusiveMin } = range;
	const tooLow = min !== undefined && (exclusiveMin ? n <= min : n < min);
	if (
		!Number.isFinite(n) ||
		(typeof value === 'string' && value.trim() === '') ||
		tooLow ||
		(max !== undefined && n > max)
	) {
		let rule = 'must be a number';
		if (min !== undefined && max !== undefined) rule += ` from ${min} to ${max}`;
		else if (min !== undefined)
			rule += exclusiveMin ? ` greater than ${min}` : ` of at least ${min}`;
		else if (max !== undefined) rule += ` of at most ${max}`;
		throw fieldError(node, field, `${show(value)} ${rule}`, i);
	}
	return n;
}

export function requireBoolean(node: INode, field: string, value: unknown, i: number): boolean {
	if (typeof value === 'boolean') return value;
	if (value === 'true' || value === 'false') return value === 'true';
	throw fieldError(node, field, `${show(value)} must be true or false`, i);
}

/**
 * A list typed in one field: an array (from an expression), a JSON array, or text with one
 * entry per line (and, where `commas` is set, comma-separated). Blank entries are dropped.
 * An empty text is refused because the edit would wipe the whole list; an explicit empty
 * array (`[]`) is the way to clear it on purpose.
 */
export function requireList(
	node: INode,
	field: string,
	value: unknown,
	i: number,
	options: { commas: boolean; max?: number },
): string[] {
	let entries: unknown[];
	if (Array.isArray(value)) {
		entries = value;
	} else if (typeof value === 'string' && value.trim().startsWith('[')) {
		try {
			const parsed: unknown = JSON.parse(value);
			if (!Array.isArray(parsed)) throw new Error('not an array');
			entries = parsed;
		} catch {
			throw fieldError(node, field, 'starts with "[" but is not a JSON array of text', i);
		}
	} else if (typeof value === 'string') {
		if (value.trim() === '') {
			throw fieldError(
				node,
				field,
				'is required (to clear the list on purpose, use an empty JSON array: [])',
				i,
			);
		}
		entries = value.split(options.commas ? /[\n,]/ : /\n/);
	} else {
		throw fieldError(node, field, `${show(value)} is not a list`, i);
	}
	const list: string[] = [];
	for (const entry of entries) {
		if (entry !== null && typeof entry === 'object') {
			throw fieldError(node, field, `entry ${show(entry)} is not text`, i);
		}
		const text = entry === undefined || entry === null ? '' : String(entry).trim();
		if (text !== '' && !list.includes(text)) list.push(text);
	}
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
export function requireVariableNames(node: INode, field: string, names: string[], i: number) {
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
export function requireOrigin(node: INode, field: string, value: string, i: number): string {
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

/** Workspace number picker whose value is the number's `id` (the edit takes number_id). */
export function numberIdLocator(): INodeProperties {
	return {
		displayName: 'Phone Number',
		name: 'numberId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'Workspace phone number, identified by its ID',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a workspace number...',
				typeOptions: { searchListMethod: 'searchNumberIds', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 9b2e4c1a-7d3f-4e5a-8b6c-1d2e3f4a5b6c',
				validation: [
					{
						type: 'regex',
						properties: { regex: UUID_RE.source, errorMessage: 'Not a valid number ID (UUID)' },
					},
				],
			},
		],
	};
}

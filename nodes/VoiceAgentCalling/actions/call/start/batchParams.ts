import type { IExecuteFunctions, INode, INodeExecutionData } from 'n8n-workflow';
import { deepCopy } from 'n8n-workflow';

/**
 * Reading every row of a big batch before anything is sent costs n8n's full parameter
 * resolution for every field of every row, and a deep copy of the node for every getNode().
 * A parameter that holds no expression has the same value for every item, so this view of
 * the context resolves each such parameter once (through n8n, with all its checks) and hands
 * every row a copy of that value. A parameter that is only a column of the row, as n8n's
 * drag and drop writes it (`={{ $json.phone }}`, `={{ $json['Phone Number'] }}`), is read
 * from the row itself when it holds text, a number or true/false: that is what n8n's
 * expression returns for it, and the first row read is resolved both ways to prove it in
 * this very context (any other answer, and n8n resolves that parameter for every row).
 * Every other parameter with an expression is resolved by n8n for each item. getNode()
 * returns one copy of the node for the whole view. Everything else is the context itself.
 * The view lives as long as the caller keeps it (one execute call): nothing outlives the
 * execution.
 */
export function batchParams(ctx: IExecuteFunctions): IExecuteFunctions {
	const node = ctx.getNode();
	/** Resolved values of expression-free parameters, by name and read options. */
	const resolved = new Map<string, unknown>();
	/** Per parameter: the row's column it reads, or null once n8n must resolve it each time. */
	const columns = new Map<string, { path: string[]; proven: boolean } | null>();
	let rows: INodeExecutionData[] | undefined;
	const fromRow = (name: string, stored: string, itemIndex: number): unknown => {
		let column = columns.get(name);
		if (column === undefined) {
			const path = columnPath(stored);
			column = path ? { path, proven: false } : null;
			columns.set(name, column);
		}
		if (column === null) return NOT_READ;
		rows ??= inputRows(ctx);
		const value = readColumn(rows[itemIndex]?.json, column.path);
		if (value === NOT_READ || column.proven) return value;
		// The first row read: n8n's answer decides whether this context reads rows this way.
		const resolved = ctx.getNodeParameter(name, itemIndex);
		if (resolved === value) column.proven = true;
		else columns.set(name, null);
		return resolved;
	};
	const view = Object.create(ctx) as IExecuteFunctions;
	view.getNode = () => node;
	view.getNodeParameter = ((
		name: string,
		itemIndex: number,
		fallback?: unknown,
		options?: object,
	): unknown => {
		const stored = storedValue(node, name);
		if (typeof stored === 'string' && options === undefined && hasExpression(stored)) {
			const value = fromRow(name, stored, itemIndex);
			if (value !== NOT_READ) return value;
		}
		// Not set (n8n gives the fallback, or throws) or per item: n8n resolves it each time.
		if (stored === undefined || hasExpression(stored)) {
			return ctx.getNodeParameter(name, itemIndex, fallback, options);
		}
		const key = options ? `${name}\u0000${JSON.stringify(options)}` : name;
		if (!resolved.has(key)) {
			resolved.set(key, ctx.getNodeParameter(name, itemIndex, fallback, options));
		}
		const value = resolved.get(key);
		// A copy, as n8n hands out: a reader that changes its value cannot change another row's.
		return value !== null && typeof value === 'object' ? deepCopy(value) : value;
	}) as IExecuteFunctions['getNodeParameter'];
	return view;
}

/** The parameter as stored in the workflow (a dotted name reads a member, as n8n does). */
function storedValue(node: INode, name: string): unknown {
	let value: unknown = node.parameters;
	for (const key of name.split('.')) {
		if (value === null || typeof value !== 'object') return undefined;
		value = (value as Record<string, unknown>)[key];
	}
	return value;
}

/** Whether n8n would evaluate anything in the value: a string starting with "=" anywhere. */
export function hasExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (value === null || typeof value !== 'object') return false;
	return Object.values(value).some(hasExpression);
}

/** The items the node was given; none when this context has no input to read. */
function inputRows(ctx: IExecuteFunctions): INodeExecutionData[] {
	try {
		return ctx.getInputData() ?? [];
	} catch {
		return [];
	}
}

/** A value not read from the row: n8n resolves the parameter. */
const NOT_READ = Symbol('not read from the row');

const GUARDED = new Set(['__proto__', 'prototype', 'constructor']);

/** `$json` followed by `.name` or `['any text']` / `["any text"]` steps, alone in `{{ }}`. */
const COLUMN =
	/^=\{\{\s*\$json((?:\s*\.\s*[A-Za-z_$][\w$]*|\s*\[\s*(?:'[^'\\]*'|"[^"\\]*")\s*\])+)\s*\}\}$/;
const STEP = /\.\s*([A-Za-z_$][\w$]*)|\[\s*(?:'([^'\\]*)'|"([^"\\]*)")\s*\]/g;

/** The keys of a parameter that is only a column of the row, e.g. `={{ $json.a['b c'] }}`. */
export function columnPath(stored: string): string[] | undefined {
	const match = COLUMN.exec(stored);
	if (!match) return undefined;
	return Array.from(match[1].matchAll(STEP), (step) => step[1] ?? step[2] ?? step[3]);
}

/**
 * The row's value at the path when it is text, a finite number or true/false, each key an
 * own key of a plain object on the way; NOT_READ for anything else (n8n then decides).
 */
function readColumn(json: unknown, path: string[]): unknown {
	let value = json;
	for (const key of path) {
		// Names n8n's expression sandbox guards: n8n answers for them itself.
		if (GUARDED.has(key)) return NOT_READ;
		if (value === null || typeof value !== 'object' || Array.isArray(value)) return NOT_READ;
		if (!Object.prototype.hasOwnProperty.call(value, key)) return NOT_READ;
		value = (value as Record<string, unknown>)[key];
	}
	if (typeof value === 'string' || typeof value === 'boolean') return value;
	if (typeof value === 'number' && Number.isFinite(value)) return value;
	return NOT_READ;
}

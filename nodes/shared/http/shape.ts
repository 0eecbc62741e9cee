import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

/**
 * The one check of answers' shapes. A 2xx answer that is valid JSON of the wrong shape
 * ({calls: {}}, a null row, text where an object belongs) becomes a clear API error naming
 * what was expected, instead of a TypeError deep inside an operation or n8n's engine.
 */

export function describeValue(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'a list';
	if (typeof value === 'string') return 'text';
	return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

export function shapeError(
	node: INode,
	what: string,
	problem: string,
	itemIndex?: number,
): NodeApiError {
	const message = `Unexpected answer from the service: ${what} ${problem}`;
	const description =
		'The answer does not have the shape the API documents. Check that the Base URL of the credential points at the voice agent API; if it does, the service may have changed.';
	const response: JsonObject = { message, description };
	return new NodeApiError(node, response, { message, description, itemIndex });
}

export function isPlainObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value` must be an object; `what` names it for the error ("the answer", "data"). */
export function expectObject(
	node: INode,
	value: unknown,
	what: string,
	itemIndex?: number,
): IDataObject {
	if (isPlainObject(value)) return value;
	throw shapeError(node, what, `should be an object but is ${describeValue(value)}`, itemIndex);
}

/** Like expectObject, but a missing (undefined or null) value reads as an empty object. */
export function expectOptionalObject(
	node: INode,
	value: unknown,
	what: string,
	itemIndex?: number,
): IDataObject {
	if (value === undefined || value === null) return {};
	return expectObject(node, value, what, itemIndex);
}

/**
 * A list of objects (history rows, numbers, users, campaigns). A missing list reads as empty;
 * anything else that is not a list of objects is refused, naming the first bad entry.
 */
export function expectRows(
	node: INode,
	value: unknown,
	what: string,
	itemIndex?: number,
): IDataObject[] {
	if (value === undefined || value === null) return [];
	if (!Array.isArray(value)) {
		throw shapeError(node, what, `should be a list but is ${describeValue(value)}`, itemIndex);
	}
	const bad = value.findIndex((row) => !isPlainObject(row));
	if (bad >= 0) {
		throw shapeError(
			node,
			`${what}[${bad}]`,
			`should be an object but is ${describeValue(value[bad])}`,
			itemIndex,
		);
	}
	return value as IDataObject[];
}

/** A list of text values (IDs); refuses anything else. */
export function expectStrings(
	node: INode,
	value: unknown,
	what: string,
	itemIndex?: number,
): string[] {
	if (value === undefined || value === null) return [];
	if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[];
	throw shapeError(
		node,
		what,
		`should be a list of text but is ${describeValue(value)}`,
		itemIndex,
	);
}

/**
 * An n8n item and the data it carries. A field that takes rows (Call Back's Variables From Rows,
 * the Do Not Call list) is usually given `{{ $('Contacts').all() }}`: items, not rows, as
 * `{json: {...}, pairedItem}`, with `binary` when the node read a file, and with
 * `metadata: {subExecution}` after an Execute Workflow node. An item stands for its json.
 *
 * The rule, n8n's own item shape (INodeExecutionData, n8n-workflow 1.x and 2.x): an object is an
 * item when its `json` is an object (not a list, not null) and every other key of it is one n8n
 * gives items (ITEM_KEYS). Anything else is data, itself, even with a `json` key: a row with a
 * column named json (`{json: "x", phone}`), or a json object beside a column of its own
 * (`{json: {...}, phone}`), which no node outputs as an item. Pure.
 */

/** The keys of an n8n item: n8n-workflow's INodeExecutionData. */
export const ITEM_KEYS: ReadonlySet<string> = new Set([
	'json',
	'binary',
	'pairedItem',
	'metadata',
	'error',
	'index',
	'evaluationData',
	'redaction',
	'sendMessage',
]);

const isObject = (v: unknown): v is Record<string, unknown> =>
	v !== null && typeof v === 'object' && !Array.isArray(v);

/** The json of an n8n item; any other object is returned as it is. */
export function unwrapItem(value: Record<string, unknown>): Record<string, unknown> {
	const json = value.json;
	return Object.prototype.hasOwnProperty.call(value, 'json') &&
		isObject(json) &&
		Object.keys(value).every((k) => ITEM_KEYS.has(k))
		? json
		: value;
}

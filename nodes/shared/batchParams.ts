import type { IExecuteFunctions, INode } from 'n8n-workflow';
import { deepCopy } from 'n8n-workflow';

/**
 * Reading every row of a big batch before anything is sent costs n8n's full parameter
 * resolution for every field of every row, and a deep copy of the node for every getNode().
 * A parameter that holds no expression has the same value for every item, so this view of
 * the context resolves each such parameter once (through n8n, with all its checks) and hands
 * every row a copy of that value; parameters with an expression anywhere inside are still
 * resolved by n8n for each item. getNode() returns one copy of the node for the whole view.
 * Everything else is the context itself. The view lives as long as the caller keeps it (one
 * execute call): nothing outlives the execution.
 */
export function batchParams(ctx: IExecuteFunctions): IExecuteFunctions {
	const node = ctx.getNode();
	/** Resolved values of expression-free parameters, by name and read options. */
	const resolved = new Map<string, unknown>();
	const view = Object.create(ctx) as IExecuteFunctions;
	view.getNode = () => node;
	view.getNodeParameter = ((
		name: string,
		itemIndex: number,
		fallback?: unknown,
		options?: object,
	): unknown => {
		const stored = storedValue(node, name);
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

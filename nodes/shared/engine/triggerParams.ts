import { NodeOperationError, type INode } from 'n8n-workflow';

import { fields, type Fields } from './params';

/** A trigger's context: it reads its parameters without an item index (it has no items). */
export interface ItemlessParamSource {
	getNode(): INode;
	getNodeParameter(name: string, fallback?: unknown, options?: object): unknown;
}

/** A trigger's parameters, read through the same readers as item 0. */
export function triggerFields(ctx: ItemlessParamSource): Fields {
	return fields(
		{
			getNode: () => ctx.getNode(),
			getNodeParameter: (name, _itemIndex, fallback, options) =>
				ctx.getNodeParameter(name, fallback, options),
		},
		0,
	);
}

/**
 * Reads a trigger's parameters. The shared readers speak of input items; a trigger has none,
 * so their errors are given again naming only the field.
 */
export function readTrigger<T>(ctx: ItemlessParamSource, read: (params: Fields) => T): T {
	try {
		return read(triggerFields(ctx));
	} catch (error) {
		// Every reader throws a NodeOperationError naming the field.
		const e =
			error instanceof NodeOperationError
				? error
				: new NodeOperationError(ctx.getNode(), error as Error);
		throw new NodeOperationError(ctx.getNode(), e.message.replace(/ \[item 0\]$/, ''), {
			description: e.description?.startsWith('Fix "')
				? 'Fix this field of the trigger; no request was sent.'
				: (e.description ?? undefined),
		});
	}
}

import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import {
	BinaryOutput,
	type BatchOptions,
	type ItemResult,
	type NodeOperation,
	type OperationOutput,
	type Resource,
	type SortedOutput,
} from './operation';
import { agentRefusal, agentSwitch } from './tool';
import { fields } from './params';

export {
	BinaryOutput,
	type BatchOptions,
	type ItemResult,
	type NodeOperation,
	type OperationOutput,
	type SortedOutput,
};

/**
 * A node's properties from its resources: the Resource dropdown, each resource's fields, and
 * in tool mode the consent switch of the operations that need it.
 */
export function nodeProperties<R extends Resource>(
	resources: R[],
	defaultResource: NoInfer<R['value']>,
): INodeProperties[] {
	return [
		{
			displayName: 'Resource',
			name: 'resource',
			type: 'options',
			noDataExpression: true,
			options: resources.map((resource) => ({ name: resource.name, value: resource.value })),
			default: defaultResource,
		},
		...resources.flatMap((resource) => resource.properties),
		...agentSwitch(resources),
	];
}

/**
 * A node's outputs: one, or an n8n expression giving the outputs of the operation picked when
 * one of its operations has several (n8n evaluates it in the editor and when it runs). A
 * resource left at its default may be missing from the stored parameters.
 */
export function nodeOutputs<R extends Resource>(
	resources: R[],
	defaultResource: NoInfer<R['value']>,
): INodeTypeDescription['outputs'] {
	const cases = resources.flatMap((resource) =>
		Object.entries<NodeOperation>(resource.operations)
			.filter(([, operation]) => operation.outputNames)
			.map(([name, operation]) => {
				const outputs = operation.outputNames!.map((displayName) => ({
					type: NodeConnectionTypes.Main,
					displayName,
				}));
				const test = `($parameter.resource || ${JSON.stringify(defaultResource)}) === ${JSON.stringify(resource.value)} && $parameter.operation === ${JSON.stringify(name)}`;
				return `${test} ? ${JSON.stringify(outputs)} : `;
			}),
	);
	if (cases.length === 0) return [NodeConnectionTypes.Main];
	return `={{ ${cases.join('')}${JSON.stringify([NodeConnectionTypes.Main])} }}`;
}

function toItems(output: OperationOutput, itemIndex: number | number[]): INodeExecutionData[] {
	const pairedItem = Array.isArray(itemIndex)
		? itemIndex.map((item) => ({ item }))
		: { item: itemIndex };
	if (output instanceof BinaryOutput) return output.items.map((item) => ({ ...item, pairedItem }));
	const rows = Array.isArray(output) ? output : [output];
	return rows.map((json) => ({ json, pairedItem }));
}

/** Gives a thrown value the item it belongs to, as an n8n error. */
export function asItemError(ctx: IExecuteFunctions, error: unknown, itemIndex: number): Error {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}

/**
 * An item's error under Continue On Fail. With "continue (using error output)" it is the bare
 * error: n8n moves an item to the error output only when its json is nothing else (1.x), and
 * adds the row's fields there; an item carrying the error itself would lose them.
 */
function errorItem(
	ctx: IExecuteFunctions,
	error: Error,
	itemIndex: number | number[],
): INodeExecutionData {
	const json: IDataObject = { error: error.message };
	const e = error as NodeApiError;
	if (ctx.getNode().onError !== 'continueErrorOutput') {
		if (e.description) json.description = e.description;
		if (e.httpCode) json.httpCode = e.httpCode;
	}
	return {
		json,
		pairedItem: Array.isArray(itemIndex)
			? itemIndex.map((item) => ({ item }))
			: { item: itemIndex },
	};
}

/** An operation that makes one result of all its input items (executeAll). */
async function routeAll(
	ctx: IExecuteFunctions,
	operation: NodeOperation,
	itemCount: number,
	continueOnFail: boolean,
): Promise<INodeExecutionData[][]> {
	const every = Array.from({ length: itemCount }, (_, i) => i);
	const refusal = agentRefusal(ctx, operation, 0);
	try {
		if (refusal) throw refusal;
		const output = await operation.executeAll!.call(ctx, itemCount, {
			stopOnError: !continueOnFail,
		});
		return [toItems(output, every)];
	} catch (error) {
		// An error that names its row keeps it; any other is the first item's.
		const e = asItemError(ctx, error, 0);
		if (!continueOnFail) throw e;
		return [[errorItem(ctx, e, every)]];
	}
}

/**
 * An operation with several outputs (executeSorted): its items paired with the input items
 * they came from; a refused item fails the node, or with Continue On Fail is an error item on
 * the first output.
 */
async function routeSorted(
	ctx: IExecuteFunctions,
	operation: NodeOperation,
	itemCount: number,
	continueOnFail: boolean,
): Promise<INodeExecutionData[][]> {
	let sorted: SortedOutput;
	try {
		const refusal = agentRefusal(ctx, operation, 0);
		if (refusal) throw refusal;
		sorted = await operation.executeSorted!.call(ctx, itemCount, {
			stopOnError: !continueOnFail,
		});
	} catch (error) {
		// Nothing was made: every item fails alike, one error item each.
		const e = asItemError(ctx, error, 0);
		if (!continueOnFail) throw e;
		const failed = Array.from({ length: itemCount }, (_, i) => errorItem(ctx, e, i));
		return [failed, ...operation.outputNames!.slice(1).map(() => [])];
	}
	const [first] = sorted.failed;
	if (first && !continueOnFail) throw asItemError(ctx, first.error, first.itemIndex);
	const outputs = sorted.outputs.map((items) =>
		items.map(
			({ json, from }): INodeExecutionData => ({
				json,
				pairedItem: from.length === 1 ? { item: from[0] } : from.map((item) => ({ item })),
			}),
		),
	);
	for (const { itemIndex, error } of sorted.failed)
		outputs[0].push(errorItem(ctx, asItemError(ctx, error, itemIndex), itemIndex));
	return outputs;
}

/**
 * The one item loop of every node: picks the operation, runs it per input item in input
 * order, pairs every output with its item and applies Continue On Fail in one place.
 */
export async function route(
	this: IExecuteFunctions,
	resources: Resource[],
): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const f = fields(this, 0);
	const resource = f.text('resource', 'Resource');
	const operationName = f.text('operation', 'Operation');
	const operations: Record<string, NodeOperation> =
		resources.find((r) => r.value === resource)?.operations ?? {};
	// Own keys only: "constructor" must not find Object's.
	const operation = Object.prototype.hasOwnProperty.call(operations, operationName)
		? operations[operationName]
		: undefined;
	if (!operation) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operationName}" of "${resource}" is not supported`,
		);
	}
	const continueOnFail = this.continueOnFail();
	if (operation.executeAll) return await routeAll(this, operation, items.length, continueOnFail);
	if (operation.executeSorted)
		return await routeSorted(this, operation, items.length, continueOnFail);

	let results: Array<ItemResult | undefined> = [];
	if (agentRefusal(this, operation, 0)) {
		// Refused before any request, for every item alike.
		results = items.map((_, i) => ({ ok: false, error: agentRefusal(this, operation, i)! }));
	} else if (operation.executeBatch) {
		results = await operation.executeBatch.call(this, items.length, {
			stopOnError: !continueOnFail,
		});
	} else if (operation.execute) {
		for (let i = 0; i < items.length; i++) {
			try {
				results.push({ ok: true, output: await operation.execute.call(this, i) });
			} catch (error) {
				results.push({ ok: false, error: error as Error });
				if (!continueOnFail) break;
			}
		}
	}

	if (!continueOnFail) {
		const failed = results.findIndex((result) => result && !result.ok);
		if (failed >= 0) {
			const error = asItemError(this, (results[failed] as { error: Error }).error, failed);
			const done = results.filter((result) => result?.ok).length;
			if (operation.executeBatch && done > 0) {
				const e = error as NodeApiError;
				e.description =
					`${e.description ?? ''} ${done} other item(s) had already been carried out (for example, calls started) when this failed; they are not in the output, so check before running again. Turn on Continue On Fail to get one output per item.`.trim();
			}
			throw error;
		}
	}

	const output: INodeExecutionData[] = [];
	for (let i = 0; i < items.length; i++) {
		const result = results[i];
		if (result?.ok) output.push(...toItems(result.output, i));
		else if (result) output.push(errorItem(this, asItemError(this, result.error, i), i));
		else
			output.push(
				errorItem(
					this,
					new NodeOperationError(this.getNode(), 'Not run: the batch stopped before this item', {
						itemIndex: i,
					}),
					i,
				),
			);
	}
	return [output];
}

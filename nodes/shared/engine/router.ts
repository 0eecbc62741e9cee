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
	type AllOperation,
	type BatchOperation,
	type BatchOptions,
	type ItemOperation,
	type ItemResult,
	type NodeOperation,
	type OperationOutput,
	type Resource,
	type SortedOperation,
	type SortedOutput,
} from './operation';
import { agentRefusal, agentSwitch } from './tool';
import { fields } from './params';
import { Run } from './run';

export {
	BinaryOutput,
	type BatchOptions,
	type ItemResult,
	type NodeOperation,
	type OperationOutput,
	type SortedOutput,
};
export type { Run };

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
		Object.entries<NodeOperation>(resource.operations).flatMap(([name, operation]) => {
			if (operation.kind !== 'sorted') return [];
			const outputs = operation.outputNames.map((displayName) => ({
				type: NodeConnectionTypes.Main,
				displayName,
			}));
			const test = `($parameter.resource || ${JSON.stringify(defaultResource)}) === ${JSON.stringify(resource.value)} && $parameter.operation === ${JSON.stringify(name)}`;
			return [`${test} ? ${JSON.stringify(outputs)} : `];
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

/** An operation that makes one result of all its input items (kind 'all'). */
async function routeAll(
	ctx: IExecuteFunctions,
	operation: AllOperation,
	itemCount: number,
	continueOnFail: boolean,
	run: Run,
): Promise<INodeExecutionData[][]> {
	const every = Array.from({ length: itemCount }, (_, i) => i);
	const refusal = agentRefusal(ctx, operation, 0);
	try {
		if (refusal) throw refusal;
		const output = await operation.execute.call(
			ctx,
			itemCount,
			{ stopOnError: !continueOnFail },
			run,
		);
		return [toItems(output, every)];
	} catch (error) {
		// An error that names its row keeps it; any other is the first item's.
		const e = asItemError(ctx, error, 0);
		if (!continueOnFail) throw e;
		return [[errorItem(ctx, e, every)]];
	}
}

/**
 * An operation with several outputs (kind 'sorted'): its items paired with the input items
 * they came from; a refused item fails the node, or with Continue On Fail is an error item on
 * the first output.
 */
async function routeSorted(
	ctx: IExecuteFunctions,
	operation: SortedOperation,
	itemCount: number,
	continueOnFail: boolean,
	run: Run,
): Promise<INodeExecutionData[][]> {
	let sorted: SortedOutput;
	try {
		const refusal = agentRefusal(ctx, operation, 0);
		if (refusal) throw refusal;
		sorted = await operation.execute.call(ctx, itemCount, { stopOnError: !continueOnFail }, run);
	} catch (error) {
		// Nothing was made: every item fails alike, one error item each.
		const e = asItemError(ctx, error, 0);
		if (!continueOnFail) throw e;
		const failed = Array.from({ length: itemCount }, (_, i) => errorItem(ctx, e, i));
		return [failed, ...operation.outputNames.slice(1).map(() => [])];
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
 * Every item's result from an operation of kind 'item' (one at a time, in input order; the
 * first failure ends the loop without Continue On Fail) or 'batch' (all at once).
 */
async function itemResults(
	ctx: IExecuteFunctions,
	operation: ItemOperation | BatchOperation,
	itemCount: number,
	continueOnFail: boolean,
	run: Run,
): Promise<Array<ItemResult | undefined>> {
	const refusal = agentRefusal(ctx, operation, 0);
	if (refusal) {
		// Refused before any request, for every item alike, each naming its item.
		return Array.from({ length: itemCount }, (_, i) => ({
			ok: false as const,
			error: agentRefusal(ctx, operation, i) ?? refusal,
		}));
	}
	if (operation.kind === 'batch')
		return await operation.execute.call(ctx, itemCount, { stopOnError: !continueOnFail }, run);
	const results: ItemResult[] = [];
	for (let i = 0; i < itemCount; i++) {
		try {
			results.push({ ok: true, output: await operation.execute.call(ctx, i, run) });
		} catch (error) {
			results.push({ ok: false, error: error as Error });
			if (!continueOnFail) break;
		}
	}
	return results;
}

/** Outputs of an operation of kind 'item' or 'batch': one per input item, paired with it. */
async function routeItems(
	ctx: IExecuteFunctions,
	operation: ItemOperation | BatchOperation,
	itemCount: number,
	continueOnFail: boolean,
	run: Run,
): Promise<INodeExecutionData[][]> {
	const results = await itemResults(ctx, operation, itemCount, continueOnFail, run);
	if (!continueOnFail) {
		const failed = results.findIndex((result) => result && !result.ok);
		if (failed >= 0) {
			const error = asItemError(ctx, (results[failed] as { error: Error }).error, failed);
			const done = results.filter((result) => result?.ok).length;
			if (operation.kind === 'batch' && done > 0) {
				const e = error as NodeApiError;
				e.description =
					`${e.description ?? ''} ${done} other item(s) had already been carried out (for example, calls started) when this failed; they are not in the output, so check before running again. Turn on Continue On Fail to get one output per item.`.trim();
			}
			throw error;
		}
	}

	const output: INodeExecutionData[] = [];
	for (let i = 0; i < itemCount; i++) {
		const result = results[i];
		if (result?.ok) output.push(...toItems(result.output, i));
		else if (result) output.push(errorItem(ctx, asItemError(ctx, result.error, i), i));
		else
			output.push(
				errorItem(
					ctx,
					new NodeOperationError(ctx.getNode(), 'Not run: the batch stopped before this item', {
						itemIndex: i,
					}),
					i,
				),
			);
	}
	return [output];
}

/**
 * The one item loop of every node: picks the operation and runs it by its kind, with one run
 * value (run.ts) for this execution; pairs every output with its item and applies Continue On
 * Fail in one place.
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
	// Made here, once per execution of the node: a Retry On Fail try is a new execution of it.
	const run = new Run(this);
	switch (operation.kind) {
		case 'all':
			return await routeAll(this, operation, items.length, continueOnFail, run);
		case 'sorted':
			return await routeSorted(this, operation, items.length, continueOnFail, run);
		case 'item':
		case 'batch':
			return await routeItems(this, operation, items.length, continueOnFail, run);
	}
}

import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/** Output of an operation for one input item. */
export type OperationOutput = IDataObject | IDataObject[] | BinaryOutput;

/** Items that carry binary data (exports); plain JSON results do not need this. */
export class BinaryOutput {
	constructor(readonly items: INodeExecutionData[]) {}
}

export interface NodeOperation {
	/** The operation's fields, each with its displayOptions. */
	description: INodeProperties[];
	/** Handles one input item; throws to fail it. (Either this or executeBatch.) */
	execute?(this: IExecuteFunctions, itemIndex: number): Promise<OperationOutput>;
	/**
	 * Optional whole-batch runner for operations that schedule items themselves (bulk dialling).
	 * It must return one settled result per input item, in input order.
	 */
	executeBatch?(this: IExecuteFunctions, itemCount: number): Promise<Array<ItemResult>>;
}

export type ItemResult = { ok: true; output: OperationOutput } | { ok: false; error: Error };

export type ResourceMap = Record<string, Record<string, NodeOperation>>;

function toItems(output: OperationOutput, itemIndex: number): INodeExecutionData[] {
	const pairedItem = { item: itemIndex };
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

function errorItem(error: Error, itemIndex: number): INodeExecutionData {
	const json: IDataObject = { error: error.message };
	const e = error as NodeApiError;
	if (e.description) json.description = e.description;
	if (e.httpCode) json.httpCode = e.httpCode;
	return { json, pairedItem: { item: itemIndex } };
}

/**
 * The one item loop of every node: picks the operation, runs it per input item in input
 * order, pairs every output with its item and applies Continue On Fail in one place.
 */
export async function route(
	this: IExecuteFunctions,
	resources: ResourceMap,
): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation = resources[resource]?.[operationName];
	if (!operation) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operationName}" of "${resource}" is not supported`,
		);
	}
	const continueOnFail = this.continueOnFail();

	let results: ItemResult[] = [];
	if (operation.executeBatch) {
		results = await operation.executeBatch.call(this, items.length);
	} else if (operation.execute) {
		for (let i = 0; i < items.length; i++) {
			try {
				results.push({ ok: true, output: await operation.execute.call(this, i) });
			} catch (error) {
				const itemError = asItemError(this, error, i);
				if (!continueOnFail) throw itemError;
				results.push({ ok: false, error: itemError });
			}
		}
	}

	const output: INodeExecutionData[] = [];
	results.forEach((result, i) => {
		if (result.ok) output.push(...toItems(result.output, i));
		else if (continueOnFail) output.push(errorItem(result.error, i));
		else throw asItemError(this, result.error, i);
	});
	return [output];
}

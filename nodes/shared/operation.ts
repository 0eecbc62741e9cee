/**
 * The operation contract every node's router runs, on its own so that the router and the
 * AI-tool rules (tool.ts), which both need it, do not import each other.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

/** Output of an operation for one input item. */
export type OperationOutput = IDataObject | IDataObject[] | BinaryOutput;

/** Items that carry binary data (exports); plain JSON results do not need this. */
export class BinaryOutput {
	constructor(readonly items: INodeExecutionData[]) {}
}

/**
 * The one operation contract. An operation is its fields plus either `execute` (one item at a
 * time, in input order) or `executeBatch` (the whole batch, for operations that schedule items
 * themselves, like bulk dialling). Either way the router alone pairs outputs with their items
 * and applies Continue On Fail.
 */
export interface NodeOperation {
	/** The operation's fields, each with its displayOptions. */
	description: INodeProperties[];
	/**
	 * Set on operations that delete or rewrite data, saying what they do ("deletes a contact
	 * list"): as an AI agent's tool they run only when the user allows it (see tool.ts).
	 */
	agentNeedsConsent?: string;
	/** Handles one input item; throws to fail it. */
	execute?(this: IExecuteFunctions, itemIndex: number): Promise<OperationOutput>;
	/**
	 * Handles every input item at once and returns one entry per item, in input order: its
	 * result, or undefined for an item it did not run because `stopOnError` is set and another
	 * item failed. Item failures are returned, never thrown.
	 */
	executeBatch?(
		this: IExecuteFunctions,
		itemCount: number,
		options: BatchOptions,
	): Promise<Array<ItemResult | undefined>>;
}

export interface BatchOptions {
	/** Without Continue On Fail the first failure ends the node: start nothing new after it. */
	stopOnError: boolean;
}

export type ItemResult = { ok: true; output: OperationOutput } | { ok: false; error: Error };

export type ResourceMap = Record<string, Record<string, NodeOperation>>;

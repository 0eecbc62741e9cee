/**
 * How every node declares its operations, on its own so that the router and the AI-tool rules
 * (tool.ts), which both need it, do not import each other.
 *
 * An operation module (`<op>.operation.ts`) exports its dropdown entry (`option`), its
 * `properties`, its `kind` with that kind's `execute` and, where it deletes or rewrites data,
 * `agentNeedsConsent`. A resource (`actions/<resource>/index.ts`) only lists its modules with
 * `defineResource`; the node lists its resources with `nodeProperties` and runs them with the
 * router. Operation names are types: a module whose `option.value` is not the key it is
 * listed under, or a misspelt name in `default` or in `only`/`except`, fails to compile.
 */
import type {
	IDataObject,
	IDisplayOptions,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Run } from './run';

/** Output of an operation for one input item. */
export type OperationOutput = IDataObject | IDataObject[] | BinaryOutput;

/** Items that carry binary data (exports); plain JSON results do not need this. */
export class BinaryOutput {
	constructor(readonly items: INodeExecutionData[]) {}
}

/** An operation's entry in the Operation dropdown; `value` is its typed name. */
export interface OperationOption<O extends string = string> extends INodePropertyOptions {
	name: string;
	value: O;
	description: string;
	action: string;
}

/** Declares an option with its value as a literal type (`value: 'get'`, not `string`). */
export function operationOption<const O extends string>(
	option: OperationOption<O>,
): OperationOption<O> {
	return option;
}

/** What every operation is, whatever its kind: its option, its fields, its need for consent. */
interface OperationBase<O extends string> {
	option: OperationOption<O>;
	/** The operation's own fields; its resource shows them for this operation only. */
	properties: INodeProperties[];
	/**
	 * Set on operations that delete or rewrite data, saying what they do ("deletes a contact
	 * list"): as an AI agent's tool they run only when the user allows it (see tool.ts).
	 */
	agentNeedsConsent?: string;
}

/** `kind: 'item'`: handles one input item, in input order; throws to fail it. */
export interface ItemOperation<O extends string = string> extends OperationBase<O> {
	kind: 'item';
	execute: (this: IExecuteFunctions, itemIndex: number, run: Run) => Promise<OperationOutput>;
}

/** An item operation's execute, for a module that declares it typed by the contract. */
export type ItemExecute = ItemOperation['execute'];

/**
 * `kind: 'batch'`: handles every input item at once (operations that schedule items
 * themselves, like bulk dialling) and returns one entry per item, in input order: its result,
 * or undefined for an item it did not run because `stopOnError` is set and another item
 * failed. Item failures are returned, never thrown.
 */
export interface BatchOperation<O extends string = string> extends OperationBase<O> {
	kind: 'batch';
	execute: (
		this: IExecuteFunctions,
		itemCount: number,
		options: BatchOptions,
		run: Run,
	) => Promise<Array<ItemResult | undefined>>;
}

/**
 * `kind: 'all'`: handles every input item together and returns ONE result for all of them (a
 * campaign made of a sheet's rows): its output items are paired with every input item. A
 * failure fails the node, or with Continue On Fail becomes one error item.
 */
export interface AllOperation<O extends string = string> extends OperationBase<O> {
	kind: 'all';
	execute: (
		this: IExecuteFunctions,
		itemCount: number,
		options: BatchOptions,
		run: Run,
	) => Promise<OperationOutput>;
}

/**
 * `kind: 'sorted'`: an operation with several outputs (Check Calls: Ended, Pending), named in
 * `outputNames` (the node shows them while it is picked). Handles every input item together
 * and sorts what it makes into its outputs, each item naming the input items it came from.
 * Items it could not take are returned with their error, never thrown; with `stopOnError` it
 * reads nothing once one is bad.
 */
export interface SortedOperation<O extends string = string> extends OperationBase<O> {
	kind: 'sorted';
	outputNames: string[];
	execute: (
		this: IExecuteFunctions,
		itemCount: number,
		options: BatchOptions,
		run: Run,
	) => Promise<SortedOutput>;
}

/**
 * The operation contract: an operation module (`<op>.operation.ts`) exports its `kind` and the
 * `execute` of that kind, and the router (router.ts) runs it by its kind. Whatever the kind, the
 * router alone pairs outputs with their items and applies Continue On Fail, and hands
 * `execute` the run (run.ts): what one execution of the node reads once for all its items. A
 * module without a kind, or whose `execute` is not its kind's, fails to compile.
 */
export type NodeOperation<O extends string = string> =
	| ItemOperation<O>
	| BatchOperation<O>
	| AllOperation<O>
	| SortedOperation<O>;

export type OperationKind = NodeOperation['kind'];

/** What an operation with several outputs made: per output its items, and the refused items. */
export interface SortedOutput {
	outputs: Array<Array<{ json: IDataObject; from: number[] }>>;
	failed: Array<{ itemIndex: number; error: Error }>;
}

export interface BatchOptions {
	/** Without Continue On Fail the first failure ends the node: start nothing new after it. */
	stopOnError: boolean;
}

/**
 * One item's result from an operation of kind 'batch'. Interfaces, not type literals: a list of
 * them is then no IDataObject[], so a batch's execute does not pass for an 'all' one.
 */
export type ItemResult = ItemDone | ItemFailed;

export interface ItemDone {
	ok: true;
	output: OperationOutput;
}

export interface ItemFailed {
	ok: false;
	error: Error;
}

/** A resource's operations keyed by their names; each module's option value is its key. */
export type OperationModules<O extends string> = { [K in O]: NodeOperation<K> };

/** displayOptions for fields a resource shares between some of its operations. */
export interface ResourceShow<O extends string> {
	/** Shown for these operations of the resource. */
	only(operations: O[]): IDisplayOptions;
	/** Shown for every operation of the resource but these. */
	except(operations: O[]): IDisplayOptions;
}

export interface Resource<R extends string = string, O extends string = string> {
	value: R;
	/** Shown in the Resource dropdown. */
	name: string;
	operations: OperationModules<O>;
	/** The Operation dropdown, the shared fields, then each operation's fields shown for it. */
	properties: INodeProperties[];
}

/** A resource's operation names, e.g. `OperationName<typeof call>` is 'start' | 'get' | … */
export type OperationName<T> = T extends Resource<string, infer O> ? O : never;

export function defineResource<const R extends string, O extends string>(spec: {
	value: R;
	name: string;
	/** In the order their fields appear in the panel; the dropdown sorts them by name. */
	operations: OperationModules<O>;
	default: NoInfer<O>;
	/** Extra conditions of the Operation dropdown (e.g. hidden in tool mode). */
	operationShow?: IDisplayOptions['show'];
	/** Fields several operations share, placed before the operations' own. */
	shared?: (show: ResourceShow<NoInfer<O>>) => INodeProperties[];
}): Resource<R, O> {
	const modules = Object.entries(spec.operations) as Array<[O, NodeOperation]>;
	for (const [key, module] of modules) {
		// The types say so already; this catches a module cast past them.
		if (module.option.value !== key) {
			throw new Error(`Operation "${key}" of "${spec.value}" declares "${module.option.value}"`);
		}
	}
	const show: ResourceShow<O> = {
		only: (operations) => ({ show: { resource: [spec.value], operation: operations } }),
		except: (operations) => ({ show: { resource: [spec.value] }, hide: { operation: operations } }),
	};
	// A plain name: n8n's node lint (which its package scanner runs with disable comments
	// ignored) cannot read a default computed here, and accepts one only as a name.
	const defaultOperation = spec.default;
	const dropdown: INodeProperties = {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [spec.value], ...spec.operationShow } },
		options: modules
			.map(([, module]) => module.option as INodePropertyOptions)
			.sort((a, b) => a.name.localeCompare(b.name)),
		default: defaultOperation,
	};
	return {
		value: spec.value,
		name: spec.name,
		operations: spec.operations,
		properties: [
			dropdown,
			...(spec.shared?.(show) ?? []),
			...modules.flatMap(([key, module]) =>
				updateDisplayOptions(show.only([key]), module.properties),
			),
		],
	};
}

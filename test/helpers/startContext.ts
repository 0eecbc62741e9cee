/**
 * A stand-in for n8n's execute context as Start's readers use it, for the unit tests of
 * start/'s modules: parameters by name (a function of the item for a per-row field, one that
 * throws for a broken expression), the input rows, the node, the workflow's zone; and how
 * often each parameter was asked for, per item.
 */
import type { IDataObject, IExecuteFunctions, INode, INodeExecutionData } from 'n8n-workflow';

import { AGENT } from './fixtures';

export type StartParam = unknown | ((item: number) => unknown);

export const START_NODE: INode = {
	id: 'node-1',
	name: 'Voice Agent',
	type: 'n8n-nodes-voice-agent.voiceAgentCalling',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** A field whose expression fails, as n8n throws it. */
export const broken = (name: string) => () => {
	throw new Error(`broken ${name}`);
};

export interface StartContext {
	ctx: IExecuteFunctions;
	/** Reads of `name` (with ` extract` when a locator's value was extracted) at `item`. */
	reads: Map<string, number>;
}

/** Start's fields for a row `{ name, phone }` calling from a fixed number, then `params`. */
export function startContext(
	params: Record<string, StartParam> = {},
	items: INodeExecutionData[] = [{ json: {} }],
): StartContext {
	const all: Record<string, StartParam> = {
		name: 'Ann',
		mobileNumber: '+14155550101',
		assistant: { __rl: true, mode: 'id', value: AGENT },
		fromNumber: { __rl: true, mode: 'number', value: '+14155550000' },
		variablesMode: 'none',
		...params,
	};
	const reads = new Map<string, number>();
	const ctx = {
		getNode: () => START_NODE,
		getInputData: () => items,
		getTimezone: () => 'UTC',
		getNodeParameter(name: string, item: number, fallback?: unknown, options?: IDataObject) {
			const key = `${name}${options?.extractValue ? ' extract' : ''} @${item}`;
			reads.set(key, (reads.get(key) ?? 0) + 1);
			if (!(name in all)) return fallback;
			const given = all[name];
			const value = typeof given === 'function' ? (given as (i: number) => unknown)(item) : given;
			const locator = value as IDataObject | undefined;
			return options?.extractValue && locator?.__rl ? locator.value : value;
		},
	} as unknown as IExecuteFunctions;
	return { ctx, reads };
}

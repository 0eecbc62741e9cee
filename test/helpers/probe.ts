/**
 * A module's function run in a real n8n execute context: a node type of the test's own whose
 * execute() calls it once per input item and outputs what it returned. Requests go through
 * the package's transport with the test credential, so nock answers them as for a node; a
 * thrown error ends the run as a node's would. For modules whose functions take an
 * IExecuteFunctions and are not a node's operation themselves.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodeType,
} from 'n8n-workflow';

import { runNode } from './harness';

export interface ProbeOptions {
	/** The fields the function reads; n8n keeps only parameters a property declares. */
	properties?: INodeProperties[];
	parameters?: IDataObject;
	/** Input items' json; one empty item when omitted. */
	items?: IDataObject[];
	/** Whole input items (with binary data), instead of `items`. */
	inputItems?: INodeExecutionData[];
	timezone?: string;
}

export interface ProbeResult {
	/** What the function returned, one entry per item. */
	values: unknown[];
	/** The error the run ended with, as the user sees it. */
	error?: Error & IDataObject;
}

export async function probe(
	run: (ctx: IExecuteFunctions, i: number) => unknown,
	options: ProbeOptions = {},
): Promise<ProbeResult> {
	const nodeType: INodeType = {
		description: {
			displayName: 'Probe',
			name: 'probe',
			group: ['transform'],
			version: 1,
			description: 'Runs one function of a module per item',
			defaults: { name: 'Probe' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: 'voiceAgentApi', required: true }],
			properties: options.properties ?? [],
		},
		async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			const out: INodeExecutionData[] = [];
			for (let i = 0; i < this.getInputData().length; i++) {
				out.push({ json: { value: (await run(this, i)) as IDataObject }, pairedItem: { item: i } });
			}
			return [out];
		},
	};
	const { output, error } = await runNode({
		type: 'probe',
		nodeType,
		parameters: options.parameters ?? {},
		items: options.inputItems ?? options.items?.map((json) => ({ json })),
		timezone: options.timezone,
	});
	return { values: output.map((item) => item.json.value), error };
}

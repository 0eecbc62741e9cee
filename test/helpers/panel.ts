import type { INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

/** What the editor shows in a node's panel for the given parameter values, by name. */
export function shownFields(desc: INodeTypeDescription, values: Record<string, unknown>): string[] {
	return desc.properties
		.filter((p) => NodeHelpers.displayParameter(values as never, p, { typeVersion: 1 }, desc))
		.map((p) => p.name);
}

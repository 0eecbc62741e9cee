import type { INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

/** What the editor shows in a node's panel for the given parameter values, by name. */
export function shownFields(desc: INodeTypeDescription, values: Record<string, unknown>): string[] {
	return desc.properties
		.filter((p) => NodeHelpers.displayParameter(values as never, p, { typeVersion: 1 }, desc))
		.map((p) => p.name);
}

/**
 * The actions the editor's nodes panel lists for a node: one per operation of every option of
 * each property named "resource", from the first "operation" property shown for it.
 */
export function editorActions(desc: INodeTypeDescription): string[] {
	return desc.properties
		.filter((p) => p.name === 'resource')
		.flatMap((resource) =>
			(resource.options as Array<{ value: string }>).flatMap(({ value }) => {
				const operation = desc.properties.find(
					(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(value),
				);
				return (operation?.options as Array<{ action: string }>).map((o) => o.action);
			}),
		);
}

/** The values of the Resource dropdown as the editor shows it (also for the node as a tool). */
export function resourceValues(desc: INodeTypeDescription): string[] {
	return desc.properties
		.filter(
			(p) => p.name === 'resource' && NodeHelpers.displayParameter({}, p, { typeVersion: 1 }, desc),
		)
		.flatMap((p) => (p.options ?? []).map((o) => (o as { value: string }).value));
}

import type { IExecuteFunctions, INode, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { NodeOperation, Resource } from './operation';

/**
 * What an AI agent may do unasked. Every node of the package is usable as a tool, and an agent
 * fills the fields itself ($fromAI), so an operation that destroys or rewrites something
 * (deleting a contact list, editing a live assistant, cancelling queued calls) runs as a tool
 * only when the user turned on a fixed switch shown in tool mode. Reads, exports and placing a
 * call (what a voice-agent tool is for) stay available. Regenerating the API key is not offered
 * to agents at all: its output is the secret itself.
 */

export const ALLOW_AGENT = 'allowAgent';

/** n8n runs a node as an agent's tool under a type name ending in "Tool". */
export function isTool(node: INode): boolean {
	return node.type.endsWith('Tool');
}

/**
 * The "Allow AI Agent to Run This" switch, one per resource, shown only in tool mode and only
 * for the operations that set `agentNeedsConsent` (nodeProperties adds it to every node).
 */
export function agentSwitch(resources: Resource[]): INodeProperties[] {
	return resources.flatMap(({ value: resource, operations }) => {
		const fenced = Object.entries<NodeOperation>(operations)
			.filter(([, operation]) => operation.agentNeedsConsent)
			.map(([name]) => name);
		if (fenced.length === 0) return [];
		const property: INodeProperties = {
			displayName: 'Allow AI Agent to Run This',
			name: ALLOW_AGENT,
			type: 'boolean',
			default: false,
			// Fixed only: an expression (or the agent's own $fromAI) must not be able to turn it on.
			noDataExpression: true,
			description:
				'Whether an AI agent may run this operation on its own. It changes or deletes data that cannot be restored, so it is refused unless this is on.',
			displayOptions: { show: { '@tool': [true], resource: [resource], operation: fenced } },
		};
		return [property];
	});
}

/**
 * The error for a fenced operation run as a tool without the switch, or undefined when it may
 * run. Reads the stored value, not an evaluated one: only a switch set to true counts.
 */
export function agentRefusal(
	ctx: IExecuteFunctions,
	operation: NodeOperation,
	itemIndex: number,
): NodeOperationError | undefined {
	const node = ctx.getNode();
	if (!operation.agentNeedsConsent || !isTool(node)) return undefined;
	if (node.parameters?.[ALLOW_AGENT] === true) return undefined;
	return new NodeOperationError(
		node,
		`An AI agent may not run this operation (it ${operation.agentNeedsConsent}) unless "Allow AI Agent to Run This" is on`,
		{
			description:
				'Turn on "Allow AI Agent to Run This" in the tool\'s parameters if the agent should be able to do this unasked. No request was sent.',
			itemIndex,
		},
	);
}

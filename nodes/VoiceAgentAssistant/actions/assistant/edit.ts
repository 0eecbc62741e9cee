import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { NodeOperation, OperationOutput } from '../../../shared/router';
import { apiRequest } from '../../../shared/transport';
import { requireUuid } from '../../../shared/validate';

/** Reads a parameter of item i (resource locators give their value). */
export function param(
	ctx: IExecuteFunctions,
	name: string,
	i: number,
	fallback?: unknown,
): unknown {
	return ctx.getNodeParameter(name, i, fallback, { extractValue: true });
}

/**
 * The one request every assistant edit makes: `PATCH /agent/v1` with the API operation,
 * the assistant's ID and the operation's own fields.
 */
export async function patchAgent(
	this: IExecuteFunctions,
	i: number,
	operation: string,
	fields: IDataObject,
): Promise<IDataObject> {
	const agentId = requireUuid(this.getNode(), 'Assistant', param(this, 'assistant', i), i);
	return await apiRequest.call(this, {
		method: 'PATCH',
		path: '/agent/v1',
		body: { operation, agent_id: agentId, ...fields },
		itemIndex: i,
	});
}

/** An edit changes a live assistant for every later call: as a tool it needs the user's consent. */
export const EDIT_NEEDS_CONSENT = 'changes an assistant used by live calls';

export interface EditDefinition {
	/** The node's operation value, e.g. updateVoice. */
	value: string;
	/** Shown in the Operation dropdown, e.g. Update Voice. */
	name: string;
	/** One sentence for the dropdown and the AI tool. */
	description: string;
	action: string;
	/** The API's operation, e.g. edit_voice. */
	apiOperation: string;
	fields: INodeProperties[];
	/**
	 * Reads and checks this operation's fields of item i; returns the body fields (async when
	 * a field's value comes from the service, e.g. the assistant's current language).
	 */
	body(this: IExecuteFunctions, i: number): IDataObject | Promise<IDataObject>;
}

export interface EditOperation extends NodeOperation {
	option: INodePropertyOptions;
}

/** An edit operation: its fields shown only for it, and an execute that PATCHes its body. */
export function defineEdit(def: EditDefinition): EditOperation {
	return {
		option: {
			name: def.name,
			value: def.value,
			description: def.description,
			action: def.action,
		},
		description: updateDisplayOptions(
			{ show: { resource: ['assistant'], operation: [def.value] } },
			def.fields,
		),
		async execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
			// Fields are checked before the assistant, so a bad value never costs a request.
			const fields = await def.body.call(this, i);
			return await patchAgent.call(this, i, def.apiOperation, fields);
		},
	};
}

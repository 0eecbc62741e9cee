import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	operationOption,
	type ItemOperation,
	type OperationOutput,
} from '../../../shared/engine/operation';
import { fields, type Fields } from '../../../shared/engine/params';
import { patchAssistant } from '../../../shared/assistants/assistants';
import { versionBody } from '../../../shared/assistants/versionField';

/**
 * The request every edit of the Assistant node makes: `PATCH /agent/v1` (shared/assistants/assistants.ts,
 * which the Webhook Trigger's registration writes through too) with the API operation,
 * the assistant's ID, the Version when one is given, and the operation's own fields.
 */
export async function patchAgent(
	this: IExecuteFunctions,
	i: number,
	operation: string,
	changes: IDataObject,
): Promise<IDataObject> {
	const f = fields(this, i);
	const agentId = f.locatorUuid('assistant', 'Assistant');
	// Without a Version the service edits its default (the active version).
	const version = versionBody(f);
	return await patchAssistant(this, { operation, agent_id: agentId, ...version, ...changes }, i);
}

/** An edit changes a live assistant for every later call: as a tool it needs the user's consent. */
export const EDIT_NEEDS_CONSENT = 'changes an assistant used by live calls';

export interface EditDefinition<V extends string> {
	/** The node's operation value, e.g. updateVoice. */
	value: V;
	/** Shown in the Operation dropdown, e.g. Update Voice. */
	name: string;
	/** One sentence for the dropdown and the AI tool. */
	description: string;
	action: string;
	/** The API's operation, e.g. edit_voice. */
	apiOperation: string;
	properties: INodeProperties[];
	/**
	 * Reads and checks this operation's fields of one item; returns the body fields (async when
	 * a field's value comes from the service, e.g. the assistant's current language).
	 */
	body(this: IExecuteFunctions, f: Fields, i: number): IDataObject | Promise<IDataObject>;
}

/** An edit operation: its fields, an execute that PATCHes its body, and the need for consent. */
export function defineEdit<const V extends string>(
	def: EditDefinition<V>,
): Required<ItemOperation<V>> {
	return {
		kind: 'item',
		option: operationOption({
			name: def.name,
			value: def.value,
			description: def.description,
			action: def.action,
		}),
		properties: def.properties,
		agentNeedsConsent: EDIT_NEEDS_CONSENT,
		async execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
			// Fields are checked before the assistant, so a bad value never costs a request.
			const changes = await def.body.call(this, fields(this, i), i);
			return await patchAgent.call(this, i, def.apiOperation, changes);
		},
	};
}

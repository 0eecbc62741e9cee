import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { deleteAssistant } from '../../../shared/assistants/assistants';
import { sendOnce } from '../../../shared/engine/once';
import { operationOption, type OperationOutput } from '../../../shared/engine/operation';
import { fields } from '../../../shared/engine/params';
import { asItemError } from '../../../shared/engine/router';

export const option = operationOption({
	name: 'Delete',
	value: 'delete',
	description: 'Delete (archive) an assistant; its calls and history stay',
	action: 'Delete an assistant',
});

/** The Assistant picker is shared by every operation on one assistant (see index.ts). */
export const properties: INodeProperties[] = [
	{
		displayName:
			'The service archives the assistant: it stops taking calls and leaves your lists. Its call history stays.',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
];

/** As an AI agent's tool, only when the user allows it (see shared/engine/tool.ts). */
export const agentNeedsConsent = 'deletes an assistant';

export const kind = 'item';

/**
 * DELETE /agent/{id} (vendor schema, no page): a soft delete. Sent once per item, also when
 * n8n's Retry On Fail re-runs the node (a second delete would only answer 404).
 */
export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const agentId = fields(this, i).locatorUuid('assistant', 'Assistant');
	const answer = await sendOnce(this, i, 'deleteAssistant', async () => {
		try {
			return await deleteAssistant(this, agentId, i);
		} catch (error) {
			if (error instanceof NodeApiError && error.httpCode === '404') {
				error.message = 'The assistant does not exist, or was already deleted';
			}
			throw asItemError(this, error, i);
		}
	});
	return { deleted: true, assistant_id: agentId, ...answer };
}

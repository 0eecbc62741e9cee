import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { deleteKnowledgeBase, explainKbLimit } from '../../../shared/knowledgeBases/knowledgeBases';
import { sendOnce } from '../../../shared/engine/once';
import { operationOption, type OperationOutput } from '../../../shared/engine/operation';
import { fields } from '../../../shared/engine/params';
import { asItemError } from '../../../shared/engine/router';

export const option = operationOption({
	name: 'Delete',
	value: 'delete',
	description: 'Delete a knowledge base',
	action: 'Delete a knowledge base',
});

export const properties: INodeProperties[] = [
	{
		displayName:
			'The knowledge base and its files are deleted for good. Assistants it is attached to lose it.',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
];

/** As an AI agent's tool, only when the user allows it (see shared/engine/tool.ts). */
export const agentNeedsConsent = 'deletes a knowledge base';

export const kind = 'item';

/** DELETE /external/kb/{kb_id}, sent once per item (a repeat would only answer 404). */
export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const kbId = fields(this, i).locatorUuid('knowledgeBaseId', 'Knowledge Base');
	const answer = await sendOnce(this, i, 'deleteKnowledgeBase', async () => {
		try {
			return await deleteKnowledgeBase(this, kbId, i);
		} catch (error) {
			if (error instanceof NodeApiError && error.httpCode === '404') {
				error.message = 'The knowledge base does not exist, or was already deleted';
			}
			throw asItemError(this, explainKbLimit(error, 'delete'), i);
		}
	});
	return { deleted: true, kb_id: kbId, ...answer };
}

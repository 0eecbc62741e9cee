import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { explainKbLimit, readKnowledgeBase } from '../../../shared/knowledgeBases/knowledgeBases';
import { operationOption, type OperationOutput } from '../../../shared/engine/operation';
import { fields } from '../../../shared/engine/params';

export const option = operationOption({
	name: 'Get',
	value: 'get',
	description: 'Get a knowledge base: its processing status, files, URLs and FAQs',
	action: 'Get a knowledge base',
});

/** The Knowledge Base picker is shared (see index.ts). */
export const properties: INodeProperties[] = [];

export const kind = 'item';

/** GET /external/kb/{kb_id}, output as served. */
export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const kbId = fields(this, i).locatorUuid('knowledgeBaseId', 'Knowledge Base');
	try {
		return await readKnowledgeBase(this, kbId, i);
	} catch (error) {
		throw explainKbLimit(error, 'read');
	}
}

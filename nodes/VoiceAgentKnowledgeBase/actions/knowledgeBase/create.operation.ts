import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { createKnowledgeBase, explainKbLimit } from '../../../shared/knowledgeBases/knowledgeBases';
import { sendOnce } from '../../../shared/engine/once';
import { operationOption, type OperationOutput } from '../../../shared/engine/operation';
import { fields } from '../../../shared/engine/params';
import { asItemError } from '../../../shared/engine/router';
import { contentFields, explainRefusal, readContent, sentSummary } from './content';
import { readReadySettings, readyFields, waitUntilReady } from './ready';

export const option = operationOption({
	name: 'Create',
	value: 'create',
	description: 'Create a knowledge base from files, URLs and FAQs',
	action: 'Create a knowledge base',
});

export const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'kbName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Clinic FAQ',
		description: 'Name of the new knowledge base',
	},
	...contentFields(false, 'all'),
	...readyFields,
];

export const kind = 'item';

/**
 * POST /external/kb (multipart). Sent once per item, also under n8n's Retry On Fail (a
 * second create would make a second knowledge base); a failed wait afterwards reads the
 * same knowledge base again instead.
 */
export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const f = fields(this, i);
	const name = f.requiredText('kbName', 'Name');
	const content = await readContent(this, f, i, false);
	const ready = readReadySettings(f);
	const answer = await sendOnce(this, i, 'createKnowledgeBase', async () => {
		try {
			return await createKnowledgeBase(this, { name, ...content }, i);
		} catch (error) {
			throw asItemError(this, explainRefusal(explainKbLimit(error, 'create'), content), i);
		}
	});
	if (!ready) return { ...answer, kb_name: name };
	return await waitUntilReady(this, i, String(answer.kb_id), ready, sentSummary(content));
}

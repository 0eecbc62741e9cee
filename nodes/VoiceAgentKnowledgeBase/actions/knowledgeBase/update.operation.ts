import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { editKnowledgeBase, explainKbLimit } from '../../../shared/knowledgeBases/knowledgeBases';
import { sendOnce } from '../../../shared/engine/once';
import { operationOption, type OperationOutput } from '../../../shared/engine/operation';
import { fields } from '../../../shared/engine/params';
import { asItemError } from '../../../shared/engine/router';
import { contentFields, explainRefusal, readContent, sentSummary } from './content';
import { readReadySettings, readyFields, waitUntilReady } from './ready';

export const option = operationOption({
	name: 'Update',
	value: 'update',
	description: 'Add files, URLs and FAQs to a knowledge base, or remove some',
	action: 'Update a knowledge base',
});

export const properties: INodeProperties[] = [
	{
		displayName: 'Files to Remove Names or IDs',
		name: 'filesToRemove',
		type: 'multiOptions',
		typeOptions: {
			loadOptionsMethod: 'getKnowledgeBaseFiles',
			loadOptionsDependsOn: ['knowledgeBaseId.value'],
		},
		default: [],
		description:
			'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	},
	{
		displayName: 'URLs to Remove Names or IDs',
		name: 'urlsToRemove',
		type: 'multiOptions',
		typeOptions: {
			loadOptionsMethod: 'getKnowledgeBaseUrls',
			loadOptionsDependsOn: ['knowledgeBaseId.value'],
		},
		default: [],
		description:
			'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	},
	{
		displayName: 'FAQs to Remove Names or IDs',
		name: 'faqsToRemove',
		type: 'multiOptions',
		typeOptions: {
			loadOptionsMethod: 'getKnowledgeBaseFaqs',
			loadOptionsDependsOn: ['knowledgeBaseId.value'],
		},
		default: [],
		description:
			'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
		hint: 'Removals are permanent. The service applies removals and additions together.',
	},
	...contentFields(true, 'none'),
	...readyFields,
];

/** As an AI agent's tool, only when the user allows it (see shared/engine/tool.ts). */
export const agentNeedsConsent = 'edits a knowledge base, and its removals are permanent';

export const kind = 'item';

/**
 * PATCH /external/kb (multipart): removals and additions in one request. Never repeated,
 * also not under Retry On Fail: an edit that adds files would add them twice.
 */
export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const f = fields(this, i);
	const kbId = f.locatorUuid('knowledgeBaseId', 'Knowledge Base');
	const removeFiles = f.list('filesToRemove', 'Files to Remove', {
		commas: true,
		blank: 'empty',
		of: 'file IDs',
	});
	// URLs may hold commas: one per line, or a list.
	const removeUrls = f.list('urlsToRemove', 'URLs to Remove', {
		commas: false,
		blank: 'empty',
		of: 'URLs',
	});
	const removeFaqs = f.list('faqsToRemove', 'FAQs to Remove', {
		commas: true,
		blank: 'empty',
		of: 'FAQ IDs',
	});
	const content = await readContent(this, f, i, true);
	const ready = readReadySettings(f);
	const changes =
		removeFiles.length +
		removeUrls.length +
		removeFaqs.length +
		content.files.length +
		content.urls.length +
		content.faqs.length;
	if (changes === 0) {
		throw f.error(
			'Knowledge Base',
			'nothing to change: choose files, URLs or FAQs to add, or some to remove',
		);
	}
	const answer = await sendOnce(this, i, 'editKnowledgeBase', async () => {
		try {
			return await editKnowledgeBase(
				this,
				{ kbId, removeFiles, removeUrls, removeFaqs, ...content },
				i,
			);
		} catch (error) {
			throw asItemError(this, explainRefusal(explainKbLimit(error, 'edit'), content), i);
		}
	});
	if (!ready) return answer;
	const record = await waitUntilReady(this, i, kbId, ready, sentSummary(content));
	// The final state, with what the edit answered (its message and kb_id are the record's).
	return {
		...record,
		items_removed: answer.items_removed,
		new_files_queued: answer.new_files_queued,
		new_files: answer.new_files,
	};
}

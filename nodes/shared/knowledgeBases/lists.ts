import type {
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';

import { chosenId, matches } from '../engine/dropdowns';
import { kbEntries, listKnowledgeBases, readKnowledgeBase } from './knowledgeBases';

/** Dropdowns of knowledge bases: the list, and what the chosen one holds. */

/** Knowledge bases of the workspace, from GET /external/kb/all (one bare list, no paging). */
export async function searchKnowledgeBases(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const rows = await listKnowledgeBases(this);
	return {
		results: rows
			.filter((k) => typeof k.kb_id === 'string' && k.kb_id !== '')
			.filter((k) => matches(filter, k.kb_name, k.kb_id))
			.map((k) => ({ name: String(k.kb_name ?? k.kb_id), value: String(k.kb_id) })),
	};
}

/** What the chosen knowledge base holds, for Update's removal lists; none until one is chosen. */
async function knowledgeBaseEntries(
	ctx: ILoadOptionsFunctions,
	list: 'files' | 'urls' | 'faqs',
): Promise<INodePropertyOptions[]> {
	const kbId = chosenId(ctx, 'knowledgeBaseId');
	if (kbId === undefined) return [];
	return kbEntries(await readKnowledgeBase(ctx, kbId))[list];
}

export async function getKnowledgeBaseFiles(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await knowledgeBaseEntries(this, 'files');
}

export async function getKnowledgeBaseUrls(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await knowledgeBaseEntries(this, 'urls');
}

export async function getKnowledgeBaseFaqs(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await knowledgeBaseEntries(this, 'faqs');
}

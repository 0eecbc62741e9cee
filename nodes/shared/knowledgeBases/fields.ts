import type { INodeProperties } from 'n8n-workflow';

import { listOrUuidModes } from '../engine/descriptions';

/** Fields of knowledge bases: the knowledge base picker. */

/**
 * Knowledge base picker: the workspace's knowledge bases, or a pasted ID. Named
 * `knowledgeBaseId` because saved Assistant workflows hold that field as plain text, which
 * the readers still take.
 */
export function knowledgeBaseLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Knowledge Base',
		name: 'knowledgeBaseId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		...listOrUuidModes(
			'Select a knowledge base...',
			'searchKnowledgeBases',
			'knowledge base',
			'5a6b7c8d-1e2f-4a3b-9c4d-5e6f7a8b9c0d',
		),
		...overrides,
	};
}

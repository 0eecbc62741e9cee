import { knowledgeBaseLocator } from '../../../shared/knowledgeBases/fields';
import { defineEdit } from './edit';

export const { kind, option, properties, execute, agentNeedsConsent } = defineEdit({
	value: 'removeKnowledgeBase',
	name: 'Remove Knowledge Base',
	description: 'Remove a knowledge base from an assistant',
	action: 'Remove a knowledge base from an assistant',
	apiOperation: 'remove_kb',
	properties: [
		// Saved workflows hold this field as plain text (before the dropdown): still read as the ID.
		knowledgeBaseLocator({ description: 'The knowledge base to remove' }),
	],
	body(f) {
		return { kb_id: f.locatorUuid('knowledgeBaseId', 'Knowledge Base') };
	},
});

import { knowledgeBaseLocator } from '../../../shared/knowledgeBases/fields';
import { defineEdit } from './edit';

export const { kind, option, properties, execute, agentNeedsConsent } = defineEdit({
	value: 'attachKnowledgeBase',
	name: 'Attach Knowledge Base',
	description: 'Attach a knowledge base to an assistant',
	action: 'Attach a knowledge base to an assistant',
	apiOperation: 'attach_kb',
	properties: [
		// Saved workflows hold this field as plain text (before the dropdown): still read as the ID.
		knowledgeBaseLocator({ description: 'The knowledge base to attach' }),
	],
	body(f) {
		return { kb_id: f.locatorUuid('knowledgeBaseId', 'Knowledge Base') };
	},
});

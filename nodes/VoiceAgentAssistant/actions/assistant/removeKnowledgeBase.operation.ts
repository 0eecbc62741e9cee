import { defineEdit } from './edit';

export const { option, properties, execute, agentNeedsConsent } = defineEdit({
	value: 'removeKnowledgeBase',
	name: 'Remove Knowledge Base',
	description: 'Remove a knowledge base from an assistant',
	action: 'Remove a knowledge base from an assistant',
	apiOperation: 'remove_kb',
	properties: [
		{
			displayName: 'Knowledge Base ID',
			name: 'knowledgeBaseId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. 5a6b7c8d-1e2f-4a3b-9c4d-5e6f7a8b9c0d',
			description: 'ID (UUID) of the knowledge base to remove',
		},
	],
	body(f) {
		return { kb_id: f.uuid('knowledgeBaseId', 'Knowledge Base ID') };
	},
});

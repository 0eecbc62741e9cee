import { defineEdit } from './edit';

export const { option, properties, execute, agentNeedsConsent } = defineEdit({
	value: 'attachKnowledgeBase',
	name: 'Attach Knowledge Base',
	description: 'Attach a knowledge base to an assistant',
	action: 'Attach a knowledge base to an assistant',
	apiOperation: 'attach_kb',
	properties: [
		{
			displayName: 'Knowledge Base ID',
			name: 'knowledgeBaseId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. 5a6b7c8d-1e2f-4a3b-9c4d-5e6f7a8b9c0d',
			description: 'ID (UUID) of the knowledge base to attach',
		},
	],
	body(f) {
		return { kb_id: f.uuid('knowledgeBaseId', 'Knowledge Base ID') };
	},
});

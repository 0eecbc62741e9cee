import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { nodeProperties, route } from '../shared/engine/router';
import {
	getKnowledgeBaseFaqs,
	getKnowledgeBaseFiles,
	getKnowledgeBaseUrls,
	searchKnowledgeBases,
} from '../shared/knowledgeBases/lists';
import { knowledgeBase } from './actions/knowledgeBase';

/** The node's resources, in the order of the Resource dropdown. */
export const resources = [knowledgeBase];

export class VoiceAgentKnowledgeBase implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Voice Agent Knowledge Base',
		name: 'voiceAgentKnowledgeBase',
		icon: {
			light: 'file:../../icons/voiceAgent.svg',
			dark: 'file:../../icons/voiceAgent.dark.svg',
		},
		group: ['output'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Create and edit the knowledge bases AI voice assistants answer from: files, URLs and FAQs',
		defaults: { name: 'Voice Agent Knowledge Base' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'voiceAgentApi', required: true }],
		properties: nodeProperties(resources, 'knowledgeBase'),
	};

	methods = {
		listSearch: { searchKnowledgeBases },
		loadOptions: { getKnowledgeBaseFaqs, getKnowledgeBaseFiles, getKnowledgeBaseUrls },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this, resources);
	}
}

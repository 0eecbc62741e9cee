import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { nodeProperties, route } from '../shared/engine/router';
import { searchAssistants, searchVersions, searchVoices } from '../shared/assistants/lists';
import { searchKnowledgeBases } from '../shared/knowledgeBases/lists';
import { searchNumberIds } from '../shared/workspace/lists';
import { assistant } from './actions/assistant';

/** The node's resources, in the order of the Resource dropdown. */
export const resources = [assistant];

export class VoiceAgentAssistant implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Voice Agent Assistant',
		name: 'voiceAgentAssistant',
		icon: {
			light: 'file:../../icons/voiceAgent.svg',
			dark: 'file:../../icons/voiceAgent.dark.svg',
		},
		group: ['output'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Read and edit AI voice assistants: prompt, voice, language, numbers, knowledge bases',
		defaults: { name: 'Voice Agent Assistant' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'voiceAgentApi', required: true }],
		properties: nodeProperties(resources, 'assistant'),
	};

	methods = {
		listSearch: {
			searchAssistants,
			searchKnowledgeBases,
			searchNumberIds,
			searchVersions,
			searchVoices,
		},
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this, resources);
	}
}

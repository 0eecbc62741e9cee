import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import {
	searchAssistants,
	searchNumberIds,
	searchVersions,
	searchVoices,
} from '../shared/listSearch';
import { agentSwitch } from '../shared/tool';
import * as assistant from './actions/assistant';
import { resources, router } from './actions/router';

export class VoiceAgentAssistant implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Voice Agent Assistant',
		name: 'voiceAgentAssistant',
		icon: { light: 'file:voiceAgent.svg', dark: 'file:voiceAgent.dark.svg' },
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
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [{ name: 'Assistant', value: 'assistant' }],
				default: 'assistant',
			},
			...assistant.description,
			// Tool mode: operations that delete or rewrite data need the user's consent.
			...agentSwitch(resources),
		],
	};

	methods = {
		listSearch: { searchAssistants, searchNumberIds, searchVersions, searchVoices },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}

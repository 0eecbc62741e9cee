import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import {
	getAssistants,
	searchAssistants,
	searchCampaigns,
	searchNumbers,
	searchVersions,
} from '../shared/listSearch';
import { agentSwitch } from '../shared/tool';
import * as call from './actions/call';
import * as contactList from './actions/contactList';
import { resources, router } from './actions/router';

export class VoiceAgentCalling implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Voice Agent Calling',
		name: 'voiceAgentCalling',
		icon: { light: 'file:voiceAgent.svg', dark: 'file:voiceAgent.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Start AI voice agent phone calls and read call history',
		defaults: { name: 'Voice Agent Calling' },
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
				options: [
					{ name: 'Call', value: 'call' },
					{ name: 'Contact List', value: 'contactList' },
				],
				default: 'call',
			},
			...call.description,
			...contactList.description,
			// Tool mode: operations that delete or rewrite data need the user's consent.
			...agentSwitch(resources),
		],
	};

	methods = {
		listSearch: { searchAssistants, searchCampaigns, searchNumbers, searchVersions },
		loadOptions: { getAssistants },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}

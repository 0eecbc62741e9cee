import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { nodeOutputs, nodeProperties, route } from '../shared/engine/router';
import {
	getAssistants,
	searchAssistants,
	searchVersions,
	searchVoices,
} from '../shared/assistants/lists';
import { searchCampaigns } from '../shared/campaigns/lists';
import { searchNumbers } from '../shared/workspace/lists';
import { call } from './actions/call';
import { contactList } from './actions/contactList';

/** The node's resources, in the order of the Resource dropdown. */
export const resources = [call, contactList];

export class VoiceAgentCalling implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Voice Agent Calling',
		name: 'voiceAgentCalling',
		icon: {
			light: 'file:../../icons/voiceAgent.svg',
			dark: 'file:../../icons/voiceAgent.dark.svg',
		},
		group: ['output'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Start AI voice agent phone calls and read call history',
		defaults: { name: 'Voice Agent Calling' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		// One output; Ended and Pending while Check Calls is picked.
		outputs: nodeOutputs(resources, 'call'),
		credentials: [{ name: 'voiceAgentApi', required: true }],
		properties: nodeProperties(resources, 'call'),
	};

	methods = {
		listSearch: { searchAssistants, searchCampaigns, searchNumbers, searchVersions, searchVoices },
		loadOptions: { getAssistants },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this, resources);
	}
}

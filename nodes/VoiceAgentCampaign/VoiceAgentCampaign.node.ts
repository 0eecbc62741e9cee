import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getPromptVariables, searchAssistants } from '../shared/assistants/lists';
import { searchCampaigns } from '../shared/campaigns/lists';
import { getNumbers, getUsers } from '../shared/workspace/lists';
import { nodeProperties, route } from '../shared/engine/router';
import { campaign } from './actions/campaign';

/** The node's resources, in the order of the Resource dropdown. */
export const resources = [campaign];

export class VoiceAgentCampaign implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Voice Agent Campaign',
		name: 'voiceAgentCampaign',
		icon: {
			light: 'file:../../icons/voiceAgent.svg',
			dark: 'file:../../icons/voiceAgent.dark.svg',
		},
		group: ['output'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Run AI voice agent calling campaigns: upload a sheet, start, follow and stop them, get their results',
		defaults: { name: 'Voice Agent Campaign' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'voiceAgentApi', required: true }],
		properties: nodeProperties(resources, 'campaign'),
	};

	methods = {
		listSearch: { searchAssistants, searchCampaigns },
		loadOptions: { getNumbers, getPromptVariables, getUsers },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this, resources);
	}
}

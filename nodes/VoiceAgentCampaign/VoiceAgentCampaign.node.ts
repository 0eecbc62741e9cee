import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { agentSwitch } from '../shared/tool';
import * as campaign from './actions/campaign';
import { resources, router } from './actions/router';

export class VoiceAgentCampaign implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Voice Agent Campaign',
		name: 'voiceAgentCampaign',
		icon: { light: 'file:voiceAgent.svg', dark: 'file:voiceAgent.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'List AI voice agent calling campaigns and their call counts',
		defaults: { name: 'Voice Agent Campaign' },
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
				options: [{ name: 'Campaign', value: 'campaign' }],
				default: 'campaign',
			},
			...campaign.description,
			// Tool mode: operations that delete or rewrite data need the user's consent.
			...agentSwitch(resources),
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}

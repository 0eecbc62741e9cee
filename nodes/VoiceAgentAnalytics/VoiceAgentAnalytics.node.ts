import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { searchAssistants } from '../shared/assistants/lists';
import { searchCampaigns } from '../shared/campaigns/lists';
import { nodeProperties, route } from '../shared/engine/router';
import { analytics } from './actions/analytics';

/** The node's resources, in the order of the Resource dropdown. */
export const resources = [analytics];

export class VoiceAgentAnalytics implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Voice Agent Analytics',
		name: 'voiceAgentAnalytics',
		icon: {
			light: 'file:../../icons/voiceAgent.svg',
			dark: 'file:../../icons/voiceAgent.dark.svg',
		},
		group: ['output'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Reports on AI voice agent calls: performance, campaigns, numbers, durations, classification',
		defaults: { name: 'Voice Agent Analytics' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'voiceAgentApi', required: true }],
		properties: nodeProperties(resources, 'analytics'),
	};

	// The Assistant and Campaign filters' "From List" modes name these.
	methods = { listSearch: { searchAssistants, searchCampaigns } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this, resources);
	}
}

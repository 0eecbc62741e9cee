import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { nodeProperties, route } from '../shared/engine/router';
import { apiKey } from './actions/apiKey';
import { phoneNumber } from './actions/phoneNumber';
import { user } from './actions/user';
import { workspace } from './actions/workspace';

/**
 * The node's resources, in the order of the Resource dropdown. One Resource property serves
 * both modes: the editor lists every resource property's operations as actions, so a second,
 * tool-only copy doubled them. As a tool, API Key shows a notice instead of its operation,
 * and the operation refuses to run.
 */
export const resources = [apiKey, phoneNumber, user, workspace];

export class VoiceAgentWorkspace implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Voice Agent Workspace',
		name: 'voiceAgentWorkspace',
		icon: {
			light: 'file:../../icons/voiceAgent.svg',
			dark: 'file:../../icons/voiceAgent.dark.svg',
		},
		group: ['output'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Read the workspace and its credits, list its phone numbers and users, regenerate the API key',
		defaults: { name: 'Voice Agent Workspace' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'voiceAgentApi', required: true }],
		properties: nodeProperties(resources, 'phoneNumber'),
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this, resources);
	}
}

import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { agentSwitch } from '../shared/tool';
import * as apiKey from './actions/apiKey';
import * as phoneNumber from './actions/phoneNumber';
import { resources, router } from './actions/router';
import * as user from './actions/user';
import * as workspace from './actions/workspace';

export class VoiceAgentWorkspace implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Voice Agent Workspace',
		name: 'voiceAgentWorkspace',
		icon: { light: 'file:voiceAgent.svg', dark: 'file:voiceAgent.dark.svg' },
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
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				// One property for both modes: the editor lists every resource property's
				// operations as actions, so a second, tool-only copy doubled them. As a tool, API
				// Key shows a notice instead of its operation, and the operation refuses to run.
				options: [
					{ name: 'API Key', value: 'apiKey' },
					{ name: 'Phone Number', value: 'phoneNumber' },
					{ name: 'User', value: 'user' },
					{ name: 'Workspace', value: 'workspace' },
				],
				default: 'phoneNumber',
			},
			...apiKey.description,
			...phoneNumber.description,
			...user.description,
			...workspace.description,
			// Tool mode: operations that delete or rewrite data need the user's consent.
			...agentSwitch(resources),
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}

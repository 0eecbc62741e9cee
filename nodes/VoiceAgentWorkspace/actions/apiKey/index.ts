import type { INodeProperties } from 'n8n-workflow';

import type { NodeOperation } from '../../../shared/router';
import * as regenerate from './regenerate.operation';

export const operations: Record<string, NodeOperation> = { regenerate };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		// Not offered to an AI agent: the operation's output is the new secret itself.
		displayOptions: { show: { resource: ['apiKey'], '@tool': [false] } },
		options: [
			{
				name: 'Regenerate',
				value: 'regenerate',
				description: 'Replace the workspace API key; the old key stops working at once',
				action: 'Regenerate the API key',
			},
		],
		default: 'regenerate',
	},
	{
		displayName:
			'An AI agent cannot regenerate the API key: the new key would end up in its conversation. Use this node outside the agent for that.',
		name: 'apiKeyToolNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { resource: ['apiKey'], '@tool': [true] } },
	},
	...regenerate.description,
];

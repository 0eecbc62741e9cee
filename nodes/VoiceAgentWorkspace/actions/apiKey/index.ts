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
		displayOptions: { show: { resource: ['apiKey'] } },
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
	...regenerate.description,
];

import type { INodeProperties } from 'n8n-workflow';

import type { NodeOperation } from '../../../shared/router';
import * as get from './get.operation';

export const operations: Record<string, NodeOperation> = { get };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['workspace'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get the workspace of the API key: name and credit balance',
				action: 'Get the workspace',
			},
		],
		default: 'get',
	},
	...get.description,
];

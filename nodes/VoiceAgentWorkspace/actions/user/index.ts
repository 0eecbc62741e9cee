import type { INodeProperties } from 'n8n-workflow';

import type { NodeOperation } from '../../../shared/router';
import * as getMany from './getMany.operation';

export const operations: Record<string, NodeOperation> = { getMany };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['user'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List the users of the workspace',
				action: 'Get many users',
			},
		],
		default: 'getMany',
	},
	...getMany.description,
];

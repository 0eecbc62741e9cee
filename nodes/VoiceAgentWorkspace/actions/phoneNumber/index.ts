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
		displayOptions: { show: { resource: ['phoneNumber'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List the phone numbers of the workspace and the assistants attached to them',
				action: 'Get many phone numbers',
			},
		],
		default: 'getMany',
	},
	...getMany.description,
];

import type { INodeProperties } from 'n8n-workflow';

import type { NodeOperation } from '../../../shared/router';
import * as del from './delete.operation';

export const operations: Record<string, NodeOperation> = { delete: del };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['contactList'] } },
		options: [
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a contact list and all its contacts',
				action: 'Delete a contact list',
			},
		],
		default: 'delete',
	},
	...del.description,
];

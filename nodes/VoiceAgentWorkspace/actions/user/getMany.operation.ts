import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { operationOption } from '../../../shared/operation';
import { returnAllAndLimit } from '../../../shared/descriptions';

import type { OperationOutput } from '../../../shared/router';
import { getMany } from '../../../shared/getMany';

/** The workspace lists take at most 100 rows a page. */
export const WORKSPACE_PAGE_SIZE = 100;

export const option = operationOption({
	name: 'Get Many',
	value: 'getMany',
	description: 'List the users of the workspace',
	action: 'Get many users',
});

export const properties: INodeProperties[] = [...returnAllAndLimit(WORKSPACE_PAGE_SIZE)];

export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	return await getMany(this, i, {
		path: '/workspace/users',
		rowsKey: 'workspace_users',
		pageSize: WORKSPACE_PAGE_SIZE,
		maxLimit: WORKSPACE_PAGE_SIZE,
	});
}

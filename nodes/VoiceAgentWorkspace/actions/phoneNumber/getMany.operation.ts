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
	description: 'List the phone numbers of the workspace and the assistants attached to them',
	action: 'Get many phone numbers',
});

export const properties: INodeProperties[] = [...returnAllAndLimit(WORKSPACE_PAGE_SIZE)];

export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	return await getMany(this, i, {
		path: '/workspace/numbers',
		rowsKey: 'workspace_numbers',
		pageSize: WORKSPACE_PAGE_SIZE,
		maxLimit: WORKSPACE_PAGE_SIZE,
	});
}

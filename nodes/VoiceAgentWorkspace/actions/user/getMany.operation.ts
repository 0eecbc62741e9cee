import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllAndLimit } from '../../../shared/descriptions';
import type { OperationOutput } from '../../../shared/router';
import { getWorkspaceList, WORKSPACE_PAGE_SIZE } from '../listPage';

const fields: INodeProperties[] = [...returnAllAndLimit(WORKSPACE_PAGE_SIZE)];

export const description = updateDisplayOptions(
	{ show: { resource: ['user'], operation: ['getMany'] } },
	fields,
);

export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	return await getWorkspaceList(this, i, '/workspace/users', 'workspace_users');
}

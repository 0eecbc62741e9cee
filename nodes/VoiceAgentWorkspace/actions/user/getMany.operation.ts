import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { operationOption } from '../../../shared/engine/operation';
import { returnAllAndLimit } from '../../../shared/engine/descriptions';

import type { OperationOutput } from '../../../shared/engine/router';
import { getMany } from '../../../shared/http/getMany';
import { USERS, WORKSPACE_PAGE_SIZE } from '../../../shared/workspace/workspace';

export const option = operationOption({
	name: 'Get Many',
	value: 'getMany',
	description: 'List the users of the workspace',
	action: 'Get many users',
});

export const properties: INodeProperties[] = [...returnAllAndLimit(WORKSPACE_PAGE_SIZE)];

export const kind = 'item';

export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	return await getMany(this, i, USERS);
}

import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { operationOption } from '../../../shared/engine/operation';
import { returnAllAndLimit } from '../../../shared/engine/descriptions';

import type { OperationOutput } from '../../../shared/engine/router';
import { getMany } from '../../../shared/http/getMany';
import { NUMBERS, WORKSPACE_PAGE_SIZE } from '../../../shared/workspace/workspace';

export const option = operationOption({
	name: 'Get Many',
	value: 'getMany',
	description: 'List the phone numbers of the workspace and the assistants attached to them',
	action: 'Get many phone numbers',
});

export const properties: INodeProperties[] = [...returnAllAndLimit(WORKSPACE_PAGE_SIZE)];

export const kind = 'item';

export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	return await getMany(this, i, NUMBERS);
}

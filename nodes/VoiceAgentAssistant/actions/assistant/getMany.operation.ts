import type { IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllAndLimit } from '../../../shared/descriptions';
import { getMany } from '../../../shared/getMany';
import type { OperationOutput } from '../../../shared/router';
import { withPromptVariables } from './read';

/** The assistant list takes at most 100 rows a page. */
export const ASSISTANT_PAGE_SIZE = 100;
const MAX_LIMIT = 1000;

export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getMany',
	description: 'List the assistants of the workspace',
	action: 'Get many assistants',
};

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['assistant'], operation: ['getMany'] } },
	returnAllAndLimit(MAX_LIMIT),
);

export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const agents = await getMany(this, i, {
		path: '/agent/all',
		rowsKey: 'agents',
		pageSize: ASSISTANT_PAGE_SIZE,
		maxLimit: MAX_LIMIT,
	});
	return agents.map(withPromptVariables);
}

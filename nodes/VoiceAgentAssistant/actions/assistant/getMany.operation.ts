import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { operationOption } from '../../../shared/engine/operation';
import { returnAllAndLimit } from '../../../shared/engine/descriptions';
import type { OperationOutput } from '../../../shared/engine/router';
import { shapeError } from '../../../shared/http/shape';
import { listAssistants, readAssistant } from './read';

/** The assistant list takes at most 100 rows a page. */
export const ASSISTANT_PAGE_SIZE = 100;
const MAX_LIMIT = 1000;

export const option = operationOption({
	name: 'Get Many',
	value: 'getMany',
	description:
		'List the assistants of the workspace, each with its live version, prompt and prompt variables',
	action: 'Get many assistants',
});

export const properties: INodeProperties[] = [
	...returnAllAndLimit(MAX_LIMIT),
	{
		displayName:
			'Each assistant is read on its own (one request per assistant): the list does not hold the prompt or the versions',
		name: 'getManyNotice',
		type: 'notice',
		default: '',
	},
];

export const kind = 'item';

export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const rows = await listAssistants(this, i, ASSISTANT_PAGE_SIZE, MAX_LIMIT);
	const out = [];
	// The live list rows carry no prompt, voice or versions: each assistant's own record does.
	for (const [n, row] of rows.entries()) {
		if (typeof row.id !== 'string' || row.id === '')
			throw shapeError(this.getNode(), `the assistant list[${n}].id`, 'is missing', i);
		out.push(await readAssistant(this, row.id, i));
	}
	return out;
}

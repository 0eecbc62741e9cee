import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { returnAllAndLimit } from '../../../shared/engine/descriptions';
import { explainKbLimit, listKnowledgeBases } from '../../../shared/knowledgeBases/knowledgeBases';
import { operationOption, type OperationOutput } from '../../../shared/engine/operation';
import { fields } from '../../../shared/engine/params';
import { readLimit } from '../../../shared/http/getMany';

const MAX_LIMIT = 1000;

export const option = operationOption({
	name: 'Get Many',
	value: 'getMany',
	description: 'List the knowledge bases of the workspace',
	action: 'Get many knowledge bases',
});

export const properties: INodeProperties[] = [...returnAllAndLimit(MAX_LIMIT)];

export const kind = 'item';

/** GET /external/kb/all: the service answers every knowledge base at once (no paging). */
export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const limit = readLimit(fields(this, i), MAX_LIMIT);
	let rows;
	try {
		rows = await listKnowledgeBases(this, i);
	} catch (error) {
		throw explainKbLimit(error, 'read');
	}
	return limit === undefined ? rows : rows.slice(0, limit);
}

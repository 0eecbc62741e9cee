import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { operationOption, type OperationOutput } from '../../../shared/engine/operation';
import { fields } from '../../../shared/engine/params';
import { expectRows } from '../../../shared/http/shape';
import { filterProperties } from './filters';
import { readReport } from './report';

export const option = operationOption({
	name: 'Get Numbers Report',
	value: 'numbers',
	description: 'How each caller number performed in a date range',
	action: 'Get the report of each number',
});

export const properties: INodeProperties[] = [
	...filterProperties('optional'),
	{
		displayName: 'One Item per Number',
		name: 'splitNumbers',
		type: 'boolean',
		default: true,
		description:
			'Whether to output each number as an item of its own, or the whole answer as one item',
	},
];

export const kind = 'item';

/** GET /analytics/number-analytics: each number's entry as served, or the whole answer. */
export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const split = fields(this, i).boolean('splitNumbers', 'One Item per Number', true);
	const answer = await readReport(this, i, '/analytics/number-analytics', 'optional');
	if (!split) return answer;
	return expectRows(this.getNode(), answer.number_analytics, 'number_analytics', i);
}

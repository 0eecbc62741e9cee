import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { operationOption, type OperationOutput } from '../../../shared/engine/operation';
import { filterProperties } from './filters';
import { readReport } from './report';

export const option = operationOption({
	name: 'Get Duration Distribution',
	value: 'durationDistribution',
	description: 'How long the calls in a date range lasted',
	action: 'Get the call duration distribution',
});

export const properties: INodeProperties[] = filterProperties('optional');

export const kind = 'item';

/** GET /analytics/duration-distribution: one item, the answer as served. */
export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	return await readReport(this, i, '/analytics/duration-distribution', 'optional');
}

import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { operationOption, type OperationOutput } from '../../../shared/engine/operation';
import { filterProperties } from './filters';
import { readReport } from './report';

export const option = operationOption({
	name: 'Get Platform Report',
	value: 'platform',
	description: 'Performance metrics and a summary of the calls in a date range',
	action: 'Get the platform report',
});

export const properties: INodeProperties[] = filterProperties('optional');

export const kind = 'item';

/** GET /analytics/platform-analytics: one item, the answer as served. */
export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	return await readReport(this, i, '/analytics/platform-analytics', 'optional');
}

import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { operationOption, type OperationOutput } from '../../../shared/engine/operation';
import { filterProperties } from './filters';
import { readReport } from './report';

export const option = operationOption({
	name: 'Get Classification Report',
	value: 'classification',
	description: 'How the calls in a date range were classified',
	action: 'Get the call classification report',
});

export const properties: INodeProperties[] = filterProperties('optional');

export const kind = 'item';

/** GET /analytics/classification-analytics: one item, the answer as served. */
export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	return await readReport(this, i, '/analytics/classification-analytics', 'optional');
}

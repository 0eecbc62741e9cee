import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { operationOption, type OperationOutput } from '../../../shared/engine/operation';
import { filterProperties } from './filters';
import { readReport } from './report';

export const option = operationOption({
	name: 'Get Campaign Report',
	value: 'drillDown',
	description: 'Performance metrics of one campaign',
	action: 'Get the report of a campaign',
});

export const properties: INodeProperties[] = filterProperties('required');

export const kind = 'item';

/** GET /analytics/drill-down-analytics: one item, the answer as served. */
export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	return await readReport(this, i, '/analytics/drill-down-analytics', 'required');
}

import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { operationOption } from '../../../shared/operation';
import { returnAllAndLimit } from '../../../shared/descriptions';
import { getMany } from '../../../shared/getMany';
import { fields } from '../../../shared/params';
import type { OperationOutput } from '../../../shared/router';
import { expectOptionalObject } from '../../../shared/shape';

export const option = operationOption({
	name: 'Get Many',
	value: 'getMany',
	description: 'List the campaigns of the workspace, with their call counts',
	action: 'Get many campaigns',
});

/** The campaign list takes 1 to 1000 rows a page; 100 keeps each answer (with counts) quick. */
export const CAMPAIGN_PAGE_SIZE = 100;
export const CAMPAIGN_MAX_LIMIT = 1000;

export const properties: INodeProperties[] = [
	...returnAllAndLimit(CAMPAIGN_MAX_LIMIT),
	{
		displayName: 'Include Call Counts',
		name: 'includeCallCounts',
		type: 'boolean',
		default: true,
		description:
			'Whether to include total_count, registered_count and completed_count for each campaign',
	},
];

export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const callCount = fields(this, i).boolean('includeCallCounts', 'Include Call Counts', true);
	return await getMany(this, i, {
		path: '/campaign/all',
		qs: { call_count: callCount },
		rowsKey: 'campaigns',
		pageSize: CAMPAIGN_PAGE_SIZE,
		maxLimit: CAMPAIGN_MAX_LIMIT,
		total: (body) => expectOptionalObject(this.getNode(), body.pagination, 'pagination', i).total,
	});
}

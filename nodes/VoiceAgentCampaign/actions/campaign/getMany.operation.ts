import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllAndLimit } from '../../../shared/descriptions';
import { getMany } from '../../../shared/getMany';
import { fields } from '../../../shared/params';
import type { OperationOutput } from '../../../shared/router';
import { expectOptionalObject } from '../../../shared/shape';

/** The campaign list takes 1 to 1000 rows a page; 100 keeps each answer (with counts) quick. */
export const CAMPAIGN_PAGE_SIZE = 100;
export const CAMPAIGN_MAX_LIMIT = 1000;

const properties: INodeProperties[] = [
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

export const description = updateDisplayOptions(
	{ show: { resource: ['campaign'], operation: ['getMany'] } },
	properties,
);

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

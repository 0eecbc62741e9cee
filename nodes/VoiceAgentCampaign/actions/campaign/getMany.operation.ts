import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllAndLimit } from '../../../shared/descriptions';
import { paginate } from '../../../shared/paginate';
import type { OperationOutput } from '../../../shared/router';
import { apiRequest } from '../../../shared/transport';
import { requireInteger } from '../../../shared/validate';

/** The campaign list takes 1 to 1000 rows a page; 100 keeps each answer (with counts) quick. */
export const CAMPAIGN_PAGE_SIZE = 100;
export const CAMPAIGN_MAX_LIMIT = 1000;

const fields: INodeProperties[] = [
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
	fields,
);

export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const returnAll = this.getNodeParameter('returnAll', i, false) as boolean;
	const max = returnAll
		? undefined
		: requireInteger(
				this.getNode(),
				'Limit',
				this.getNodeParameter('limit', i, 50),
				i,
				1,
				CAMPAIGN_MAX_LIMIT,
			);
	const callCount = this.getNodeParameter('includeCallCounts', i, true) === true;
	return await paginate<IDataObject>(
		async (offset, limit) => {
			const body = await apiRequest.call(this, {
				method: 'GET',
				path: '/campaign/all',
				qs: { call_count: callCount, limit, offset },
				itemIndex: i,
			});
			const rows = Array.isArray(body.campaigns) ? (body.campaigns as IDataObject[]) : [];
			const pagination = (body.pagination ?? {}) as IDataObject;
			return { rows, total: pagination.total };
		},
		{ pageSize: CAMPAIGN_PAGE_SIZE, max, trustTotal: true },
	);
}

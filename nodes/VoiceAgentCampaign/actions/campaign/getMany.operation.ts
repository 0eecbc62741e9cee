import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { operationOption } from '../../../shared/engine/operation';
import { CAMPAIGN_MAX_LIMIT, readCampaigns } from '../../../shared/campaigns/campaigns';
import { returnAllAndLimit } from '../../../shared/engine/descriptions';
import { readLimit } from '../../../shared/http/getMany';
import { fields } from '../../../shared/engine/params';
import type { OperationOutput } from '../../../shared/engine/router';

export const option = operationOption({
	name: 'Get Many',
	value: 'getMany',
	description: 'List the campaigns of the workspace, with their call counts',
	action: 'Get many campaigns',
});

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

export const kind = 'item';

export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const f = fields(this, i);
	const callCount = f.boolean('includeCallCounts', 'Include Call Counts', true);
	const max = readLimit(f, CAMPAIGN_MAX_LIMIT);
	return await readCampaigns(this, { callCount, max }, i);
}

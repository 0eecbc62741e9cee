import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { findCampaign, sameId } from '../../../shared/campaigns/campaigns';
import { campaignLocator } from '../../../shared/campaigns/fields';
import { operationOption } from '../../../shared/engine/operation';
import { fields } from '../../../shared/engine/params';
import type { OperationOutput } from '../../../shared/engine/router';

export const option = operationOption({
	name: 'Get',
	value: 'get',
	description: 'Get one campaign with its status and call counts',
	action: 'Get a campaign',
});

export const properties: INodeProperties[] = [campaignLocator()];

export const kind = 'item';

/** The service has no get-by-id endpoint: the campaign is found in the list, with its counts. */
export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const id = fields(this, i).locatorUuid('campaign', 'Campaign');
	const campaign = await findCampaign(this, (c) => sameId(c.id, id), { callCount: true }, i);
	if (!campaign) {
		throw new NodeOperationError(
			this.getNode(),
			`Campaign ${id} is not in the workspace's campaign list`,
			{
				itemIndex: i,
				description:
					'Check the ID (the Campaign dropdown lists every campaign), and that the API key belongs to the campaign’s workspace.',
			},
		);
	}
	return campaign;
}

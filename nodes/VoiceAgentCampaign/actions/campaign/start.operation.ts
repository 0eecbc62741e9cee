import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { assistantLocator } from '../../../shared/assistants/fields';
import { campaignLocator } from '../../../shared/campaigns/fields';
import { sendOnce } from '../../../shared/engine/once';
import { operationOption } from '../../../shared/engine/operation';
import { fields } from '../../../shared/engine/params';
import type { OperationOutput } from '../../../shared/engine/router';
import { launchProperties, readLaunch, startList } from './launch';

export const option = operationOption({
	name: 'Start',
	value: 'start',
	description: 'Start a created campaign: its calls begin at its start time',
	action: 'Start a campaign',
});

export const properties: INodeProperties[] = [
	campaignLocator({ description: 'The campaign (contact list) to start' }),
	assistantLocator({ description: 'The assistant that holds the calls' }),
	...launchProperties(),
];

export const kind = 'item';

export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const f = fields(this, i);
	const listId = f.locatorUuid('campaign', 'Campaign');
	const agentId = f.locatorUuid('assistant', 'Assistant');
	const launch = readLaunch(f);
	// A scheduled or ongoing campaign cannot be started twice; under Retry On Fail it is not asked twice either.
	const answer = await sendOnce(
		this,
		i,
		'campaign start',
		async () => await startList(this, i, agentId, listId, launch),
	);
	return { list_id: listId, ...answer };
}

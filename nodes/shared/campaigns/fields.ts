import type { INodeProperties } from 'n8n-workflow';

import { listOrUuidModes } from '../engine/descriptions';

/** Fields of campaigns: the campaign picker. */

/** Campaign picker: the workspace's campaigns, or a pasted ID (checked as a UUID). */
export function campaignLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Campaign',
		name: 'campaign',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		...listOrUuidModes(
			'Select a campaign...',
			'searchCampaigns',
			'campaign',
			'6e7f8a9b-0c1d-4e2f-8a3b-4c5d6e7f8a9b',
		),
		...overrides,
	};
}

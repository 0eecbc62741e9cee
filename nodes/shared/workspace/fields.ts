import type { INodeProperties } from 'n8n-workflow';

import { listOrUuidModes } from '../engine/descriptions';

/** Fields of the workspace: its number pickers. */

/** Caller number picker: the workspace's numbers, or a number typed in E.164. */
export function fromNumberLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'From Number',
		name: 'fromNumber',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'Workspace number the call is made from',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a workspace number...',
				typeOptions: { searchListMethod: 'searchNumbers', searchable: true },
			},
			{
				displayName: 'Number',
				name: 'number',
				type: 'string',
				// Checked by the node (international format), not by a regex: see uuidModes.
				placeholder: 'e.g. +14155550100',
			},
		],
		...overrides,
	};
}

/** Workspace number picker whose value is the number's `id` (the edit takes number_id). */
export function numberIdLocator(): INodeProperties {
	return {
		displayName: 'Phone Number',
		name: 'numberId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'Workspace phone number, identified by its ID',
		...listOrUuidModes(
			'Select a workspace number...',
			'searchNumberIds',
			'number',
			'9b2e4c1a-7d3f-4e5a-8b6c-1d2e3f4a5b6c',
		),
	};
}

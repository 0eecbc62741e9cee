import type { INodeProperties } from 'n8n-workflow';

import type { VoicemailFilter } from './calls/cursor';

/**
 * A locator's "By ID" mode. Returned as `{ modes }` so that each mode is written where n8n's
 * lint knows it is one. No `validation` regex: n8n 2.x runs every such regex at the start of
 * every execution in a vm with a 250 ms timeout, and on a busy machine that timeout failed
 * whole workflows (seen in CI). The node's own readers check the ID before any request and
 * name the field and the item.
 */
export function uuidModes(
	what: string,
	example: string,
	displayName = 'By ID',
): Required<Pick<INodeProperties, 'modes'>> {
	return {
		modes: [
			{
				displayName,
				name: 'id',
				type: 'string',
				placeholder: `e.g. ${example} (a ${what} ID)`,
			},
		],
	};
}

/** A locator's modes: a searchable list from the node's `method`, then the ID (uuidModes). */
export function listOrUuidModes(
	placeholder: string,
	method: string,
	what: string,
	example: string,
): Required<Pick<INodeProperties, 'modes'>> {
	return {
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder,
				typeOptions: { searchListMethod: method, searchable: true },
			},
			...uuidModes(what, example).modes,
		],
	};
}

/** Assistant picker: from the workspace's list, or a pasted ID (checked as a UUID). */
export function assistantLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Assistant',
		name: 'assistant',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The AI voice assistant that handles the call',
		...listOrUuidModes(
			'Select an assistant...',
			'searchAssistants',
			'assistant',
			'3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
		),
		...overrides,
	};
}

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

/** Return All + Limit, the usual n8n pair for list operations. */
export function returnAllAndLimit(maxLimit: number): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: maxLimit },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
		},
	];
}

/**
 * Call statuses the service reports (vendor reference, 2026-08: registered, ongoing, retry,
 * completed, failed, error, cancelled; forwarded is also seen); the history filter takes any.
 */
export const CALL_STATUS_OPTIONS = [
	{ name: 'Cancelled', value: 'cancelled' },
	{ name: 'Completed', value: 'completed' },
	{ name: 'Error', value: 'error' },
	{ name: 'Failed', value: 'failed' },
	{ name: 'Forwarded', value: 'forwarded' },
	{ name: 'Ongoing', value: 'ongoing' },
	{ name: 'Registered (Queued)', value: 'registered' },
	{ name: 'Retry', value: 'retry' },
];

export const CALL_TYPE_OPTIONS = [
	{ name: 'Inbound', value: 'inbound' },
	{ name: 'Outbound', value: 'outbound' },
	{ name: 'Web Call', value: 'webcall' },
];

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

/** Voice picker: the voices of the language chosen in the same node, or a pasted ID. */
export function voiceLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Voice',
		name: 'voiceId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The voice; it must speak the chosen language',
		...listOrUuidModes(
			'Select a voice...',
			'searchVoices',
			'voice',
			'1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
		),
		...overrides,
	};
}

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

/** The voicemail filter's values: every call, only those that reached voicemail, or none. */
export const VOICEMAIL_FILTERS: readonly VoicemailFilter[] = ['any', 'exclude', 'only'];

/** Voicemail filter (the polling trigger, the analytics reports). */
export function voicemailFilter(description: string): INodeProperties {
	return {
		displayName: 'Voicemail',
		name: 'voicemail',
		type: 'options',
		options: [
			{ name: 'Any', value: 'any' },
			{ name: 'Exclude Voicemail', value: 'exclude' },
			{ name: 'Only Voicemail', value: 'only' },
		],
		default: 'any',
		description,
	};
}

/**
 * Knowledge base picker: the workspace's knowledge bases, or a pasted ID. Named
 * `knowledgeBaseId` because saved Assistant workflows hold that field as plain text, which
 * the readers still take.
 */
export function knowledgeBaseLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Knowledge Base',
		name: 'knowledgeBaseId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		...listOrUuidModes(
			'Select a knowledge base...',
			'searchKnowledgeBases',
			'knowledge base',
			'5a6b7c8d-1e2f-4a3b-9c4d-5e6f7a8b9c0d',
		),
		...overrides,
	};
}

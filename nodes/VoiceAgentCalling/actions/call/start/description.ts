import type { INodeProperties } from 'n8n-workflow';

import { uuidModes } from '../../../../shared/engine/descriptions';
import { assistantLocator, voiceLocator } from '../../../../shared/assistants/fields';
import { fromNumberLocator } from '../../../../shared/workspace/fields';
import { callSettingsField } from '../../../../shared/dialling/callSettings';
import { versionLocator } from '../../../../shared/assistants/versionField';
import { countryCodeField, missingVariablesField } from '../../../../shared/dialling/callee/values';
import { calleeZoneProperties } from '../../../../shared/dialling/callee/zoneFields';
import { doNotCallFields } from '../../../../shared/dialling/callee/doNotCallField';
import { downloadRecordingField, includeAnalysisField } from '../../../../shared/calls/fields';
import {
	duplicateProtectionField,
	GUARD_LOOKBACK_MINUTES,
	rerunGuardOption,
	rerunLookbackOption,
} from './rerun';

/** The fields of Call → Start, as the editor shows them. */

export const DEFAULT_CONCURRENT = 10;
export const MAX_CONCURRENT = 50;
export const MIN_POLL_SECONDS = 2;
export const MAX_POLL_SECONDS = 600;
export const MIN_WAIT_SECONDS = 5;
export const MAX_WAIT_SECONDS = 86400;

export const properties: INodeProperties[] = [
	assistantLocator(),
	// The call body takes version_id: a slice of a sheet can be called with one A/B variant.
	versionLocator(),
	{
		displayName: 'Phone Number',
		name: 'mobileNumber',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. +14155550100',
		description: 'Number to call, in international format with country code',
	},
	countryCodeField('defaultCountryCode', false),
	{
		displayName: 'Callee Name',
		name: 'name',
		type: 'string',
		default: '',
		placeholder: 'e.g. Ada Lovelace',
		description: 'Name of the person to call; the assistant can use it in the conversation',
	},
	fromNumberField(),
	{
		displayName:
			'From Number is required: pick the workspace number the calls are made from, or give its ID or a number pool ID',
		name: 'fromNumberRequired',
		type: 'notice',
		default: '',
		// Shown while it is empty (an expression counts as given): n8n marks a required locator
		// with an icon whose reason shows only on hover, and refuses the run with a general message.
		displayOptions: { hide: { fromNumber: [{ _cnd: { not: '' } }] } },
	},
	voiceLocator({
		displayName: 'Voice (Override)',
		required: false,
		description:
			"A voice for these calls instead of the assistant's own; it must speak the assistant's language. Empty: the assistant's voice.",
	}),
	{
		displayName: 'Custom Variables',
		name: 'variablesMode',
		type: 'options',
		default: 'pairs',
		description: 'Values for the @{{variable}} placeholders in the assistant prompt',
		options: [
			{ name: 'None', value: 'none' },
			{ name: 'Key/Value Pairs', value: 'pairs' },
			{ name: 'JSON Object', value: 'json' },
			{
				name: 'All Input Fields',
				value: 'row',
				description:
					'Send every field of the input item (e.g. every spreadsheet column) as a variable',
			},
		],
	},
	{
		displayName: 'Fields to Leave Out',
		name: 'variablesExclude',
		type: 'string',
		default: '',
		placeholder: 'e.g. phone, name',
		description: 'Comma-separated input fields not to send as variables',
		displayOptions: { show: { variablesMode: ['row'] } },
	},
	{
		displayName: 'Variables',
		name: 'variables',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Variable',
		default: {},
		displayOptions: { show: { variablesMode: ['pairs'] } },
		options: [
			{
				displayName: 'Variable',
				name: 'variable',
				values: [
					{
						displayName: 'Name',
						name: 'name',
						type: 'string',
						default: '',
						placeholder: 'e.g. appointment_date',
						description: 'Variable name as written in the prompt, without @{{ }}',
					},
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
					},
				],
			},
		],
	},
	{
		displayName: 'Variables (JSON)',
		name: 'variablesJson',
		type: 'json',
		default: '{}',
		displayOptions: { show: { variablesMode: ['json'] } },
		description: 'An object of variable names to values, e.g. {"appointment_date": "Friday"}',
	},
	missingVariablesField,
	...doNotCallFields,
	{
		displayName: 'Dry Run',
		name: 'dryRun',
		type: 'boolean',
		default: false,
		// Main field, not an option: the safe first step before a real batch must be seen.
		hint: 'Turn on for the first run of a new list: each row is checked and shows the request it would send. Nobody is called.',
		description:
			'Whether to only check every row and output the exact request body it would send, without calling anyone',
	},
	{
		displayName: 'Dry Run Report',
		name: 'dryRunReport',
		type: 'boolean',
		default: false,
		displayOptions: { show: { dryRun: [true] } },
		description:
			'Whether to report every row instead of stopping at a bad one: why a row would be skipped (do_not_call, invalid_number, missing_prompt_variable, …), when its call window would first let it ring, and on every item the counts of the run',
	},
	{
		displayName: 'Pace',
		name: 'pace',
		type: 'collection',
		placeholder: 'Add Pace Setting',
		default: {},
		description: 'How fast the calls of a batch are started',
		options: [
			{
				displayName: 'Calls per Minute',
				name: 'callsPerMinute',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				description:
					'Most calls to start per minute across all items; 0 starts them as fast as Max Concurrent Requests allows',
			},
			{
				displayName: 'Max Concurrent Requests',
				name: 'maxConcurrent',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_CONCURRENT },
				default: DEFAULT_CONCURRENT,
				description: 'How many calls are being started at the same time',
			},
		],
	},
	duplicateProtectionField,
	{
		displayName: 'Duplicate Protection Options',
		// The name of the group that held the mode too: saved workflows keep their settings.
		name: 'duplicates',
		type: 'collection',
		placeholder: 'Add Option',
		// Shown set: the panel says how far back the check looks, not "No properties".
		default: { rerunLookbackMinutes: GUARD_LOOKBACK_MINUTES },
		displayOptions: { hide: { duplicateProtection: ['off'] } },
		options: [rerunLookbackOption, rerunGuardOption],
	},
	{
		displayName: 'Wait for Call to End',
		name: 'waitForCompletion',
		type: 'boolean',
		default: false,
		description:
			'Whether to wait until the call has ended (completed, failed, error or cancelled) and output its details and transcript',
	},
	{
		displayName: 'Wait Options',
		name: 'waitOptions',
		type: 'collection',
		placeholder: 'Add Wait Option',
		default: {},
		displayOptions: { show: { waitForCompletion: [true] } },
		options: [
			downloadRecordingField(
				'Whether to add the audio recording of each ended call as a file (binary data "data"); a recording that cannot be fetched leaves the row without it, with recording_error',
			),
			includeAnalysisField('Whether to add the call analysis when waiting for the call to end'),
			{
				displayName: 'Max Wait (Seconds)',
				name: 'maxWaitSeconds',
				type: 'number',
				typeOptions: { minValue: MIN_WAIT_SECONDS, maxValue: MAX_WAIT_SECONDS },
				default: 1800,
				description: 'Stop waiting after this long; the item then has timed_out: true',
			},
			{
				displayName: 'Poll Interval (Seconds)',
				name: 'pollIntervalSeconds',
				type: 'number',
				typeOptions: { minValue: MIN_POLL_SECONDS, maxValue: MAX_POLL_SECONDS },
				default: 15,
				description:
					'How often to check whether the calls have ended (all calls of the run are checked together)',
			},
		],
	},
	...calleeZoneProperties,
	callSettingsField({
		description:
			'The assistant’s call settings, changed for this call only: when it may ring, retries, timeouts, status callback',
		scheduledAt: true,
		// The status callback is Start's own (a campaign has none).
		extra: [
			{
				displayName: 'Status Callback Headers',
				name: 'callbackHeaders',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				placeholder: 'Add Header',
				default: {},
				description:
					'Headers sent with every status callback (a JSON Content-Type header is added unless one is set here)',
				options: [
					{
						displayName: 'Header',
						name: 'header',
						values: [
							{ displayName: 'Name', name: 'name', type: 'string', default: '' },
							{ displayName: 'Value', name: 'value', type: 'string', default: '' },
						],
					},
				],
			},
			{
				// A notice cannot depend on a collection member (n8n's parameter resolution refuses
				// nested displayOptions paths), so the field says it itself.
				displayName: 'Status Callback URL (Legacy)',
				name: 'callbackUrl',
				type: 'string',
				default: '',
				placeholder: 'e.g. https://n8n.example.com/webhook/call-status',
				description:
					'Legacy: the vendor removed per-call callbacks from its reference on 2026-08-03, so the service may ignore this URL. For call events use the Voice Agent Webhook Trigger (event subscriptions). When honoured, every status change of the call is POSTed here; https only (plain http for localhost).',
			},
		],
	}),
];

/** From Number: a workspace number (sent as from_number) or its ID (sent as from_number_id). */
function fromNumberField(): INodeProperties {
	const base = fromNumberLocator();
	const pool = uuidModes('number pool', 'c9c9c9c9-0000-4000-8000-000000000001', 'Number Pool ID')
		.modes[0];
	return {
		...base,
		description:
			'Where the call is made from: a workspace number, its ID, or the ID of a number pool (the service picks one of its numbers; it publishes no list of pools)',
		modes: [
			...(base.modes ?? []),
			...uuidModes('workspace number', 'c3c3c3c3-0000-4000-8000-000000000001', 'By Number ID')
				.modes,
			{ ...pool, name: 'pool' },
		],
	};
}

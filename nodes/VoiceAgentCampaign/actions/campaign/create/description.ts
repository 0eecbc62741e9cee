import type { INodeProperties } from 'n8n-workflow';
import { countryCodeField, missingVariablesField } from '../../../../shared/dialling/callee/values';
import { doNotCallFields } from '../../../../shared/dialling/callee/doNotCallField';

import { callSettingsField } from '../../../../shared/dialling/callSettings';
import { calleeZoneProperties } from '../../../../shared/dialling/callee/zoneFields';
import { assistantLocator } from '../../../../shared/assistants/fields';
import { launchProperties } from '../launch';
import { PHONE_HEADER } from './contacts';
import { DUPLICATE_LOOKBACK_MINUTES, MAX_DUPLICATE_LOOKBACK_MINUTES } from './settings';

/** From this many rows the large-list flow is used (FACTS: "5,000+ rows"). */
export const LARGE_FROM_ROWS = 5000;

/** The fields of Campaign → Create, as the editor shows them. */
export const properties: INodeProperties[] = [
	assistantLocator({ description: 'The assistant that holds every call of the campaign' }),
	{
		displayName: 'Campaign Name',
		name: 'campaignName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. December check-up reminders',
		description: 'Shown in the dashboard and in the campaign dropdowns',
	},
	{
		displayName: 'Contacts From',
		name: 'contactsSource',
		type: 'options',
		default: 'items',
		options: [
			{
				name: 'Input Items',
				value: 'items',
				description: 'Every input item is a contact (e.g. the rows of a sheet)',
			},
			{
				name: 'CSV File',
				value: 'file',
				description:
					'A CSV file in the items’ binary data (Read Files, Google Drive, an e-mail attachment)',
			},
		],
	},
	{
		displayName: 'Phone Number',
		name: 'mobileNumber',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. {{ $json.phone }}',
		description: 'Number to call for this item; cleaned as Start cleans it (spaces, dashes, 00)',
		displayOptions: { show: { contactsSource: ['items'] } },
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		description: 'The binary field holding the CSV file; every item’s file is added',
		displayOptions: { show: { contactsSource: ['file'] } },
	},
	{
		displayName: 'Phone Column',
		name: 'phoneColumn',
		type: 'string',
		default: PHONE_HEADER,
		required: true,
		description: 'The column of the file that holds the numbers',
		displayOptions: { show: { contactsSource: ['file'] } },
	},
	countryCodeField('countryCode', true),
	{
		displayName: 'Variable Mapping',
		name: 'variableMapping',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Variable',
		default: {},
		description:
			'Which column fills each @{{variable}} of the prompt. Empty: every variable of the assistant from the column of the same name.',
		options: [
			{
				displayName: 'Variable',
				name: 'mapping',
				values: [
					{
						displayName: 'Variable Name or ID',
						name: 'variable',
						type: 'options',
						typeOptions: {
							loadOptionsMethod: 'getPromptVariables',
							loadOptionsDependsOn: ['assistant.value'],
						},
						default: '',
						description:
							'A variable the assistant’s prompt uses. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
					},
					{
						displayName: 'Column',
						name: 'column',
						type: 'string',
						default: '',
						placeholder: 'e.g. clinic',
						description:
							'The item field (or CSV column) holding its value. Empty: the column named like the variable.',
					},
				],
			},
		],
	},
	...doNotCallFields,
	{
		displayName: 'Dry Run',
		name: 'dryRun',
		type: 'boolean',
		default: false,
		hint: 'Nothing is uploaded: the output says how many rows would be uploaded, which are left out and why, and when calls would start',
		description:
			'Whether to only check the rows and report what would be uploaded, without creating a campaign',
	},
	{
		displayName: 'Start',
		name: 'startAt',
		type: 'dateTime',
		default: '',
		required: true,
		description:
			'When the campaign may start calling (in the future). A date without an offset is local time in Call Settings › Time Zone (empty: the workflow’s), also with Call Window in the Callee’s Time Zone: each zone’s campaign then starts at that same moment.',
	},
	{
		displayName: 'End',
		name: 'endAt',
		type: 'dateTime',
		default: '',
		required: true,
		description: 'When the campaign stops calling',
	},
	{
		displayName: 'Start Right Away',
		name: 'startRightAway',
		type: 'boolean',
		default: false,
		description:
			'Whether to start the campaign as soon as it is created (calls begin at Start). Off: start it with Campaign → Start.',
	},
	...launchProperties({ startRightAway: [true] }),
	...calleeZoneProperties,
	callSettingsField({
		description:
			'The call settings of every call of the campaign: call window and its time zone (the time zone of Start and End), retries, timeouts',
		scheduledAt: false,
	}),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Duplicate Look Back (Minutes)',
				name: 'duplicateLookBackMinutes',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_DUPLICATE_LOOKBACK_MINUTES },
				default: DUPLICATE_LOOKBACK_MINUTES,
				description:
					'With Duplicate Protection: how long after a campaign was made a run with the same rows finds it instead of making another. A run later than this makes a new campaign (e.g. the same sheet another day).',
			},
			{
				displayName: 'Duplicate Protection',
				name: 'duplicateProtection',
				type: 'boolean',
				default: true,
				description:
					'Whether to add a key of the rows and settings to the campaign name (“… #1a2b3c4d”) and, before uploading, look for a campaign with that key made within the Duplicate Look Back: a re-run with the same rows (a second click, Retry On Fail, a re-run execution) then finds it instead of creating a second campaign, and does not start it twice',
			},
			{
				displayName: 'Large List Flow',
				name: 'largeFlow',
				type: 'options',
				default: 'auto',
				options: [
					{ name: 'Automatic', value: 'auto', description: `From ${LARGE_FROM_ROWS} rows` },
					{ name: 'Always', value: 'always' },
					{ name: 'Never', value: 'never' },
				],
				description:
					'The service’s flow for large lists (beta; the workspace must be enabled): upload, wait while the service verifies the list, then schedule the calls',
			},
			{
				displayName: 'Max Verification Wait (Minutes)',
				name: 'maxVerifyMinutes',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 120 },
				default: 15,
				description: 'Large lists: how long to wait for the service to verify the list',
			},
			missingVariablesField,
			{
				displayName: 'Poll Interval (Seconds)',
				name: 'pollSeconds',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 300 },
				default: 10,
				description: 'Large lists: how often to ask whether the list is verified',
			},
			{
				displayName: 'Remove Invalid Rows',
				name: 'removeInvalidRows',
				type: 'boolean',
				default: false,
				description:
					'Whether the service drops rows it finds invalid instead of counting them as failed',
			},
			{
				displayName: 'Transliterate Callee Name',
				name: 'transliterateCalleeName',
				type: 'boolean',
				default: false,
				description:
					'Whether the service transliterates callee names into the assistant’s language',
			},
		],
	},
];

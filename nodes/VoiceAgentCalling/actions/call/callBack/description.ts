import type { INodeProperties } from 'n8n-workflow';

import { doNotCallFields } from '../../../../shared/dialling/callee/doNotCallField';

export const properties: INodeProperties[] = [
	{
		displayName: 'Call ID',
		name: 'callId',
		type: 'string',
		default: '={{ $json.call_id ?? $json.id }}',
		required: true,
		placeholder: 'e.g. 7d0f6a3e-2b1c-4d5e-8f90-123456789abc',
		description:
			'The call to place again. When the input item is that call (from a trigger, Get, Get Many or Start), its assistant, numbers, name and variables are taken from it; what it lacks is read from the call details.',
	},
	{
		displayName: 'When',
		name: 'when',
		type: 'options',
		default: 'now',
		options: [
			{ name: 'Now', value: 'now', description: 'Place the call at once' },
			{
				name: 'At the Requested Call-Back Time',
				value: 'callbackAt',
				description:
					"At the time the callee asked for (the analysis' callback_requested_time): an offset given fixes it; a local time is read in the analysis' zone, else the callee's (from the number), else Time Zone When Unknown; a day without a time at 09:00 (window 09:00-18:00)",
			},
			{ name: 'At a Time You Give', value: 'at', description: 'At the date below' },
			{
				name: 'At the Next Opening of a Daily Window',
				value: 'nextWindow',
				description: 'Now when inside the window below, else at its next start',
			},
		],
		description:
			"A later time is sent as the call's scheduled time with a call window that opens at it (to the window's end, else for 2 hours): the service may ignore the scheduled time, and the window keeps the call from ringing before it. A time a day or more away is refused: put a Wait node first (Resume: At Specified Time) and use When: Now. A time already past calls now.",
	},
	{
		displayName: 'Time Zone When Unknown',
		name: 'assumedZone',
		type: 'string',
		default: '',
		placeholder: 'e.g. America/New_York',
		displayOptions: { show: { when: ['callbackAt'] } },
		description:
			"The IANA time zone a requested time without offset is read in when neither the analysis nor the callee's number tells one (a country or +1 area code with several zones). Empty: such a call is not placed, and the error says why.",
	},
	{
		displayName: 'Call At',
		name: 'callAt',
		type: 'dateTime',
		default: '',
		required: true,
		displayOptions: { show: { when: ['at'] } },
		description:
			"When to call, less than a day ahead (a window opening then is sent with it). A date without an offset is taken in the workflow's time zone.",
	},
	{
		displayName: 'Window Start',
		name: 'windowStart',
		type: 'string',
		default: '09:00',
		required: true,
		placeholder: 'e.g. 09:00',
		displayOptions: { show: { when: ['nextWindow'] } },
		description: 'When the daily window opens, as HH:MM (24-hour) in the window time zone',
	},
	{
		displayName: 'Window End',
		name: 'windowEnd',
		type: 'string',
		default: '18:00',
		required: true,
		placeholder: 'e.g. 18:00',
		displayOptions: { show: { when: ['nextWindow'] } },
		description: 'When the daily window closes, as HH:MM (24-hour), after the start',
	},
	{
		displayName: 'Window Time Zone',
		name: 'windowTimeZone',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. America/New_York',
		displayOptions: { show: { when: ['nextWindow'] } },
		description:
			"The IANA time zone the window is in; daylight saving follows the zone. The original call's window is not known to the call details, so it is given here.",
	},
	{
		displayName: 'Duplicate Protection',
		name: 'duplicateProtection',
		type: 'boolean',
		default: true,
		description:
			"Whether to look for a call already placed back for this call (in the call history from the call's own time on, and among this execution's items) and output the item as skipped instead of calling again. Where the service shows no parent_call_id, a later call of the assistant to the same callee is presumed to be it, and the output says so.",
	},
	{
		displayName: 'Look Back (Days)',
		name: 'lookBackDays',
		type: 'number',
		default: 7,
		typeOptions: { minValue: 1, maxValue: 90 },
		description:
			"Where the service shows no parent_call_id: how far before this call the assistant's calls to the same callee are counted as earlier attempts of its chain (Max Attempts). Where the call's time is not known, also how far back the search for a call already placed back starts.",
	},
	{
		displayName: 'Max Attempts',
		name: 'maxAttempts',
		type: 'number',
		default: 3,
		typeOptions: { minValue: 1, maxValue: 20 },
		description:
			'The most calls in one chain of call-backs, the first call included (1 to 20), whatever Duplicate Protection is. Past it the item is output with skipped: "max_attempts" and no call is placed, so a loop of unanswered calls ends.',
	},
	// Its numbers need their country code here: a call back has no country code field.
	...doNotCallFields,
	{
		displayName: 'Overrides',
		name: 'overrides',
		type: 'collection',
		placeholder: 'Add Override',
		default: {},
		options: [
			{
				displayName: 'Assistant ID',
				name: 'assistantId',
				type: 'string',
				default: '',
				description: 'Call with this assistant instead of the original one',
			},
			{
				displayName: 'Callee Name',
				name: 'calleeName',
				type: 'string',
				default: '',
			},
			{
				displayName: 'From Number',
				name: 'fromNumber',
				type: 'string',
				default: '',
				placeholder: 'e.g. +14155550100',
				description: 'The caller number, in E.164',
			},
			{
				displayName: 'Phone Number',
				name: 'phoneNumber',
				type: 'string',
				default: '',
				placeholder: 'e.g. +14155550123',
				description: 'The number to call, in E.164',
			},
			{
				displayName: 'Variables',
				name: 'variables',
				type: 'json',
				default: '{}',
				description:
					"The assistant's variables as a JSON object of text values, instead of the original call's",
				hint: "Without it, the variables are the row of Variables From Rows with the callee's number, else the input item's: the Webhook Trigger's events and Start's output carry them. The Polling Trigger's calls come from the call history, which carries none. The output's variables_from says which was used.",
			},
			{
				displayName: 'Variables From Rows',
				name: 'variableRows',
				type: 'string',
				default: '',
				placeholder: "e.g. {{ $('Contacts').all() }}",
				description:
					"Your sheet's rows (items or objects): the row whose phone number is the callee's gives the variables, every column but the phone and those left out. Numbers are compared after the same cleaning as Start's rows (a number without a country code takes the callee's). Two rows of the callee's number with different values are refused, naming both: neither is taken.",
				hint: "An expression giving every row, read once from the first item, e.g. {{ $('Contacts').all() }} for the items of the node named Contacts (a sheet, or a CSV read with Extract From File). The output's variables_row names the row used.",
			},
			{
				displayName: 'Variables From Rows: Leave Out',
				name: 'variableRowsLeaveOut',
				type: 'string',
				default: 'name',
				placeholder: 'e.g. name, email',
				description:
					'Comma-separated columns of the rows not to send as variables (the phone column never is)',
			},
			{
				displayName: 'Variables From Rows: Phone Column',
				name: 'variableRowsPhone',
				type: 'string',
				default: 'phone',
				description: 'The column of the rows that holds the phone number',
			},
			{
				displayName: 'Version ID',
				name: 'versionId',
				type: 'string',
				default: '',
				description: "The assistant's version; empty: the original call's, else the live one",
			},
		],
	},
];

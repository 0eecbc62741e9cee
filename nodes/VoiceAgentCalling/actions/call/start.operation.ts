import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { assistantLocator, fromNumberLocator } from '../../../shared/descriptions';
import type { OperationOutput } from '../../../shared/router';
import { apiRequest } from '../../../shared/transport';
import {
	fieldError,
	requireE164,
	requireFutureTime,
	requireHhmm,
	requireInteger,
	requireJsonObject,
	requireTimeZone,
	requireUuid,
} from '../../../shared/validate';

const fields: INodeProperties[] = [
	assistantLocator(),
	{
		displayName: 'Callee Name',
		name: 'name',
		type: 'string',
		default: '',
		placeholder: 'e.g. Ada Lovelace',
		description: 'Name of the person to call; the assistant can use it in the conversation',
	},
	{
		displayName: 'Phone Number',
		name: 'mobileNumber',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. +14155550100',
		description: 'Number to call, in international format with country code',
	},
	fromNumberLocator(),
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
		],
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
	{
		displayName: 'Call Options',
		name: 'callConfig',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		description: 'Overrides of the assistant’s call defaults',
		options: [
			{
				displayName: 'Call Window End',
				name: 'callEndTime',
				type: 'string',
				default: '',
				placeholder: 'e.g. 18:00',
				description: 'Latest local time (HH:MM, 24-hour) at which the call may be placed',
			},
			{
				displayName: 'Call Window Start',
				name: 'callStartTime',
				type: 'string',
				default: '',
				placeholder: 'e.g. 09:00',
				description: 'Earliest local time (HH:MM, 24-hour) at which the call may be placed',
			},
			{
				displayName: 'Idle Timeout End (Seconds)',
				name: 'idleTimeoutEnd',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 30,
				description: 'Silence after which the assistant ends the call',
			},
			{
				displayName: 'Idle Timeout Warning (Seconds)',
				name: 'idleTimeoutWarning',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 10,
				description: 'Silence after which the assistant checks whether the callee is still there',
			},
			{
				displayName: 'Max Call Length (Seconds)',
				name: 'maxCallLength',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 600,
			},
			{
				displayName: 'Retries',
				name: 'retry',
				type: 'fixedCollection',
				default: {},
				placeholder: 'Add Retry Settings',
				options: [
					{
						displayName: 'Retry Settings',
						name: 'settings',
						values: [
							{
								displayName: 'Retry Count',
								name: 'retry_count',
								type: 'number',
								typeOptions: { minValue: 0 },
								default: 1,
								description: 'How many times a call is retried in all',
							},
							{
								displayName: 'Retry When Busy',
								name: 'retry_busy',
								type: 'number',
								typeOptions: { minValue: 0 },
								default: 1,
								description: 'Retries when the line is busy',
							},
							{
								displayName: 'Retry When Not Picked Up',
								name: 'retry_not_picked',
								type: 'number',
								typeOptions: { minValue: 0 },
								default: 1,
							},
							{
								displayName: 'Retry When Failed',
								name: 'retry_failed',
								type: 'number',
								typeOptions: { minValue: 0 },
								default: 1,
							},
						],
					},
				],
			},
			{
				displayName: 'Scheduled At',
				name: 'scheduledAt',
				type: 'dateTime',
				default: '',
				description:
					'When to place the call. A date with an offset is converted to the time zone; a date without one is taken as local time in that zone. Must be in the future.',
			},
			{
				displayName: 'Time Zone',
				name: 'timezone',
				type: 'string',
				default: '',
				placeholder: 'e.g. America/New_York',
				description:
					'IANA time zone of the call window and Scheduled At. Empty: the workflow’s time zone.',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['call'], operation: ['start'] } },
	fields,
);

/** Custom variables as the API wants them: string keys to string values. */
export function readVariables(
	ctx: IExecuteFunctions,
	i: number,
): Record<string, string> | undefined {
	const mode = ctx.getNodeParameter('variablesMode', i, 'pairs') as string;
	const node = ctx.getNode();
	let raw: Record<string, unknown> = {};
	if (mode === 'pairs') {
		const pairs = (ctx.getNodeParameter('variables.variable', i, []) as IDataObject[]) ?? [];
		for (const [n, pair] of pairs.entries()) {
			const key = String(pair.name ?? '').trim();
			if (!key) throw fieldError(node, `Variables › Variable ${n + 1} › Name`, 'is required', i);
			if (Object.prototype.hasOwnProperty.call(raw, key)) {
				throw fieldError(node, `Variables › ${key}`, 'is given twice', i);
			}
			raw[key] = pair.value;
		}
	} else if (mode === 'json') {
		raw = requireJsonObject(
			node,
			'Variables (JSON)',
			ctx.getNodeParameter('variablesJson', i, '{}'),
			i,
		);
	}
	const out: Record<string, string> = {};
	for (const [key, value] of Object.entries(raw)) {
		if (value !== null && typeof value === 'object') {
			throw fieldError(
				node,
				`Variables › ${key}`,
				'must be text, a number or a boolean, not an object or list',
				i,
			);
		}
		out[key] = value === null || value === undefined ? '' : String(value);
	}
	return Object.keys(out).length ? out : undefined;
}

/** call_config from the Call Options collection, validated; undefined when nothing is set. */
export function readCallConfig(
	ctx: IExecuteFunctions,
	i: number,
	nowMs: number,
): IDataObject | undefined {
	const options = ctx.getNodeParameter('callConfig', i, {}) as IDataObject;
	const node = ctx.getNode();
	const config: IDataObject = {};
	for (const [param, key, label] of [
		['idleTimeoutWarning', 'idle_timeout_warning', 'Idle Timeout Warning'],
		['idleTimeoutEnd', 'idle_timeout_end', 'Idle Timeout End'],
		['maxCallLength', 'max_call_length', 'Max Call Length'],
	] as const) {
		if (options[param] !== undefined && options[param] !== '') {
			config[key] = requireInteger(node, `Call Options › ${label}`, options[param], i, 1);
		}
	}
	const retry = (options.retry as IDataObject | undefined)?.settings as IDataObject | undefined;
	if (retry) {
		const retryConfig: IDataObject = {};
		for (const key of ['retry_count', 'retry_busy', 'retry_not_picked', 'retry_failed']) {
			if (retry[key] !== undefined) {
				retryConfig[key] = requireInteger(
					node,
					`Call Options › Retries › ${key}`,
					retry[key],
					i,
					0,
				);
			}
		}
		config.call_retry_config = retryConfig;
	}

	const hasStart = Boolean(options.callStartTime);
	const hasEnd = Boolean(options.callEndTime);
	const hasSchedule = options.scheduledAt !== undefined && options.scheduledAt !== '';
	if (hasStart !== hasEnd) {
		throw fieldError(
			node,
			hasStart ? 'Call Options › Call Window End' : 'Call Options › Call Window Start',
			'is required when the other end of the call window is set',
			i,
		);
	}
	if (hasStart || hasSchedule || options.timezone) {
		const zone = options.timezone
			? requireTimeZone(node, 'Call Options › Time Zone', options.timezone, i)
			: ctx.getTimezone();
		const callTime: IDataObject = {};
		if (hasStart) {
			callTime.call_start_time = requireHhmm(
				node,
				'Call Options › Call Window Start',
				options.callStartTime,
				i,
			);
			callTime.call_end_time = requireHhmm(
				node,
				'Call Options › Call Window End',
				options.callEndTime,
				i,
			);
		}
		callTime.timezone = zone;
		if (hasSchedule) {
			callTime.scheduled_at = requireFutureTime(
				node,
				'Call Options › Scheduled At',
				options.scheduledAt,
				zone,
				i,
				nowMs,
			).local;
		}
		config.call_time = callTime;
	}
	return Object.keys(config).length ? config : undefined;
}

/** The whole request body for one item; every check happens here, before anything is sent. */
export function buildStartBody(ctx: IExecuteFunctions, i: number, nowMs = Date.now()): IDataObject {
	const node = ctx.getNode();
	const agentId = requireUuid(
		node,
		'Assistant',
		ctx.getNodeParameter('assistant', i, '', { extractValue: true }),
		i,
	);
	const mobileNumber = requireE164(
		node,
		'Phone Number',
		ctx.getNodeParameter('mobileNumber', i),
		i,
	);
	const fromNumber = requireE164(
		node,
		'From Number',
		ctx.getNodeParameter('fromNumber', i, '', { extractValue: true }),
		i,
	);
	const body: IDataObject = {
		name: String(ctx.getNodeParameter('name', i, '') ?? ''),
		mobile_number: mobileNumber,
		agent_id: agentId,
		from_number: fromNumber,
	};
	const variables = readVariables(ctx, i);
	if (variables) body.custom_args_values = variables;
	const callConfig = readCallConfig(ctx, i, nowMs);
	if (callConfig) body.call_config = callConfig;
	return body;
}

export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const body = buildStartBody(this, i);
	const response = await apiRequest.call(this, {
		method: 'POST',
		path: '/calling/outbound/individual',
		body,
		itemIndex: i,
	});
	const data = (response.data as IDataObject | undefined) ?? {};
	return { ...data, message: response.message };
}

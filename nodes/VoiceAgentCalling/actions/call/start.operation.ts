import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, sleep, updateDisplayOptions } from 'n8n-workflow';

import { Pacer, runPool } from '../../../shared/batch';
import { normalisePhone } from '../../../shared/phone';
import { sendOnce } from '../../../shared/once';
import { asItemError, type BatchOptions, type ItemResult } from '../../../shared/router';

import { assistantLocator, fromNumberLocator } from '../../../shared/descriptions';
import { apiRequest, getApiCredentials } from '../../../shared/transport';
import { getCallDetails } from './get.operation';
import {
	E164_RE,
	fieldError,
	requireE164,
	requireNonEmpty,
	requireFutureTime,
	requireHhmm,
	requireInteger,
	requireJsonObject,
	requireTimeZone,
	requireUuid,
} from '../../../shared/validate';

export const DEFAULT_CONCURRENT = 10;
export const MAX_CONCURRENT = 50;
/** Call statuses after which nothing more happens to a call (FACTS). */
export const TERMINAL_STATUSES = ['completed', 'failed', 'error', 'cancelled'];

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
	{
		displayName: 'Wait for Call to End',
		name: 'waitForCompletion',
		type: 'boolean',
		default: false,
		description:
			'Whether to wait until the call has ended (completed, failed, error or cancelled) and output its details and transcript',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
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
				displayName: 'Default Country Code',
				name: 'defaultCountryCode',
				type: 'string',
				default: '',
				placeholder: 'e.g. +91',
				description:
					'Added to numbers written without one (a leading 0 is dropped). Spaces, dashes, dots and brackets are always removed, and 00 counts as +.',
			},
			{
				displayName: 'Include Analysis',
				name: 'includeAnalysis',
				type: 'boolean',
				default: false,
				description: 'Whether to add the call analysis when waiting for the call to end',
				displayOptions: { show: { '/waitForCompletion': [true] } },
			},
			{
				displayName: 'Max Concurrent Requests',
				name: 'maxConcurrent',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_CONCURRENT },
				default: DEFAULT_CONCURRENT,
				description: 'How many items are dialled (and, when waiting, watched) at the same time',
			},
			{
				displayName: 'Max Wait (Seconds)',
				name: 'maxWaitSeconds',
				type: 'number',
				typeOptions: { minValue: 5, maxValue: 86400 },
				default: 1800,
				description: 'Stop waiting after this long; the item then has timed_out: true',
				displayOptions: { show: { '/waitForCompletion': [true] } },
			},
			{
				displayName: 'Poll Interval (Seconds)',
				name: 'pollIntervalSeconds',
				type: 'number',
				typeOptions: { minValue: 2, maxValue: 600 },
				default: 15,
				description: 'How often to check whether the call has ended',
				displayOptions: { show: { '/waitForCompletion': [true] } },
			},
		],
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
	} else if (mode === 'row') {
		const exclude = new Set(
			String(ctx.getNodeParameter('variablesExclude', i, '') ?? '')
				.split(',')
				.map((f) => f.trim())
				.filter(Boolean),
		);
		raw = Object.fromEntries(
			Object.entries(ctx.getInputData()[i]?.json ?? {}).filter(([key]) => !exclude.has(key)),
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
	const options = ctx.getNodeParameter('options', i, {}) as IDataObject;
	const rawNumber = ctx.getNodeParameter('mobileNumber', i) as unknown;
	const mobileNumber = normalisePhone(rawNumber, String(options.defaultCountryCode ?? ''));
	if (!E164_RE.test(mobileNumber)) {
		// Name the value as the row had it, not the cleaned-up one.
		requireNonEmpty(node, 'Phone Number', rawNumber, i);
		throw fieldError(
			node,
			'Phone Number',
			`"${String(rawNumber)}" is not a phone number in international format with country code, e.g. +14155550100`,
			i,
		);
	}
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

/** Polls call details until the call ends or the wait runs out. */
async function waitForEnd(
	ctx: IExecuteFunctions,
	i: number,
	callId: string,
	options: IDataObject,
): Promise<IDataObject> {
	const intervalMs = Number(options.pollIntervalSeconds ?? 15) * 1000;
	const deadline = Date.now() + Number(options.maxWaitSeconds ?? 1800) * 1000;
	const includeAnalysis = Boolean(options.includeAnalysis);
	const startedAt = Date.now();
	for (;;) {
		const details = await getCallDetails.call(ctx, i, callId, includeAnalysis, true);
		const status = String(details.call_status ?? '').toLowerCase();
		const ended = TERMINAL_STATUSES.includes(status);
		if (ended || Date.now() + intervalMs > deadline) {
			return {
				...details,
				call_id: callId,
				timed_out: !ended,
				waited_seconds: Math.round((Date.now() - startedAt) / 1000),
			};
		}
		await sleep(intervalMs);
	}
}

/**
 * Dials every item: all rows are checked first (without Continue On Fail one bad row stops
 * the batch before anyone is called, so a rerun cannot dial anyone twice), then started with
 * bounded concurrency and optional pacing. A 429 pauses the whole batch for its Retry-After.
 */
export async function executeBatch(
	this: IExecuteFunctions,
	itemCount: number,
	{ stopOnError }: BatchOptions,
): Promise<Array<ItemResult | undefined>> {
	const continueOnFail = !stopOnError;
	const nowMs = Date.now();
	const bodies: Array<IDataObject | Error> = [];
	for (let i = 0; i < itemCount; i++) {
		try {
			bodies.push(buildStartBody(this, i, nowMs));
		} catch (error) {
			const itemError = asItemError(this, error, i);
			// Every row is checked before anyone is called: one bad row, zero calls.
			if (!continueOnFail)
				return Object.assign(new Array(itemCount).fill(undefined), {
					[i]: { ok: false, error: itemError },
				});
			bodies.push(itemError);
		}
	}
	if (itemCount === 0) return [];
	const options = this.getNodeParameter('options', 0, {}) as IDataObject;
	const concurrency = Math.min(
		MAX_CONCURRENT,
		Math.max(1, Number(options.maxConcurrent ?? DEFAULT_CONCURRENT)),
	);
	const credentials = await getApiCredentials.call(this, 0);
	const pacer = new Pacer(Math.max(0, Number(options.callsPerMinute ?? 0)));
	let failed: { index: number; error: Error } | undefined;

	const results = await runPool<ItemResult>(
		itemCount,
		concurrency,
		async (i) => {
			const body = bodies[i];
			if (body instanceof Error) return { ok: false, error: body };
			try {
				// Sent once per row, also when n8n's Retry On Fail re-runs the node.
				const response = await sendOnce(
					this,
					i,
					'start',
					async () =>
						await apiRequest.call(this, {
							method: 'POST',
							path: '/calling/outbound/individual',
							body,
							itemIndex: i,
							credentials,
							beforeAttempt: async () => await pacer.acquire(),
							onRateLimited: (delayMs) => pacer.pause(delayMs),
							// Only answers that prove nothing happened are retried (RETRY_POLICY.once).
							retry: { maxAttempts: 8 },
						}),
				);
				const data = (response.data as IDataObject | undefined) ?? {};
				const started = { ...data, message: response.message };
				const wait = this.getNodeParameter('waitForCompletion', i, false) as boolean;
				if (!wait || !data.call_id) return { ok: true, output: started };
				try {
					const options = this.getNodeParameter('options', i, {}) as IDataObject;
					const details = await waitForEnd(this, i, String(data.call_id), options);
					return { ok: true, output: details };
				} catch (error) {
					// The call is placed: say so, so nobody dials the row again to "retry".
					const waitError = asItemError(this, error, i) as NodeApiError;
					waitError.description =
						`The call ${String(data.call_id)} was started; only waiting for it to end failed. Do not start it again. ${waitError.description ?? ''}`.trim();
					throw waitError;
				}
			} catch (error) {
				const itemError = asItemError(this, error, i);
				if (!continueOnFail && (!failed || i < failed.index))
					failed = { index: i, error: itemError };
				return { ok: false, error: itemError };
			}
		},
		() => !continueOnFail && failed !== undefined,
	);

	return results;
}

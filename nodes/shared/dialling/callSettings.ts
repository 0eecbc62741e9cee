import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ScheduledTime } from '../engine/dateTime';
import { fields } from '../engine/params';
import { laterCall } from './laterCall';

/**
 * Call Settings, one definition for Start (one call) and Campaign → Create (every call of the
 * campaign): the call window, its time zone, timeouts and retries, which the service takes as
 * `call_config`. Start adds its status callback (`extra`) and Scheduled At; a campaign has its
 * own start and end instead.
 */
export function callSettingsField(options: {
	description: string;
	scheduledAt: boolean;
	extra?: INodeProperties[];
}): INodeProperties {
	const members: INodeProperties[] = [
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
			displayName: 'Time Zone',
			name: 'timezone',
			type: 'string',
			default: '',
			placeholder: 'e.g. America/New_York',
			description:
				'IANA time zone of the call window and Scheduled At. Empty: the workflow’s time zone. With Call Window in the Callee’s Time Zone the window is in each callee’s zone, and this zone is the one Scheduled At (a campaign’s Start and End) is read in.',
		},
		...(options.scheduledAt ? [SCHEDULED_AT] : []),
		...(options.extra ?? []),
	];
	// The editor lists a collection's members by name, whatever their order here.
	members.sort((a, b) => a.displayName.localeCompare(b.displayName));
	return {
		displayName: 'Call Settings',
		name: 'callConfig',
		type: 'collection',
		placeholder: 'Add Call Setting',
		default: {},
		description: options.description,
		options: members,
	};
}

const SCHEDULED_AT: INodeProperties = {
	displayName: 'Scheduled At',
	name: 'scheduledAt',
	type: 'dateTime',
	default: '',
	description:
		'When to place the call: in the future, less than a day ahead. A date with an offset (or Z) is that moment; one without is local time in Time Zone (empty: the workflow’s). With Call Window in the Callee’s Time Zone the moment is sent as local time in the callee’s zone. The service may ignore the scheduled time, so the call window sent opens at it (to Call Window End, else for 2 hours): the call never rings before it.',
};

/** Call Settings as read: call_config without the scheduled time, and that time as a moment. */
export interface CallSettings {
	/** undefined when nothing is set. */
	config: IDataObject | undefined;
	/** Scheduled At, in the future; its call_time is made by scheduleCall (laterCall.ts). */
	scheduled?: ScheduledTime;
}

/**
 * call_config from the Call Settings collection, validated; undefined when nothing is set.
 * The collection also holds the status callback, which callback.ts reads.
 */
export function readCallConfig(
	ctx: IExecuteFunctions,
	i: number,
	nowMs: number,
): IDataObject | undefined {
	return readCallSettings(ctx, i, nowMs).config;
}

/**
 * Call Settings with Scheduled At kept as a moment, not as local time: a local time in the
 * repeated hour of a fall-back night would read an hour off (the zone may still change, to the
 * callee's, before it is written).
 */
export function readCallSettings(ctx: IExecuteFunctions, i: number, nowMs: number): CallSettings {
	const options = fields(ctx, i).collection('callConfig', 'Call Settings');
	const config: IDataObject = {};
	let scheduled: ScheduledTime | undefined;
	for (const [param, key, label] of [
		['idleTimeoutWarning', 'idle_timeout_warning', 'Idle Timeout Warning (Seconds)'],
		['idleTimeoutEnd', 'idle_timeout_end', 'Idle Timeout End (Seconds)'],
		['maxCallLength', 'max_call_length', 'Max Call Length (Seconds)'],
	] as const) {
		const value = options.integer(param, label, undefined, { min: 1 });
		if (value !== undefined) config[key] = value;
	}
	const retry = options.collection('retry', 'Retries');
	if (retry.has('settings')) {
		// The group is not a level of its own in the panel: its members read "Retries › …".
		const settings = retry.collection('settings', null);
		const retryConfig: IDataObject = {};
		for (const [key, label] of [
			['retry_count', 'Retry Count'],
			['retry_busy', 'Retry When Busy'],
			['retry_not_picked', 'Retry When Not Picked Up'],
			['retry_failed', 'Retry When Failed'],
		] as const) {
			const value = settings.integer(key, label, undefined, { min: 0 });
			if (value !== undefined) retryConfig[key] = value;
		}
		config.call_retry_config = retryConfig;
	}

	const start = options.text('callStartTime', 'Call Window Start').trim();
	const end = options.text('callEndTime', 'Call Window End').trim();
	const scheduledAt = options.raw('scheduledAt');
	const hasSchedule = scheduledAt !== undefined && scheduledAt !== null && scheduledAt !== '';
	const zoneText = options.text('timezone', 'Time Zone').trim();
	if (Boolean(start) !== Boolean(end)) {
		throw options.error(
			start ? 'Call Window End' : 'Call Window Start',
			'is required when the other end of the call window is set',
		);
	}
	if (start || hasSchedule || zoneText) {
		const zone = zoneText ? options.timeZone('timezone', 'Time Zone') : ctx.getTimezone();
		const callTime: IDataObject = {};
		if (start) {
			callTime.call_start_time = options.hhmm('callStartTime', 'Call Window Start');
			callTime.call_end_time = options.hhmm('callEndTime', 'Call Window End');
		}
		callTime.timezone = zone;
		if (hasSchedule) scheduled = options.futureTime('scheduledAt', 'Scheduled At', zone, nowMs);
		config.call_time = callTime;
	}
	return { config: Object.keys(config).length ? config : undefined, scheduled };
}

/**
 * call_config with the call_time of a scheduled call (laterCall.ts): its window opens at the
 * scheduled moment, in call_time's zone (the callee's when that option moved it), inside the
 * user's window when one is set, so that a service ignoring scheduled_at does not ring early.
 * A moment no window can hold back is an error on Scheduled At.
 */
export function scheduleCall(
	ctx: IExecuteFunctions,
	i: number,
	config: IDataObject,
	scheduled: ScheduledTime,
	nowMs: number,
): IDataObject {
	const later = scheduledConfig(config, scheduled, nowMs);
	if ('problem' in later) {
		throw fields(ctx, i)
			.collection('callConfig', 'Call Settings')
			.error('Scheduled At', later.problem);
	}
	return later.config;
}

/** scheduleCall's sum, pure: the call_config, or the problem to give on Scheduled At. */
export function scheduledConfig(
	config: IDataObject,
	scheduled: ScheduledTime,
	nowMs: number,
): { config: IDataObject } | { problem: string } {
	const callTime = config.call_time as IDataObject;
	const window =
		typeof callTime.call_start_time === 'string'
			? { start: callTime.call_start_time, end: String(callTime.call_end_time) }
			: undefined;
	const zone = String(callTime.timezone);
	const later = laterCall({ fromMs: scheduled.instantMs, zone, nowMs, window });
	if ('problem' in later) return { problem: later.problem };
	return { config: later.now ? config : { ...config, call_time: later.callTime } };
}

import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { fields } from '../../../../shared/params';

/**
 * call_config from the Call Settings collection, validated; undefined when nothing is set.
 * The collection also holds the status callback, which callback.ts reads.
 */
export function readCallConfig(
	ctx: IExecuteFunctions,
	i: number,
	nowMs: number,
): IDataObject | undefined {
	const options = fields(ctx, i).collection('callConfig', 'Call Settings');
	const config: IDataObject = {};
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
		if (hasSchedule) {
			callTime.scheduled_at = options.futureTime('scheduledAt', 'Scheduled At', zone, nowMs).local;
		}
		config.call_time = callTime;
	}
	return Object.keys(config).length ? config : undefined;
}

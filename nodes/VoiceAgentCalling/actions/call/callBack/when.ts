/**
 * When the call is placed. A later time is sent as call_config.call_time.scheduled_at (as
 * Start does), but whether the service honours scheduled_at is not published: the panel and
 * the docs point to a Wait node for a later call that must not start early. A time already
 * past (or now) places the call now, without scheduled_at.
 */
import type { IDataObject } from 'n8n-workflow';

import { parseScheduledTime } from '../../../../shared/engine/dateTime';
import type { Fields } from '../../../../shared/engine/params';

export const WHEN = ['now', 'callbackAt', 'at', 'nextWindow'] as const;
export type When = (typeof WHEN)[number];

/** call_config for a later call, or undefined for now. */
function configFor(value: unknown, zone: string, nowMs: number): IDataObject | undefined {
	const time = parseScheduledTime(value, zone);
	if (!time || time.instantMs <= nowMs) return undefined;
	return { call_time: { timezone: zone, scheduled_at: time.local } };
}

/** The time the user gave (When: At a Time You Give), checked before anything is sent. */
export function readGivenTime(f: Fields, zone: string, nowMs: number): IDataObject | undefined {
	const value = f.raw('callAt');
	if (!parseScheduledTime(value, zone)) {
		throw f.error(
			'Call At',
			f.has('callAt') ? `${JSON.stringify(value)} is not a date-time` : 'is required',
		);
	}
	return configFor(value, zone, nowMs);
}

/** The time the callee asked for: the record's callback_at. */
export function requestedTime(
	f: Fields,
	callbackAt: string | null,
	zone: string,
	nowMs: number,
): IDataObject | undefined {
	if (!callbackAt || !parseScheduledTime(callbackAt, zone)) {
		throw f.error(
			'When',
			'the call has no requested call-back time (callback_at): the callee asked for none, or the analysis is not ready. Choose Now or At a Time You Give.',
		);
	}
	return configFor(callbackAt, zone, nowMs);
}

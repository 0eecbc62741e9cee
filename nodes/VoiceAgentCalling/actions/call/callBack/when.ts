/**
 * When the call is placed. A later time is sent as call_config.call_time.scheduled_at (as
 * Start does) together with a window that opens at it (laterCall.ts): the service may ignore
 * scheduled_at (it left the schema), and the window then keeps the call from ringing early. A
 * time a day or more away cannot be kept that way: a given one is refused, a requested one is
 * not placed yet (the output says from when it can be). A time already past (or now) places
 * the call now, without call_time; with a window (a Daily Window's, a requested day's) it still
 * carries that window, without scheduled_at: a retry of the call, or a call the service
 * queues, rings inside it, not in the service's default window.
 */
import type { IDataObject } from 'n8n-workflow';

import { laterCall, type DailyWindow } from '../../../../shared/dialling/laterCall';
import { zoneProblem } from '../../../../shared/dialling/callee/zones';
import {
	parseScheduledTime,
	toIsoWithOffset,
	zoneSpelling,
} from '../../../../shared/engine/dateTime';
import type { Fields } from '../../../../shared/engine/params';
import { readRequested, type RequestedTime } from './requested';

export const WHEN = ['now', 'callbackAt', 'at', 'nextWindow'] as const;
export type When = (typeof WHEN)[number];

/** call_time of a call placed now inside `window`: the window alone, no scheduled_at. */
const nowIn = (window: DailyWindow | undefined, zone: string): IDataObject | undefined =>
	window && {
		call_time: { call_start_time: window.start, call_end_time: window.end, timezone: zone },
	};

/**
 * call_config for a call not before `fromMs` (inside `window`); for now, the window alone, or
 * undefined without one.
 */
export function laterConfig(
	f: Fields,
	label: string,
	at: { fromMs: number; zone: string; nowMs: number; window?: DailyWindow },
): IDataObject | undefined {
	const later = laterCall(at);
	if (later.now) return nowIn(at.window, at.zone);
	if ('problem' in later) throw f.error(label, later.problem);
	return { call_time: later.callTime };
}

/** The time the user gave (When: At a Time You Give), checked before anything is sent. */
export function readGivenTime(f: Fields, zone: string, nowMs: number): IDataObject | undefined {
	const value = f.raw('callAt');
	const time = parseScheduledTime(value, zone);
	if (!time) {
		throw f.error(
			'Call At',
			f.has('callAt') ? `${JSON.stringify(value)} is not a date-time` : 'is required',
		);
	}
	return laterConfig(f, 'Call At', { fromMs: time.instantMs, zone, nowMs });
}

const isoIn = (ms: number, zone: string) => toIsoWithOffset(new Date(ms), zone) ?? null;

/**
 * The time the callee asked for (requested.ts reads it), its call_config, and what the output
 * says of it: the value, the moment read, the zone and where the zone came from. A time a day
 * or more away is not placed yet (`notYet`: why, and from when it can be): the workflow can
 * wait and call back then, which an error would not let it do.
 */
export function requestedTime(
	f: Fields,
	requested: RequestedTime,
	context: { number: string; workflowZone: string; defaultZone?: string; nowMs: number },
): {
	callConfig: IDataObject | undefined;
	said: IDataObject;
	notYet?: { reason: string; sendFrom: string | null };
} {
	const read = readRequested(requested, context);
	if (!read.ok) throw f.error('When', read.problem);
	const said: IDataObject = {
		value: requested.value,
		read_as: isoIn(read.fromMs, read.zone),
		timezone: read.zone,
		zone_from: read.zoneFrom,
		zone_assumed: read.zoneAssumed,
	};
	const later = laterCall({
		fromMs: read.fromMs,
		zone: read.zone,
		nowMs: context.nowMs,
		window: read.window,
	});
	if (later.now) return { callConfig: nowIn(read.window, read.zone), said };
	if ('problem' in later) {
		const sendFrom = isoIn(later.sendFromMs, read.zone);
		return { callConfig: undefined, said, notYet: { reason: later.problem, sendFrom } };
	}
	return { callConfig: { call_time: later.callTime }, said };
}

/** Time Zone When Unknown, read before any request: an IANA zone, or undefined when empty. */
export function readAssumedZone(f: Fields): string | undefined {
	const text = f.text('assumedZone', 'Time Zone When Unknown').trim();
	if (!text) return undefined;
	const problem = zoneProblem(text);
	if (problem) throw f.error('Time Zone When Unknown', problem);
	return zoneSpelling(text);
}

/**
 * The one reader of a requested call-back time: the platform analysis' `callback_requested_time`
 * (its format is not published) with its `timezone` (not published either: an IANA zone and an
 * offset such as `+05:30` are both read). The record's `callback_at` and Call Back's At the
 * Requested Call-Back Time both read it here, so they never disagree on the moment:
 * - a time with an offset (or Z) is that moment;
 * - a local time is read in the analysis' zone, else with the analysis' offset: what the call
 *   itself says comes first; only when it says neither is a zone assumed (the callee's number,
 *   then a default the caller gives), and the reading says so (`zoneAssumed`);
 * - a date without a time is that day's opening of DAY_WINDOW in a zone (not an offset's: a
 *   daily window needs a zone).
 * The record assumes nothing, so its callback_at is the moment where the call itself fixes one
 * and null where only an assumption could. Pure.
 */
import { isZoneName, zoneClock, type DailyWindow, type LocalFields } from '../engine/dateTime';

/** The hours a requested day without a time is called in, in the callee's zone. */
export const DAY_WINDOW: DailyWindow = { start: '09:00', end: '18:00' };

/** What the callee's number tells of its zone (dialling/callee/zones.ts's zoneOfNumber). */
export type NumberZone = { ok: true; zone: string } | { ok: false; problem: string };

/** Zones a reading may assume where the call fixes none, in this order. */
export interface Assumed {
	number?: NumberZone;
	defaultZone?: string;
}

/** Where the zone of a reading comes from. */
export type ZoneSource = 'analysis' | 'number' | 'time_zone_when_unknown';

export type RequestedReading =
	| {
			ok: true;
			/** The moment asked for (a day's: its window's opening). */
			fromMs: number;
			/** That moment in ISO 8601: the local time as served (a day's: 09:00) and its offset. */
			iso: string;
			/** A zone to write it in (and place a day's window in), if any was found. */
			zone?: string;
			zoneFrom?: ZoneSource;
			/** Whether the moment rests on a zone neither the time nor the analysis gave. */
			zoneAssumed: boolean;
			/** A day without a time: placed in DAY_WINDOW. */
			dateOnly: boolean;
	  }
	| { ok: false; why: 'empty' }
	| { ok: false; why: 'not_a_time'; value: string }
	/** Nothing places it: why not the analysis' timezone, and why not the number (if given). */
	| {
			ok: false;
			why: 'no_zone';
			value: string;
			dateOnly: boolean;
			zoneWhy: string;
			numberWhy: string;
	  };

const TIME =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;
/** An offset given where a zone name belongs: +05:30, -0400, UTC+5, GMT-03:00. */
const OFFSET_ZONE = /^(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i;
const MAX_OFFSET = 14 * 60;

const pad = (n: number) => String(n).padStart(2, '0');

function offsetMinutes(sign: string, hours: string, minutes = '0'): number {
	return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
}

const offsetText = (minutes: number): string =>
	`${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;

/** The analysis' timezone: a zone, an offset, or why neither. */
function analysisZone(
	zone: unknown,
): { zone: string } | { offset: number; text: string } | { why: string } {
	if (zone === null || zone === undefined || (typeof zone === 'string' && zone.trim() === '')) {
		return { why: 'its timezone is missing' };
	}
	if (typeof zone !== 'string') return { why: `its timezone ${JSON.stringify(zone)} is not text` };
	const text = zone.trim();
	const offset = OFFSET_ZONE.exec(text);
	if (offset && Number(offset[3] ?? 0) < 60) {
		const minutes = offsetMinutes(offset[1], offset[2], offset[3]);
		if (Math.abs(minutes) <= MAX_OFFSET) return { offset: minutes, text };
	}
	if (isZoneName(text)) return { zone: text };
	return { why: `its timezone "${text}" is not an IANA time zone` };
}

interface ParsedTime {
	/** The local date-time (a day's: the window's opening), whole seconds. */
	fields: LocalFields;
	/** Its milliseconds as served. */
	ms: number;
	/** The local time as ISO 8601 text, without offset, its fraction as served. */
	local: string;
	/** Those fields and milliseconds read as UTC. */
	wall: number;
	/** Minutes east of UTC, when the time carries its own offset (or Z). */
	offset?: number;
	dateOnly: boolean;
}

function parseTime(value: string): ParsedTime | undefined {
	const m = TIME.exec(value);
	if (!m) return undefined;
	const [, y, mo, d, h, mi, s = '00', frac = '', own] = m;
	const day = new Date(Date.UTC(+y, +mo - 1, +d));
	if (day.getUTCMonth() !== +mo - 1 || day.getUTCDate() !== +d) return undefined;
	if (h !== undefined && (+h > 23 || +mi > 59 || +s > 59)) return undefined;
	const dateOnly = h === undefined;
	const [hour, minute] = dateOnly ? DAY_WINDOW.start.split(':') : [h, mi];
	const second = dateOnly ? '00' : s;
	const fields = { year: +y, month: +mo, day: +d, hour: +hour, minute: +minute, second: +second };
	// Milliseconds as Date.parse reads a fraction: its first three digits.
	const ms = Number(frac.slice(1, 4).padEnd(3, '0'));
	const local = `${y}-${mo}-${d}T${hour}:${minute}:${second}${dateOnly ? '' : frac}`;
	const wall = Date.UTC(+y, +mo - 1, +d, fields.hour, fields.minute, fields.second, ms);
	const parsed = { fields, ms, local, wall, dateOnly };
	if (own === undefined) return parsed;
	const digits = own.toUpperCase() === 'Z' ? '+0000' : own.replace(':', '');
	if (+digits.slice(1, 3) > 23 || +digits.slice(3) > 59) return undefined;
	return { ...parsed, offset: offsetMinutes(digits[0], digits.slice(1, 3), digits.slice(3)) };
}

/**
 * The moment of a requested call-back time, read with what the analysis gives and, only where
 * it fixes none, what `assumed` offers (see the module's comment).
 */
export function readRequestedTime(
	value: unknown,
	timezone: unknown,
	assumed: Assumed = {},
): RequestedReading {
	const text = typeof value === 'string' ? value.trim() : '';
	if (!text) return { ok: false, why: 'empty' };
	const time = parseTime(text);
	if (!time) return { ok: false, why: 'not_a_time', value: text };
	const analysis = analysisZone(timezone);
	const zones: Array<[string, ZoneSource]> = [];
	if ('zone' in analysis) zones.push([analysis.zone, 'analysis']);
	if (assumed.number?.ok) zones.push([assumed.number.zone, 'number']);
	if (assumed.defaultZone) zones.push([assumed.defaultZone, 'time_zone_when_unknown']);
	const [zone, zoneFrom] = zones[0] ?? [];
	// A moment an offset fixes (its own; for a local time no zone of the analysis places, the
	// analysis' offset): a zone only writes it.
	const offset =
		time.offset ??
		(!('zone' in analysis) && 'offset' in analysis && !time.dateOnly ? analysis.offset : undefined);
	if (offset !== undefined) {
		const fromMs = time.wall - offset * 60_000;
		const iso = `${time.local}${offsetText(offset)}`;
		return { ok: true, fromMs, iso, zone, zoneFrom, zoneAssumed: false, dateOnly: false };
	}
	if (zone === undefined || zoneFrom === undefined) {
		const zoneWhy =
			'why' in analysis
				? analysis.why
				: `its timezone "${'text' in analysis ? analysis.text : ''}" is an offset, not a zone, which places no day's window`;
		const numberWhy = assumed.number && !assumed.number.ok ? assumed.number.problem : '';
		return { ok: false, why: 'no_zone', value: text, dateOnly: time.dateOnly, zoneWhy, numberWhy };
	}
	const fromMs = zoneClock(zone).instant(time.fields) + time.ms;
	// The offset that gives that instant with the local time as served (a time the zone skips
	// reads forward by the gap: its offset is the one before the jump).
	const iso = `${time.local}${offsetText(Math.round((time.wall - fromMs) / 60_000))}`;
	const zoneAssumed = zoneFrom !== 'analysis';
	return { ok: true, fromMs, iso, zone, zoneFrom, zoneAssumed, dateOnly: time.dateOnly };
}

/**
 * The record's callback_at: the requested time as ISO 8601 with its offset where the call
 * itself fixes the moment (its own offset, the analysis' zone or offset), else null (the raw
 * value stays in callback_requested_time). Never an assumed zone: Call Back says when it
 * assumes one.
 */
export function callbackAt(value: unknown, timezone: unknown): string | null {
	const read = readRequestedTime(value, timezone);
	return read.ok ? read.iso : null;
}

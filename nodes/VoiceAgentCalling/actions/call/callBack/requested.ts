/**
 * When: At the Requested Call-Back Time. The analysis gives `callback_requested_time` (its
 * format is not published) and a `timezone`; the call is placed at what they say, read with
 * what there is:
 * - a time with an offset (or Z) is that moment;
 * - a local time is read in the analysis' zone (an IANA name), else in the callee's zone from
 *   the number (the country, or a +1 area code), else with the analysis' offset (`+05:30`),
 *   else in Time Zone When Unknown; the output says which;
 * - a date without a time is that day's opening of DAY_WINDOW in that zone (not the offset's:
 *   a daily window needs a zone);
 * and only when none of these is left, the error says exactly what was missing. Pure.
 */
import { zoneClock, type LocalFields } from '../../../../shared/engine/dateTime';
import type { DailyWindow } from '../../../../shared/calls/laterCall';
import { zoneOfNumber, zoneProblem, type CalleeZone } from '../../../../shared/calls/callee/zones';

/** The hours a requested day without a time is called in, in the callee's zone. */
export const DAY_WINDOW: DailyWindow = { start: '09:00', end: '18:00' };

/** What the call says about the time the callee asked for, as served. */
export interface RequestedTime {
	/** callback_requested_time (else the record's callback_at). */
	value: string | null;
	/** The analysis' timezone. */
	zone: unknown;
	/** Whether the call carries a platform analysis at all. */
	analysed: boolean;
	/** callback_requested. */
	asked: boolean | null;
}

/** Where the zone of the call_time sent comes from. */
export type ZoneFrom = 'analysis' | 'number' | 'time_zone_when_unknown' | 'workflow';

export type Reading =
	| {
			ok: true;
			/** The moment asked for (a day's: its window's opening). */
			fromMs: number;
			/** The zone of the call_time sent. */
			zone: string;
			zoneFrom: ZoneFrom;
			/** Whether the moment rests on a zone neither the time nor the analysis gave. */
			zoneAssumed: boolean;
			/** The window of a day without a time. */
			window?: DailyWindow;
	  }
	| { ok: false; problem: string };

const TIME =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;
/** An offset given where a zone name belongs: +05:30, -0400, UTC+5, GMT-03:00. */
const OFFSET_ZONE = /^(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i;

const CHOOSE = 'Choose Now or At a Time You Give';

function offsetMinutes(sign: string, hours: string, minutes = '0'): number {
	return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
}

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
	if (offset) {
		const minutes = offsetMinutes(offset[1], offset[2], offset[3]);
		if (Math.abs(minutes) <= 14 * 60) return { offset: minutes, text };
	}
	if (!zoneProblem(text)) return { zone: text };
	return { why: `its timezone "${text}" is not an IANA time zone` };
}

function noTime(req: RequestedTime): string {
	if (!req.analysed) {
		return `the call has no analysis yet, so no requested call-back time (the service adds it after the call). ${CHOOSE}, or call back once the analysis is in`;
	}
	if (req.asked === false) {
		return `the callee asked for no call-back (the analysis says callback_requested: false). ${CHOOSE}`;
	}
	const asked = req.asked ? ' although callback_requested is true' : '';
	return `the analysis gives no requested call-back time (callback_requested_time is empty${asked}). ${CHOOSE}`;
}

interface ParsedTime {
	/** The local date-time (a day's: the window's opening). */
	fields: LocalFields;
	/** Those fields read as UTC. */
	wall: number;
	/** Minutes east of UTC, when the time carries its own offset (or Z). */
	offset?: number;
	dateOnly: boolean;
}

function parseTime(value: string): ParsedTime | undefined {
	const m = TIME.exec(value);
	if (!m) return undefined;
	const [, y, mo, d, h, mi, s = '0', own] = m;
	const day = new Date(Date.UTC(+y, +mo - 1, +d));
	if (day.getUTCMonth() !== +mo - 1 || day.getUTCDate() !== +d) return undefined;
	if (h !== undefined && (+h > 23 || +mi > 59 || +s > 59)) return undefined;
	const dateOnly = h === undefined;
	const [hour, minute] = dateOnly ? DAY_WINDOW.start.split(':') : [h, mi];
	const fields = {
		year: +y,
		month: +mo,
		day: +d,
		hour: +hour,
		minute: +minute,
		second: dateOnly ? 0 : +s,
	};
	const wall = Date.UTC(+y, +mo - 1, +d, fields.hour, fields.minute, fields.second);
	if (own === undefined) return { fields, wall, dateOnly };
	const digits = own.toUpperCase() === 'Z' ? '+0000' : own.replace(':', '');
	const offset = offsetMinutes(digits[0], digits.slice(1, 3), digits.slice(3));
	return { fields, wall, offset, dateOnly };
}

/** Why no zone was found: what the analysis and the number said. */
function noZone(
	value: string,
	dateOnly: boolean,
	analysis: ReturnType<typeof analysisZone>,
	number: CalleeZone,
): string {
	const zoneWhy =
		'why' in analysis
			? analysis.why
			: 'offset' in analysis
				? `its timezone "${analysis.text}" is an offset, not a zone, which places no day's window`
				: '';
	const numberWhy = number.ok ? '' : number.problem;
	const what = dateOnly ? 'is a day without a time' : 'has no offset';
	return `the requested call-back time ${JSON.stringify(value)} ${what}, the analysis gives no zone to read it in (${zoneWhy}) and neither does the number (${numberWhy}): set Time Zone When Unknown`;
}

/**
 * The moment and zone of a requested call-back time, from the call's analysis, the callee's
 * number, Time Zone When Unknown (`defaultZone`) and, for the zone of a moment fixed by an
 * offset, the workflow's.
 */
export function readRequested(
	req: RequestedTime,
	context: { number: string; defaultZone?: string; workflowZone: string },
): Reading {
	const value = req.value?.trim() ?? '';
	if (!value) return { ok: false, problem: noTime(req) };
	const time = parseTime(value);
	if (!time) {
		return {
			ok: false,
			problem: `the requested call-back time ${JSON.stringify(value)} is not a date or an ISO 8601 date-time. ${CHOOSE}`,
		};
	}
	const analysis = analysisZone(req.zone);
	const number = zoneOfNumber(context.number);
	const zones: Array<[string, ZoneFrom, boolean]> = [];
	if ('zone' in analysis) zones.push([analysis.zone, 'analysis', false]);
	if (number.ok) zones.push([number.zone, 'number', true]);
	const fallback: [string, ZoneFrom] = context.defaultZone
		? [context.defaultZone, 'time_zone_when_unknown']
		: [context.workflowZone, 'workflow'];
	// A moment an offset fixes (its own; for a local time nothing else places, the analysis'):
	// the zone only writes it, and its window, as local time.
	const offset =
		time.offset ??
		(zones.length === 0 && 'offset' in analysis && !time.dateOnly ? analysis.offset : undefined);
	if (offset !== undefined) {
		const [zone, zoneFrom] = zones[0] ?? fallback;
		const fromMs = time.wall - offset * 60_000;
		return { ok: true, fromMs, zone, zoneFrom, zoneAssumed: false };
	}
	if (context.defaultZone) zones.push([context.defaultZone, 'time_zone_when_unknown', true]);
	if (!zones.length) return { ok: false, problem: noZone(value, time.dateOnly, analysis, number) };
	const [zone, zoneFrom, zoneAssumed] = zones[0];
	const fromMs = zoneClock(zone).instant(time.fields);
	const window = time.dateOnly ? DAY_WINDOW : undefined;
	return { ok: true, fromMs, zone, zoneFrom, zoneAssumed, window };
}

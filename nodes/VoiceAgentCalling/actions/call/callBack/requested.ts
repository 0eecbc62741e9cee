/**
 * When: At the Requested Call-Back Time. The analysis gives `callback_requested_time` (its
 * format is not published) and a `timezone`; the call is placed at what they say, read by the
 * one reader the record's callback_at uses too (shared/calls/requestedTime.ts: a time with an
 * offset is that moment; a local time is read in the analysis' zone, else with its offset;
 * a date without a time is that day's opening of DAY_WINDOW), with what Call Back adds where
 * the call fixes no zone: the callee's zone from the number, else Time Zone When Unknown; the
 * output says which. Only when none of these is left, the error says exactly what was missing.
 * Pure.
 */
import type { DailyWindow } from '../../../../shared/dialling/laterCall';
import { zoneOfNumber } from '../../../../shared/dialling/callee/zones';
import {
	DAY_WINDOW,
	readRequestedTime,
	type ZoneSource,
} from '../../../../shared/calls/requestedTime';

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
export type ZoneFrom = ZoneSource | 'workflow';

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

const CHOOSE = 'Choose Now or At a Time You Give';

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

/**
 * The moment and zone of a requested call-back time, from the call's analysis, the callee's
 * number, Time Zone When Unknown (`defaultZone`) and, for the zone of a moment fixed by an
 * offset that nothing else gives a zone for, the workflow's.
 */
export function readRequested(
	req: RequestedTime,
	context: { number: string; defaultZone?: string; workflowZone: string },
): Reading {
	const read = readRequestedTime(req.value, req.zone, {
		number: zoneOfNumber(context.number),
		defaultZone: context.defaultZone,
	});
	if (read.ok) {
		const { fromMs, zoneAssumed } = read;
		const window = read.dateOnly ? DAY_WINDOW : undefined;
		if (read.zone && read.zoneFrom) {
			return { ok: true, fromMs, zone: read.zone, zoneFrom: read.zoneFrom, zoneAssumed, window };
		}
		return { ok: true, fromMs, zone: context.workflowZone, zoneFrom: 'workflow', zoneAssumed };
	}
	if (read.why === 'empty') return { ok: false, problem: noTime(req) };
	if (read.why === 'not_a_time') {
		return {
			ok: false,
			problem: `the requested call-back time ${JSON.stringify(read.value)} is not a date or an ISO 8601 date-time. ${CHOOSE}`,
		};
	}
	const what = read.dateOnly ? 'is a day without a time' : 'has no offset';
	return {
		ok: false,
		problem: `the requested call-back time ${JSON.stringify(read.value)} ${what}, the analysis gives no zone to read it in (${read.zoneWhy}) and neither does the number (${read.numberWhy}): set Time Zone When Unknown`,
	};
}

/**
 * The call_time of a call that must not ring before a given moment, whatever the service does
 * with `scheduled_at`: that field left the service's schema on 2026-02-14 and the service may
 * ignore it and ring at once (FACTS). So every later call also carries a daily window
 * (`call_start_time`, `call_end_time`, `timezone`) whose next opening is that moment:
 *
 * - the window opens at the moment's local time (rounded up to the minute), and closes at the
 *   user's window end, or LATER_CALL_HOURS after it when the user gave no window;
 * - with a window of the user's, a moment outside it moves to its next opening;
 * - the window's previous opening (a day earlier) must be over by now, else a service that
 *   ignores scheduled_at would ring then: its end is brought forward to now when that is enough,
 *   and a moment a day or more away cannot be held back by a window at all: refused, saying
 *   from when it can be sent;
 * - a moment in the hour clocks repeat (fall back) that means its second pass moves to the end
 *   of that hour: a local time there reads as the first pass, an hour early.
 * Pure: no clock, no HTTP.
 */
import type { IDataObject } from 'n8n-workflow';

import { zoneClock, type DailyWindow, type LocalFields, type ZoneClock } from '../engine/dateTime';

/** How long a later call without a window of its own may ring (and retry) from its time. */
export const LATER_CALL_HOURS = 2;

// The window type is engine's: calls/ reads requested windows and never imports dialling/.
export type { DailyWindow } from '../engine/dateTime';

export type LaterCall =
	/** Nothing holds the call back: place it now, without call_time. */
	| { now: true }
	/** call_time to send, and the moment the call may first ring. */
	| { now: false; callTime: IDataObject; atMs: number }
	/**
	 * Why this moment cannot be kept yet: it is a day or more away. From `sendFromMs` on (when
	 * the window's opening a day earlier is over) it can be sent with its whole window.
	 */
	| { now: false; problem: string; atMs: number; sendFromMs: number };

const MINUTE = 60_000;
const pad = (n: number) => String(n).padStart(2, '0');

function fieldsOf(date: string, hhmm: string): LocalFields {
	const [year, month, day] = date.split('-').map(Number);
	const [hour, minute] = hhmm.split(':').map(Number);
	return { year, month, day, hour, minute, second: 0 };
}

/** The day `days` after `date` (YYYY-MM-DD); Date.UTC rolls months and years over. */
function dayAfter(date: string, days: number): string {
	const [y, m, d] = date.split('-').map(Number);
	const day = new Date(Date.UTC(y, m - 1, d + days));
	return `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
}

/** Whether a time of day is inside the window (the service's reading: by the wall clock). */
export function insideWindow(hhmm: string, w: DailyWindow): boolean {
	if (w.start === w.end) return true;
	return w.start < w.end ? hhmm >= w.start && hhmm < w.end : hhmm >= w.start || hhmm < w.end;
}

/** The first moment at or after `ms` (a whole minute) inside the window. */
function firstInside(ms: number, w: DailyWindow, clock: ZoneClock): number {
	let t = ms;
	// An opening the clock skips (an offset change at that time, as Santiago's at midnight) is
	// read as the end of the gap, which may be past the window's close: that day's window never
	// shows on the wall clock, and the next day's opening is the one. Never before `ms`.
	for (let i = 0; i < 3; i++) {
		const local = clock.local(t);
		const hhmm = local.slice(11, 16);
		if (insideWindow(hhmm, w)) return t;
		// Outside: the opening later today, or after the close (of a window within a day) tomorrow's.
		const date = hhmm < w.start ? local.slice(0, 10) : dayAfter(local.slice(0, 10), 1);
		const opening = fieldsOf(date, w.start);
		// In an hour the clocks repeat, the opening's first pass may be behind: the second is ahead.
		const next = clock.instant(opening);
		t = next >= t ? next : Math.max(clock.instant(opening, 'later'), t + MINUTE);
	}
	return t;
}

/**
 * `ms` itself when its local time reads back to it; else (the second pass of a repeated hour)
 * the first minute after it whose local time does.
 */
function readableFrom(ms: number, clock: ZoneClock): number {
	let t = ms;
	for (let i = 0; i < 24 * 60; i++, t += MINUTE) {
		const local = clock.local(t);
		if (clock.instant(fieldsOf(local.slice(0, 10), local.slice(11, 16))) === t) return t;
	}
	return t;
}

/** HH:MM a number of minutes after `hhmm`, round the clock. */
function hhmmPlus(hhmm: string, minutes: number): string {
	const total = (Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)) + minutes) % 1440;
	return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

/** When the opening of [start, end) on the day before `date` is over (its last moment). */
function previousEnd(date: string, start: string, end: string, clock: ZoneClock): number {
	const endDay = end > start ? dayAfter(date, -1) : date;
	return clock.instant(fieldsOf(endDay, end), 'later');
}

/**
 * call_time for a call that must not ring before `fromMs` (now when it is not after `nowMs`)
 * and, when `window` is given, only inside that daily window of `zone`.
 */
export function laterCall(options: {
	fromMs: number;
	zone: string;
	nowMs: number;
	window?: DailyWindow;
}): LaterCall {
	const { zone, nowMs } = options;
	const clock = zoneClock(zone);
	// A window open all day holds nothing back: the call gets a bounded one of its own.
	const window =
		options.window && options.window.start !== options.window.end ? options.window : undefined;
	const nowInside = !window || insideWindow(clock.local(nowMs).slice(11, 16), window);
	if (options.fromMs <= nowMs && nowInside) return { now: true };

	let at = Math.ceil(Math.max(options.fromMs, nowMs) / MINUTE) * MINUTE;
	// At most twice: a moment moved out of a repeated hour may leave the window once.
	for (let i = 0; i < 3; i++) {
		const inside = window ? firstInside(at, window, clock) : at;
		const readable = readableFrom(inside, clock);
		at = readable;
		if (readable === inside) break;
	}

	const local = clock.local(at);
	const date = local.slice(0, 10);
	const start = local.slice(11, 16);
	let end = window ? window.end : hhmmPlus(start, LATER_CALL_HOURS * 60);
	const sendFromMs = previousEnd(date, start, end, clock);
	if (sendFromMs > nowMs) {
		// Yesterday's opening of this window is not over: the window closes at now's time.
		const opened = clock.instant(fieldsOf(dayAfter(date, -1), start));
		const shorter = clock.local(nowMs).slice(11, 16);
		if (opened > nowMs || shorter === start || previousEnd(date, start, shorter, clock) > nowMs) {
			return {
				now: false,
				problem: `${local} (${zone}) is a day or more away: the service may ignore scheduled_at, and the call window would then open a day early. It can be sent from ${clock.local(sendFromMs)} (${zone}) on (e.g. after a Wait node)`,
				atMs: at,
				sendFromMs,
			};
		}
		end = shorter;
	}
	return {
		now: false,
		callTime: { call_start_time: start, call_end_time: end, timezone: zone, scheduled_at: local },
		atMs: at,
	};
}

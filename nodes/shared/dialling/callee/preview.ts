/**
 * Dry Run's report, the same for Start and Campaign Create: why a row would not be called,
 * the counts, and when calls would first start in a call window. Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import { localToInstant, toLocalDateTime } from '../../engine/dateTime';
import { DRY_RUN_CODES, type RefusalCode, type SkipCode } from './codes';

/**
 * How many rows would be called, and how many are not for each code (every code of
 * DRY_RUN_CODES listed, even at 0).
 */
export function previewSummary(
	rows: number,
	skipped: ReadonlyArray<SkipCode | RefusalCode>,
): IDataObject {
	const counts: IDataObject = {};
	for (const code of DRY_RUN_CODES) counts[code] = 0;
	for (const code of skipped) counts[code] = ((counts[code] as number | undefined) ?? 0) + 1;
	return { rows, would_call: rows - skipped.length, skipped: counts };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local day after `date` (YYYY-MM-DD); Date.UTC rolls the month and year over. */
function nextDay(date: string): string {
	const [y, m, d] = date.split('-').map(Number);
	const day = new Date(Date.UTC(y, m - 1, d + 1));
	return `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
}

function instantOf(local: string, zone: string): number {
	const [date, time] = local.split('T');
	const [year, month, day] = date.split('-').map(Number);
	const [hour, minute, second = 0] = time.split(':').map(Number);
	return localToInstant({ year, month, day, hour, minute, second }, zone);
}

/**
 * A call_time's window in its zone and the first moment a call would start: not before its
 * scheduled time (or now), and inside the daily window (its next opening when outside).
 * `first_call_at` is local time in the zone; "now" when nothing holds the call back.
 */
export function callWindowPreview(callTime: IDataObject, nowMs: number): IDataObject {
	const zone = String(callTime.timezone);
	const start = typeof callTime.call_start_time === 'string' ? callTime.call_start_time : null;
	const end = typeof callTime.call_end_time === 'string' ? callTime.call_end_time : null;
	const scheduled = typeof callTime.scheduled_at === 'string' ? callTime.scheduled_at : null;
	const fromMs = scheduled ? Math.max(instantOf(scheduled, zone), nowMs) : nowMs;
	let first = toLocalDateTime(fromMs, zone);
	const delayed = fromMs > nowMs;
	let moved = false;
	if (start && end) {
		const hhmm = first.slice(11, 16);
		const inside = start <= end ? hhmm >= start && hhmm < end : hhmm >= start || hhmm < end;
		if (!inside) {
			// Before the opening: today's; after the close: the next day's.
			const date = hhmm < start ? first.slice(0, 10) : nextDay(first.slice(0, 10));
			first = toLocalDateTime(instantOf(`${date}T${start}:00`, zone), zone);
			moved = true;
		}
	}
	return {
		timezone: zone,
		window_start: start,
		window_end: end,
		first_call_at: delayed || moved ? first : 'now',
	};
}

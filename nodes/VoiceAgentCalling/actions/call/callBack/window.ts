/**
 * When: At the Next Opening of a Daily Window. The call details carry no call window (FACTS
 * lists none on them), so the window is always given here. The wall clock is read in the
 * window's zone, so daylight saving is the zone's, never a typed offset.
 */
import type { IDataObject } from 'n8n-workflow';

import { toLocalDateTime } from '../../../../shared/engine/dateTime';
import type { Fields } from '../../../../shared/engine/params';

const pad = (n: number) => String(n).padStart(2, '0');

/** call_config for the next opening of the window, or undefined when it is open now. */
export function nextWindowTime(f: Fields, nowMs: number): IDataObject | undefined {
	const start = f.hhmm('windowStart', 'Window Start');
	const end = f.hhmm('windowEnd', 'Window End');
	const zone = f.timeZone('windowTimeZone', 'Window Time Zone');
	if (end <= start) throw f.error('Window End', `${end} is not after Window Start (${start})`);
	const local = toLocalDateTime(nowMs, zone);
	const hhmm = local.slice(11, 16);
	if (hhmm >= start && hhmm < end) return undefined;
	const [y, m, d] = local.slice(0, 10).split('-').map(Number);
	// Before the window: today's opening; after it: tomorrow's (Date.UTC rolls the month over).
	const day = new Date(Date.UTC(y, m - 1, hhmm < start ? d : d + 1));
	const date = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
	return { call_time: { timezone: zone, scheduled_at: `${date}T${start}:00` } };
}

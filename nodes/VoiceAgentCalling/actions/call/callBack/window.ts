/**
 * When: At the Next Opening of a Daily Window. The call details carry no call window (FACTS
 * lists none on them), so the window is always given here. The wall clock is read in the
 * window's zone, so daylight saving is the zone's, never a typed offset. A later call carries
 * that window (laterCall.ts): a service ignoring scheduled_at still rings only inside it.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Fields } from '../../../../shared/engine/params';
import { laterConfig } from './when';

/** call_config for the next opening of the window, or undefined when it is open now. */
export function nextWindowTime(f: Fields, nowMs: number): IDataObject | undefined {
	const start = f.hhmm('windowStart', 'Window Start');
	const end = f.hhmm('windowEnd', 'Window End');
	const zone = f.timeZone('windowTimeZone', 'Window Time Zone');
	if (end <= start) throw f.error('Window End', `${end} is not after Window Start (${start})`);
	return laterConfig(f, 'When', { fromMs: nowMs, zone, nowMs, window: { start, end } });
}

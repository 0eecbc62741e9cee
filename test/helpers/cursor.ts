/**
 * The history rows and cursor options the tests of the call cursor and its poll loop share.
 */
import type { CursorOptions } from '../../nodes/shared/calls/cursor';
import type { CallRow } from '../../nodes/shared/calls/row';

export const HOUR = 3600_000;
export const DAY = 24 * HOUR;
export const T0 = Date.parse('2026-11-25T12:00:00Z');

/** A day's look back, nothing emitted as recent, every call type and voicemail. */
export const opts = (extra: Partial<CursorOptions> = {}): CursorOptions => ({
	lookbackMs: DAY,
	emitRecentMs: 0,
	callTypes: [],
	voicemail: 'any',
	...extra,
});

export const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const iso = (ms: number) => new Date(ms).toISOString();

/** A completed call created at `created`, attempted at `attempt`, lasting `seconds`. */
export function call(
	n: number,
	created: number,
	attempt = created,
	seconds = 60,
	extra: CallRow = {},
) {
	return {
		id: id(n),
		status: 'completed',
		created_at: iso(created),
		call_attempt_time: iso(attempt),
		call_duration: seconds,
		call_type: 'outbound',
		voicemail_detected: false,
		...extra,
	};
}

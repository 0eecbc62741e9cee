/**
 * The one reader of a time the service wrote (`created_at`, `initiated_at`,
 * `call_attempt_time`, `updated_at`, …): ISO 8601 with `T` or a space, optional seconds and
 * fraction, and an offset (`Z`, `+05:30`, `+0530`, `+05`) or none. A time without an offset is
 * UTC: the reference shows `initiated_at` that way and publishes no zone for it, and the
 * service's zoned times are UTC. Never the zone of the process n8n runs in: only UTC
 * arithmetic here (Date.UTC), no Date.parse, whose reading of a time without an offset is local.
 * Pure.
 */

const SERVICE_TIME_RE =
	/^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(?:(Z)|([+-])(\d{2})(?::?(\d{2}))?)?$/i;

// Bound once: the triggers' cursors read every row of every poll with it, where a global
// lookup is slow (code run in a vm context).
const { UTC } = Date;

/** Days in a month (1-12) of a year, Gregorian. */
function monthDays(year: number, month: number): number {
	if (month !== 2) return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
	return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
}

export interface ServiceTime {
	/** The instant, epoch milliseconds (a finer fraction is cut, as Date.parse cuts it). */
	ms: number;
	/** Whether the text gave its offset; without one it was read as UTC. */
	zoned: boolean;
}

/** The instant a service time names, or undefined when it is not one (or no real date). */
export function readServiceTime(value: unknown): ServiceTime | undefined {
	if (typeof value !== 'string') return undefined;
	const m = SERVICE_TIME_RE.exec(value.trim());
	if (!m) return undefined;
	const [y, mo, d, h, mi] = [+m[1], +m[2], +m[3], +m[4], +m[5]];
	const s = m[6] === undefined ? 0 : +m[6];
	const f = m[7];
	const frac = f === undefined ? 0 : +`${f}00`.slice(0, 3);
	// 2026-02-30 is no date (Date.UTC would roll it into March); years below 1000 are no
	// service's, and Date.UTC would read 0099 as 1999.
	if (y < 1000 || mo < 1 || mo > 12 || d < 1 || d > monthDays(y, mo)) return undefined;
	if (h > 23 || mi > 59 || s > 59) return undefined;
	const wall = UTC(y, mo - 1, d, h, mi, s, frac);
	const zoned = m[8] !== undefined || m[9] !== undefined;
	if (m[9] === undefined) return { ms: wall, zoned };
	const oh = +m[10];
	const om = m[11] === undefined ? 0 : +m[11];
	if (oh > 23 || om > 59) return undefined;
	return {
		ms: m[9] === '-' ? wall + (oh * 60 + om) * 60_000 : wall - (oh * 60 + om) * 60_000,
		zoned,
	};
}

/** The epoch milliseconds of a service time, or undefined (see readServiceTime). */
export function serviceTimeMs(value: unknown): number | undefined {
	return readServiceTime(value)?.ms;
}

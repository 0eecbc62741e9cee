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

// Bound once: the triggers' cursors read every row of every poll with it.
const { UTC } = Date;

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
	const [y, mo, d, h, mi] = [m[1], m[2], m[3], m[4], m[5]].map(Number);
	const s = m[6] === undefined ? 0 : Number(m[6]);
	const frac = m[7] === undefined ? 0 : Number(m[7].slice(0, 3).padEnd(3, '0'));
	if (h > 23 || mi > 59 || s > 59) return undefined;
	const wall = UTC(y, mo - 1, d, h, mi, s, frac);
	// 2026-02-30 rolls over to March, and a year below 100 reads as 19xx: neither is the text.
	const back = new Date(wall);
	if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d)
		return undefined;
	const zoned = m[8] !== undefined || m[9] !== undefined;
	if (!m[9]) return { ms: wall, zoned };
	const [oh, om] = [Number(m[10]), m[11] === undefined ? 0 : Number(m[11])];
	if (oh > 23 || om > 59) return undefined;
	const sign = m[9] === '-' ? -1 : 1;
	return { ms: wall - sign * (oh * 60 + om) * 60_000, zoned };
}

/** The epoch milliseconds of a service time, or undefined (see readServiceTime). */
export function serviceTimeMs(value: unknown): number | undefined {
	return readServiceTime(value)?.ms;
}

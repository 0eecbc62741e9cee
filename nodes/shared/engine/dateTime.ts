/**
 * Time-zone arithmetic with the runtime's Intl only (no date library at run time).
 * The API wants scheduled times as a local wall-clock time plus an IANA zone.
 */
import { IRREGULAR_ZONE_NAMES } from './zoneNames';

export function isValidTimeZone(zone: string): boolean {
	if (!zone) return false;
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: zone });
		return true;
	} catch {
		return false;
	}
}

const ZONE_NAME_RE = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/** A zone's name that Intl knows (Intl also takes offsets such as "+15:00", which name no zone). */
export function isZoneName(text: string): boolean {
	return ZONE_NAME_RE.test(text) && isValidTimeZone(text);
}

let spellings: Map<string, string> | undefined;

/**
 * The tz database's spelling of a zone Intl accepts, typed in any case: `america/chicago` is
 * sent as America/Chicago. The user's zone is kept, only its case fixed: Intl's own answer
 * (resolvedOptions) may be another name, and which one depends on its ICU (Node 20 turns
 * Asia/Kolkata into Asia/Calcutta; the service's own default is Asia/Kolkata). In order: the
 * names spelled otherwise than the rule (zoneNames.ts) and the runtime's list of zones; Intl's
 * answer where it is the same name (ICU's own ids, SystemV/AST4); a name with "/" by the rule
 * (each word capitalised: every other name of the database is so spelled); else as typed.
 */
export function zoneSpelling(zone: string): string {
	// Parsed once: constant data, the same for every execution.
	spellings ??= new Map(
		[...intlZones(), ...IRREGULAR_ZONE_NAMES.split(' ')].map((n) => [n.toLowerCase(), n]),
	);
	const key = zone.toLowerCase();
	const known = spellings.get(key);
	if (known) return known;
	try {
		const resolved = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions();
		if (resolved.timeZone.toLowerCase() === key) return resolved.timeZone;
	} catch {
		return zone;
	}
	return zone.includes('/')
		? key.replace(
				/(^|[/_-])([a-z])/g,
				(_, before: string, letter: string) => before + letter.toUpperCase(),
			)
		: zone;
}

/** The runtime's canonical zone names, where it lists them (Intl.supportedValuesOf). */
function intlZones(): string[] {
	const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
	return typeof intl.supportedValuesOf === 'function' ? intl.supportedValuesOf('timeZone') : [];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const DAY_MS = 86_400_000;

/** One zone's wall clock, both ways, with one formatter (a computation keeps it, never this module). */
export interface ZoneClock {
	/** The wall-clock time `YYYY-MM-DDTHH:MM:SS` at the instant. */
	local(instantMs: number): string;
	/** Milliseconds by which the zone is ahead of UTC at the instant. */
	offsetMs(instantMs: number): number;
	/** The instant of a local time: localToInstant's rule. */
	instant(fields: LocalFields, pick?: 'earlier' | 'later'): number;
}

export function zoneClock(zone: string): ZoneClock {
	const fmt = new Intl.DateTimeFormat('en-US', {
		timeZone: zone,
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
	});
	const partsAt = (instantMs: number): Record<string, number> => {
		const out: Record<string, number> = {};
		for (const part of fmt.formatToParts(new Date(instantMs))) {
			if (part.type !== 'literal') out[part.type] = Number(part.value);
		}
		return out;
	};
	const offsetMs = (instantMs: number): number => {
		const p = partsAt(instantMs);
		const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
		return asUtc - Math.floor(instantMs / 1000) * 1000;
	};
	return {
		local(instantMs) {
			const p = partsAt(instantMs);
			return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
		},
		offsetMs,
		instant(fields, pick = 'earlier') {
			const wall = Date.UTC(
				fields.year,
				fields.month - 1,
				fields.day,
				fields.hour,
				fields.minute,
				fields.second,
			);
			const before = offsetMs(wall - DAY_MS);
			const after = offsetMs(wall + DAY_MS);
			const shows = [wall - before, wall - after].filter((t) => t + offsetMs(t) === wall);
			if (shows.length) return pick === 'earlier' ? Math.min(...shows) : Math.max(...shows);
			// Skipped: read with the offset in force before the jump, which lands the gap later.
			return wall - before;
		},
	};
}

/** The wall-clock time `YYYY-MM-DDTHH:MM:SS` in `zone` at the given instant. */
export function toLocalDateTime(instantMs: number, zone: string): string {
	// A clock per call on purpose: no module-level cache may outlive an execution.
	return zoneClock(zone).local(instantMs);
}

/** Milliseconds by which `zone` is ahead of UTC at the given instant. */
function zoneOffsetMs(instantMs: number, zone: string): number {
	return zoneClock(zone).offsetMs(instantMs);
}

const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const OFFSET_RE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

export interface LocalFields {
	year: number;
	month: number;
	day: number;
	hour: number;
	minute: number;
	second: number;
}

function parseLocal(text: string): LocalFields | undefined {
	const m = LOCAL_RE.exec(text);
	if (!m) return undefined;
	const f = {
		year: +m[1],
		month: +m[2],
		day: +m[3],
		hour: +m[4],
		minute: +m[5],
		second: m[6] ? +m[6] : 0,
	};
	// Reject impossible dates such as 2026-02-30 by a round trip through UTC.
	const d = new Date(Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second));
	if (
		d.getUTCFullYear() !== f.year ||
		d.getUTCMonth() !== f.month - 1 ||
		d.getUTCDate() !== f.day ||
		f.hour > 23 ||
		f.minute > 59 ||
		f.second > 59
	) {
		return undefined;
	}
	return f;
}

/**
 * The instant of a local wall-clock time in `zone`, the same rule in every zone:
 * - a time the zone skips (clocks spring forward over it) is read forward by the jump, the wall
 *   clock the user meant plus the gap: New York 2027-03-14 02:30 is 03:30 EDT, London
 *   2027-03-28 01:30 is 02:30 BST;
 * - a time the zone shows twice (clocks fall back over it) is its first, earlier occurrence
 *   (`pick: 'later'` gives the second): London 2027-10-31 01:30 is 01:30 BST (00:30Z), not the
 *   GMT one an hour later.
 * The offsets a day before and a day after are the candidates (no zone changes its offset twice
 * within two days in the tz data this reads).
 */
export function localToInstant(
	fields: LocalFields,
	zone: string,
	pick: 'earlier' | 'later' = 'earlier',
): number {
	return zoneClock(zone).instant(fields, pick);
}

export interface ScheduledTime {
	/** Local `YYYY-MM-DDTHH:MM:SS` in the zone, as the API wants it. */
	local: string;
	instantMs: number;
}

/**
 * Reads what an n8n user may put in a date field: an n8n/luxon date, a JS Date, ISO 8601
 * with an offset (converted into the zone), or a local date-time (taken as local to the zone).
 * Returns undefined when the value is none of these.
 */
export function parseScheduledTime(value: unknown, zone: string): ScheduledTime | undefined {
	let text: string;
	if (value instanceof Date) {
		// An invalid Date (new Date('x')) would throw a RangeError instead of being refused.
		if (Number.isNaN(value.getTime())) return undefined;
		text = value.toISOString();
	} else if (
		value &&
		typeof value === 'object' &&
		typeof (value as { toISO?: unknown }).toISO === 'function'
	) {
		text = String((value as { toISO: () => string }).toISO());
	} else if (typeof value === 'string') text = value.trim();
	else return undefined;

	if (OFFSET_RE.test(text)) {
		const instantMs = Date.parse(text.replace(' ', 'T'));
		if (Number.isNaN(instantMs)) return undefined;
		const withoutOffset = text.replace(/(Z|[+-]\d{2}:?\d{2})$/i, '');
		if (!parseLocal(withoutOffset)) return undefined;
		return { local: toLocalDateTime(instantMs, zone), instantMs };
	}
	const fields = parseLocal(text);
	if (!fields) return undefined;
	const instantMs = localToInstant(fields, zone);
	return { local: toLocalDateTime(instantMs, zone), instantMs };
}

/** ISO 8601 with offset for a history filter, from an n8n date field value. */
export function toIsoWithOffset(value: unknown, zone: string): string | undefined {
	const parsed = parseScheduledTime(value, zone);
	if (!parsed) return undefined;
	const offsetMin = Math.round(zoneOffsetMs(parsed.instantMs, zone) / 60000);
	const sign = offsetMin < 0 ? '-' : '+';
	const abs = Math.abs(offsetMin);
	return `${parsed.local}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The calendar day `YYYY-MM-DD` of an n8n date field value in `zone`: a day as typed, a
 * date-time without offset as local time there, one with an offset (or a Date) converted to it.
 */
export function toLocalDay(value: unknown, zone: string): string | undefined {
	const text = typeof value === 'string' ? value.trim() : '';
	const day = DAY_RE.exec(text);
	if (day) {
		const [, y, m, d] = day.map(Number);
		const date = new Date(Date.UTC(y, m - 1, d));
		const real =
			date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
		return real ? text : undefined;
	}
	return parseScheduledTime(value, zone)?.local.slice(0, 10);
}

/** Today's day `YYYY-MM-DD` in `zone`, moved by `days`. */
export function dayInZone(nowMs: number, zone: string, days = 0): string {
	return toLocalDateTime(nowMs + days * 86400000, zone).slice(0, 10);
}

/** A daily window, HH:MM (24-hour) in the call's zone; an end before the start runs overnight. */
export interface DailyWindow {
	start: string;
	end: string;
}

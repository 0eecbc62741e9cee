/**
 * The platform analysis as record fields (vendor reference: `{key_points, action_items,
 * summary, classification, callback_requested, callback_requested_time, status,
 * call_disconnect_reason, timezone}`), null where absent. Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import { localToInstant } from '../engine/dateTime';

export interface AnalysisFields {
	summary: string | null;
	classification: string | null;
	key_points: string[] | null;
	action_items: unknown[] | null;
	callback_requested: boolean | null;
	/** The requested time as ISO 8601 with its offset. */
	callback_at: string | null;
	/** As served (its format is not published). */
	callback_requested_time: string | null;
	disconnect_reason: string | null;
}

const text = (value: unknown): string | null =>
	typeof value === 'string' && value.trim() !== '' ? value : null;

const pad = (n: number): string => String(n).padStart(2, '0');

const offsetText = (minutes: number): string =>
	`${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;

const TIME =
	/^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * `callback_requested_time` as ISO 8601 with an offset: its own offset when it carries one,
 * else the offset of the analysis' `timezone` (an IANA zone) at that local time. Anything
 * else (no zone, an unknown zone, another format) gives null; the raw value stays.
 */
export function callbackAt(value: unknown, timezone: unknown): string | null {
	const m = typeof value === 'string' ? TIME.exec(value.trim()) : null;
	if (m === null) return null;
	const [, y, mo, d, h, mi, s = '00', frac = '', off] = m;
	const local = `${y}-${mo}-${d}T${h}:${mi}:${s}${frac}`;
	const wall = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s);
	const check = new Date(wall);
	if (!Number.isFinite(wall) || check.getUTCDate() !== +d || check.getUTCMonth() !== +mo - 1)
		return null;
	if (off !== undefined) {
		if (off.toUpperCase() === 'Z') return `${local}+00:00`;
		const digits = off.replace(':', '');
		return `${local}${digits.slice(0, 3)}:${digits.slice(3)}`;
	}
	const zone = text(timezone);
	if (zone === null) return null;
	try {
		// The zone's one rule for a local time (dateTime.ts): a skipped time forward by the
		// jump, a repeated one its first occurrence; the offset written is the one that gives
		// that instant with the local time as served.
		const instant = localToInstant(
			{ year: +y, month: +mo, day: +d, hour: +h, minute: +mi, second: +s },
			zone,
		);
		return `${local}${offsetText(Math.round((wall - instant) / 60000))}`;
	} catch {
		return null;
	}
}

const NONE: AnalysisFields = {
	summary: null,
	classification: null,
	key_points: null,
	action_items: null,
	callback_requested: null,
	callback_at: null,
	callback_requested_time: null,
	disconnect_reason: null,
};

export function analysisFields(analysis: IDataObject | null): AnalysisFields {
	if (analysis === null) return { ...NONE };
	const a = analysis;
	const points = Array.isArray(a.key_points)
		? a.key_points.filter((p): p is string => typeof p === 'string')
		: null;
	return {
		summary: text(a.summary),
		classification: text(a.classification),
		key_points: points,
		action_items: Array.isArray(a.action_items) ? a.action_items : null,
		callback_requested: typeof a.callback_requested === 'boolean' ? a.callback_requested : null,
		callback_at: callbackAt(a.callback_requested_time, a.timezone),
		callback_requested_time: text(a.callback_requested_time),
		disconnect_reason: text(a.call_disconnect_reason),
	};
}

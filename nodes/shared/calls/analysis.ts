/**
 * The platform analysis as record fields (vendor reference: `{key_points, action_items,
 * summary, classification, callback_requested, callback_requested_time, status,
 * call_disconnect_reason, timezone}`), null where absent. Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import { callbackAt } from './requestedTime';

export interface AnalysisFields {
	summary: string | null;
	classification: string | null;
	key_points: string[] | null;
	action_items: unknown[] | null;
	callback_requested: boolean | null;
	/**
	 * The requested time as ISO 8601 with its offset, where the call fixes the moment (the one
	 * reader Call Back uses too: requestedTime.ts).
	 */
	callback_at: string | null;
	/** As served (its format is not published). */
	callback_requested_time: string | null;
	disconnect_reason: string | null;
}

const text = (value: unknown): string | null =>
	typeof value === 'string' && value.trim() !== '' ? value : null;

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

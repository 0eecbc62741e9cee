// @ts-check
'use strict';

/**
 * Rows that show up late (a choice of the sandbox: FACTS gives no figure, only that history is
 * read back). A late call of a bad week is one of two kinds, drawn per call (week/draw.js):
 * - `row`: its history row is absent (from the rows, from `total`) until `delay_ms` after it
 *   was created;
 * - `status`: its row is there, but its final status shows only `delay_ms` after it ended;
 *   until then the row reads as the attempt under way: `ongoing`, `ACCEPTED`, no transcript,
 *   recording, duration or cost yet.
 * Reads: history and its export; with `lateIn: 'both'` call details too (an absent row is
 * then 404 there, a status not yet shown reads as under way).
 */

/** Whether the call's row is visible at `now`. @param {any} call @param {number} now */
function rowVisible(call, now) {
	const late = call.week?.late;
	return !late || late.mode !== 'row' || now >= call.created_at + late.delay_ms;
}

/** Whether the call's final status is shown at `now` (a call not ended: yes). @param {any} call @param {number} now */
function finalShown(call, now) {
	const late = call.week?.late;
	if (!late || late.mode !== 'status' || call.ended_at === null) return true;
	return now >= call.ended_at + late.delay_ms;
}

/** The status a read shows at `now`. @param {any} call @param {number} now */
function shownStatus(call, now) {
	return finalShown(call, now) ? call.status : 'ongoing';
}

/**
 * The call as a read shows it at `now`: itself, or a view of the attempt under way.
 * @param {any} call @param {number} now
 */
function asShown(call, now) {
	if (finalShown(call, now)) return call;
	return {
		...call,
		status: 'ongoing',
		sub_status: 'ACCEPTED',
		transcript: [],
		has_recording: false,
		call_duration: 0,
		call_cost: null,
		credits_processed: false,
		voicemail_detected: false,
		next_attempt_time: null,
		ended_at: null,
	};
}

/** When the row and the final status show (for the ring ledger). @param {any} call */
function lateView(call) {
	const late = call.week?.late;
	if (!late) return null;
	const from = late.mode === 'row' ? call.created_at : call.ended_at;
	return {
		mode: late.mode,
		delay_ms: late.delay_ms,
		visible_from: from === null ? null : new Date(from + late.delay_ms).toISOString(),
	};
}

module.exports = { rowVisible, finalShown, shownStatus, asShown, lateView };

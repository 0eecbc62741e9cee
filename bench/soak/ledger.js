// @ts-check
'use strict';

/**
 * The service's ledger of rings and ends, for the judge, taken from an in-process sandbox as
 * it happens (its store tells every new attempt and every status change): every attempt that
 * rang, and every call that ended with what happened, in the judge's words. The calls placed
 * are the sandbox's own ledger (`sb.ledger`, `GET /__sandbox/ledger`).
 */

/**
 * When the service shows that a call ended, on a bad week whose rows or statuses show up late
 * (sandbox/lib/week/late.js): the later of its end and the moment its row, or its final
 * status, becomes visible; undefined when nothing is late. @param {any} call @param {number} at
 */
function showsAt(call, at) {
	const late = call.week?.late;
	if (!late) return undefined;
	const from = late.mode === 'row' ? call.created_at : at;
	return Math.max(at, from + late.delay_ms);
}

/** The judge's outcome of a call the sandbox ended. @param {any} call @param {string} status */
function outcomeOf(call, status) {
	if (status === 'completed') return call.voicemail_detected ? 'voicemail' : 'answered';
	if (status === 'failed') return call.attempt_kind === 'busy' ? 'busy' : 'no_answer';
	if (status === 'error') return 'line_error';
	return status; // cancelled
}

/**
 * Starts listening; returns the lists it fills.
 * @param {any} sb a sandbox from createSandbox
 * @param {{ ours?: (phone: string) => boolean, onEnded?: (call: any, outcome: string, at: number) => void }} [o]
 *   ours: the numbers to keep (default all); onEnded: told of each end
 */
function watchLedger(sb, o = {}) {
	/** @type {Array<{call_id: string, mobile_number: string, at: number}>} */
	const rings = [];
	/** @type {Array<{call_id: string, at: number, outcome: string, shows_at?: number}>} */
	const ended = [];
	sb.store.listeners.push((/** @type {any} */ change) => {
		const call = change.call;
		if (o.ours && !o.ours(call.to_number)) return;
		if (change.attemptStarted) {
			rings.push({ call_id: call.id, mobile_number: call.to_number, at: change.at });
		}
		if (!['completed', 'failed', 'error', 'cancelled'].includes(change.to)) return;
		const outcome = outcomeOf(call, change.to);
		const shows = showsAt(call, change.at);
		ended.push({
			call_id: call.id,
			at: change.at,
			outcome,
			...(shows !== undefined ? { shows_at: shows } : {}),
		});
		o.onEnded?.(call, outcome, change.at);
	});
	return { rings, ended };
}

module.exports = { watchLedger, outcomeOf, showsAt };

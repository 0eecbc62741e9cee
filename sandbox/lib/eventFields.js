// @ts-check
'use strict';

/**
 * The fields event payloads carry since 2026-08-04 (vendor reference): on every event
 * `overall_latency_seconds`, `first_utterance_seconds` (null before the call connects: on
 * call_started, and on an attempt nobody answered) and `tool_call_logs` (a list; its items are
 * not published, so the sandbox's is always empty); `calling_source` (the telephony provider)
 * on a growing share of events: not on recording_completed, whose keys the reference lists
 * exactly without it. Payloads of before that date lack all four: the node tests keep
 * reading those.
 */

/** A number from 0 to 1 that stays the same for one call. @param {string} id */
function spread(id) {
	let h = 0;
	for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
	return (h % 1000) / 1000;
}

/** Seconds, two decimals. @param {number} s */
const seconds = (s) => Math.round(s * 100) / 100;

/**
 * The 2026-08-04 fields of one event of a call.
 * @param {string} type @param {any} call @param {import('./store').Store} store
 * @returns {Record<string, unknown>}
 */
function eventFields(type, call, store) {
	const connected =
		type !== 'call_started' && call.status === 'completed' && Number(call.call_duration) > 0;
	const s = spread(call.id);
	/** @type {Record<string, unknown>} */
	const fields = {
		overall_latency_seconds: connected ? seconds(0.7 + s * 0.9) : null,
		first_utterance_seconds: connected ? seconds(0.4 + s * 0.6) : null,
		tool_call_logs: [],
	};
	if (type !== 'recording_completed') {
		const from = store.numbers.find((/** @type {any} */ n) => n.number === call.from_number);
		fields.calling_source = from?.provider ?? 'twilio';
	}
	return fields;
}

module.exports = { eventFields };

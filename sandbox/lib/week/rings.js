// @ts-check
'use strict';

const { isoOffset } = require('../util');
const { analysisFor, OPT_OUT } = require('../calls');
const { lateView } = require('./late');
const { requestedTime } = require('./callbackTime');

/**
 * The ring ledger (`GET /__sandbox/rings`, `sb.rings()`): what a judge needs to build its
 * truth without the package's code. One entry per call created (whether or not a week is on;
 * seeded history is not in it), in creation order:
 *
 *   {call_id, agent_id, mobile_number, created_at, call_time (as the request sent it, or
 *    null), scheduled_at (as sent, or null), scheduled_at_honoured, parent_call_id (as sent,
 *    or null), campaign_id, outcome (the week's draw; null where the number's digits decide),
 *    rings: [{attempt, at, ended_at, result}], status, sub_status, ended_at, late, analysis}
 *
 * `rings` holds every attempt, retries included: `at` is the moment it rang on the sandbox
 * clock, `result` what the attempt came to (answer, voicemail, no_answer, busy, line_error;
 * null while under way). `status`, `sub_status`, `ended_at` are the truth now (a late row's
 * reads may still show less). `analysis` (completed calls, else null): `{classification,
 * callback_requested, callback_requested_time, timezone}` as served, `opt_out` (the callee
 * asked not to be called again), and `callback` (what the callee meant: `{form, zone,
 * meant_day, meant_at}`, week/callbackTime.js) when the week drew the requested time.
 */

class RingLedger {
	/** @param {import('../store').Store} store */
	constructor(store) {
		this.store = store;
		/** @type {any[]} */
		this.entries = [];
		/** @type {Map<any, any>} call -> its entry */
		this.byCall = new Map();
		store.listeners.push((change) => this.note(change));
	}

	clear() {
		this.entries = [];
		this.byCall = new Map();
	}

	/** @param {import('../store').Change} change */
	note({ call, from, attemptStarted, at }) {
		let entry = this.byCall.get(call);
		if (from === null && !entry) {
			entry = { call, rings: [] };
			this.entries.push(entry);
			this.byCall.set(call, entry);
		}
		if (!entry) return;
		const last = entry.rings[entry.rings.length - 1];
		if (last && last.ended_at === null && (attemptStarted || call.status !== 'ongoing')) {
			last.ended_at = at;
			last.result = call.attempt_kind;
		}
		if (attemptStarted)
			entry.rings.push({ attempt: call.attempts, at, ended_at: null, result: null });
	}

	/**
	 * The entries, filtered: created in [from, to] (ISO instants), of an assistant, one call.
	 * @param {{from?: string, to?: string, agent_id?: string, call_id?: string}} [q]
	 */
	list(q = {}) {
		const from = q.from ? Date.parse(q.from) : -Infinity;
		const to = q.to ? Date.parse(q.to) : Infinity;
		if (Number.isNaN(from) || Number.isNaN(to)) throw new Error('rings: from and to are instants');
		return this.entries
			.filter(
				({ call }) =>
					call.created_at >= from &&
					call.created_at <= to &&
					(!q.agent_id || call.agent.id === q.agent_id) &&
					(!q.call_id || call.id === q.call_id),
			)
			.map((entry) => view(entry));
	}
}

/** @param {number | null} ms */
const iso = (ms) => (ms === null || ms === undefined ? null : isoOffset(ms));

/** An entry as the ledger shows it. @param {{call: any, rings: any[]}} entry */
function view({ call, rings }) {
	const time = call.call_config?.call_time ?? null;
	return {
		call_id: call.id,
		agent_id: call.agent.id,
		mobile_number: call.to_number,
		created_at: iso(call.created_at),
		call_time: time ? { ...time } : null,
		scheduled_at: time?.scheduled_at ?? null,
		scheduled_at_honoured: call.scheduled_for !== null,
		parent_call_id: call.parent_call_id ?? null,
		campaign_id: call.campaign_id,
		outcome: call.week?.outcome ?? null,
		rings: rings.map((r) => ({
			attempt: r.attempt,
			at: iso(r.at),
			ended_at: iso(r.ended_at),
			result: r.result,
		})),
		status: call.status,
		sub_status: call.sub_status,
		ended_at: iso(call.ended_at),
		late: lateView(call),
		analysis: analysisView(call),
	};
}

/** The analysis the call ended with, and what the callee meant. @param {any} call */
function analysisView(call) {
	const platform = analysisFor(call).platform_analysis;
	if (!platform) return null;
	const drawn = platform.callback_requested && call.week?.callback;
	return {
		classification: platform.classification,
		callback_requested: platform.callback_requested,
		callback_requested_time: platform.callback_requested_time,
		timezone: platform.timezone,
		opt_out: call.week?.reply === OPT_OUT,
		callback: drawn ? requestedTime(call.ended_at, zoneOf(call), drawn).meant : null,
	};
}

/** The zone the call's analysis is written for (calls.js analysisFor). @param {any} call */
const zoneOf = (call) => call.window?.zone ?? 'Asia/Kolkata';

module.exports = { RingLedger };

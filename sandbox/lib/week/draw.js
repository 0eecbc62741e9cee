// @ts-check
'use strict';

const { prng, hash } = require('../util');
const { CALLBACK_FORMS } = require('./config');

/**
 * What one call of a bad week comes to, drawn when it is created from a source seeded by the
 * week's seed, the number called and how many calls of the week went to that number before:
 * the same contact's n-th call comes to the same outcome whatever else the run did meanwhile
 * (executions interleave differently from one run to the next). Every draw is made whether or
 * not its setting is on, so switching one setting changes no other.
 */

/**
 * How each outcome plays out in calls.js: the attempt kind (what every attempt does, retries
 * included) and the callee's reply (calls.js REPLIES) when one answers.
 * @type {Record<string, {kind: string, replies?: number[]}>}
 */
const PLAYS = {
	answered: { kind: 'answer', replies: [0, 2] },
	no_answer: { kind: 'no_answer' },
	busy: { kind: 'busy' },
	voicemail: { kind: 'voicemail' },
	// The line fails: retried per retry_failed, then `error` (README's "66").
	failed: { kind: 'line_error' },
	callback: { kind: 'answer', replies: [1] },
	opt_out: { kind: 'answer', replies: [3] },
	never_ends: { kind: 'never_ends' },
};

/** The name whose weight `u` (0..1) falls on. @param {Record<string, number>} weights @param {number} u */
function pick(weights, u) {
	const entries = Object.entries(weights).filter(([, w]) => w > 0);
	const total = entries.reduce((sum, [, w]) => sum + w, 0);
	let at = u * total;
	for (const [name, w] of entries) {
		if (at < w) return name;
		at -= w;
	}
	return entries[entries.length - 1][0];
}

/** Call-back days after the call: today later, tomorrow (most), the day after. */
const CALLBACK_DAYS = { 0: 1, 1: 3, 2: 1 };
const EVERY_FORM = Object.fromEntries(CALLBACK_FORMS.map((f) => [f, 1]));

/**
 * The draws of one call. @param {any} settings the week's @param {string} number @param {number} nth
 */
function drawCall(settings, number, nth) {
	const r = prng(hash(`${settings.seed}|${number}|${nth}`));
	const u = Array.from({ length: 9 }, () => r());
	const outcome = settings.mix ? pick(settings.mix, u[0]) : null;
	const play = outcome ? PLAYS[outcome] : undefined;
	let kind = play?.kind;
	if (kind === 'never_ends' && settings.neverEnds === 'registered') kind = 'never_rings';
	const replies = play?.replies;
	const late =
		settings.lateRowsMs > 0 && u[2] < settings.lateShare
			? { mode: u[3] < 0.5 ? 'row' : 'status', delay_ms: Math.round(u[4] * settings.lateRowsMs) }
			: null;
	const callback =
		outcome === 'callback'
			? {
					form: pick(settings.callbackForms ?? EVERY_FORM, u[5]),
					days: Number(pick(CALLBACK_DAYS, u[6])),
					hour: 9 + Math.floor(u[7] * 9),
					minute: [0, 15, 30, 45][Math.floor(u[8] * 4)],
				}
			: null;
	return {
		outcome,
		kind,
		reply: replies ? replies[Math.floor(u[1] * replies.length)] : undefined,
		late,
		callback,
		optOutLabel: settings.optOutLabel,
	};
}

module.exports = { drawCall, pick, PLAYS };

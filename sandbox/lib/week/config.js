// @ts-check
'use strict';

const { isValidZone } = require('../util');

/**
 * The bad week's settings (README "A bad week"): what `POST /__sandbox/week`, the store option
 * `week` and the CLI flag `--week` take, checked and filled with defaults. Every figure here is
 * the sandbox's choice: FACTS publishes no outcome shares, delays or outage patterns.
 */

/** What a call may come to, in the order `--mix` lists them. */
const OUTCOMES = [
	'answered',
	'no_answer',
	'busy',
	'voicemail',
	'failed',
	'callback',
	'opt_out',
	'never_ends',
];

/**
 * The ways a requested call-back time is written (week/callbackTime.js); each is drawn with
 * its weight. FACTS publishes no format for callback_requested_time nor for the analysis'
 * timezone, so every reading the package may meet is served, those it must refuse included.
 */
const CALLBACK_FORMS = [
	'local_zone',
	'offset',
	'utc',
	'local_offset_zone',
	'minutes_zone',
	'date_only',
	'local_no_zone',
	'words_relative',
	'words_weekday',
	'empty',
];

const DEFAULTS = Object.freeze({
	mix: null,
	lateRowsMs: 0,
	lateShare: 0.25,
	lateIn: 'history',
	outageHour: null,
	outageZone: 'UTC',
	outageMinutes: 60,
	outage: Object.freeze({ share5xx: 0.5, shareRefused: 0.1, shareDrop: 0.1, refuseMs: 100 }),
	neverEnds: 'ongoing',
	callbackForms: null,
	optOutLabel: 'do_not_call',
});

/**
 * Weights by name from an object or `name=weight,...` text; every name known, every weight a
 * number >= 0, at least one above 0. @param {unknown} raw @param {string[]} names @param {string} label
 * @returns {Record<string, number>}
 */
function weights(raw, names, label) {
	/** @type {Record<string, unknown>} */
	let given;
	if (typeof raw === 'string') {
		given = {};
		for (const part of raw.split(',').filter((p) => p.trim() !== '')) {
			const [name, value, extra] = part.split('=');
			if (value === undefined || extra !== undefined)
				throw new Error(`${label}: "${part}" is not name=weight`);
			given[name.trim()] = Number(value);
		}
	} else if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
		given = /** @type {Record<string, unknown>} */ (raw);
	} else throw new Error(`${label}: expected {name: weight} or "name=weight,..."`);
	/** @type {Record<string, number>} */
	const out = {};
	for (const [name, value] of Object.entries(given)) {
		if (!names.includes(name))
			throw new Error(`${label}: unknown "${name}" (one of ${names.join(', ')})`);
		if (typeof value !== 'number' || !(value >= 0) || !Number.isFinite(value))
			throw new Error(`${label}: the weight of ${name} must be a number >= 0`);
		out[name] = value;
	}
	if (!Object.values(out).some((v) => v > 0)) throw new Error(`${label}: no weight above 0`);
	return out;
}

/** @param {unknown} v @param {string} name @param {number} min @param {number} max */
function numberIn(v, name, min, max) {
	if (typeof v !== 'number' || !(v >= min && v <= max))
		throw new Error(`week: ${name} must be a number from ${min} to ${max}`);
	return v;
}

/** @param {unknown} v @param {string} name @param {string[]} allowed */
function oneOf(v, name, allowed) {
	if (typeof v !== 'string' || !allowed.includes(v))
		throw new Error(`week: ${name} must be ${allowed.join(' or ')}`);
	return v;
}

/**
 * The outage's shares of requests and the length of a refusal: a share not given is 0 (the
 * defaults hold only while no outage is given), refuseMs 100. @param {unknown} raw
 */
function outageShares(raw) {
	if (!raw || typeof raw !== 'object' || Array.isArray(raw))
		throw new Error('week: outage must be {share5xx, shareRefused, shareDrop, refuseMs}');
	const none = { share5xx: 0, shareRefused: 0, shareDrop: 0, refuseMs: DEFAULTS.outage.refuseMs };
	const o = { ...none, .../** @type {Record<string, unknown>} */ (raw) };
	for (const key of Object.keys(o))
		if (!(key in DEFAULTS.outage)) throw new Error(`week: outage.${key} is not a setting`);
	const shares = ['share5xx', 'shareRefused', 'shareDrop'].map((k) =>
		numberIn(/** @type {any} */ (o)[k], `outage.${k}`, 0, 1),
	);
	if (shares.reduce((a, b) => a + b, 0) > 1 + 1e-9)
		throw new Error('week: the outage shares add up to more than 1');
	return {
		share5xx: shares[0],
		shareRefused: shares[1],
		shareDrop: shares[2],
		refuseMs: numberIn(o.refuseMs, 'outage.refuseMs', 1, 600000),
	};
}

/**
 * Checks one field of a week spec. @param {string} key @param {unknown} v
 * @returns {unknown} the value to keep
 */
function checkField(key, v) {
	switch (key) {
		case 'mix':
			return v === null ? null : weights(v, OUTCOMES, 'week: mix');
		case 'callbackForms':
			return v === null ? null : weights(v, CALLBACK_FORMS, 'week: callbackForms');
		case 'seed':
			if (!Number.isInteger(v)) throw new Error('week: seed must be an integer');
			return v;
		case 'lateRowsMs':
			return numberIn(v, 'lateRowsMs', 0, 7 * 86400000);
		case 'lateShare':
			return numberIn(v, 'lateShare', 0, 1);
		case 'lateIn':
			return oneOf(v, 'lateIn', ['history', 'both']);
		case 'outageHour':
			return v === null ? null : numberIn(v, 'outageHour', 0, 23);
		case 'outageZone':
			if (typeof v !== 'string' || !isValidZone(v))
				throw new Error('week: outageZone must be an IANA time zone');
			return v;
		case 'outageMinutes':
			return numberIn(v, 'outageMinutes', 1, 1440);
		case 'outage':
			return outageShares(v);
		case 'neverEnds':
			return oneOf(v, 'neverEnds', ['ongoing', 'registered']);
		case 'parentCallId':
			return oneOf(v, 'parentCallId', ['hidden', 'shown']);
		case 'scheduledAt':
			return oneOf(v, 'scheduledAt', ['honour', 'ignore']);
		case 'optOutLabel':
			if (typeof v !== 'string' || v.trim() === '')
				throw new Error('week: optOutLabel must be a non-empty string');
			return v;
		default:
			throw new Error(`week: "${key}" is not a setting`);
	}
}

/**
 * A spec merged over the current settings (`current` null: over the defaults): only the
 * fields given change, so a run may switch one of them mid-week.
 * @param {unknown} spec @param {any} current @param {number} seed the store's seed
 */
function mergeWeek(spec, current, seed) {
	if (spec === null || spec === undefined) spec = {};
	if (typeof spec !== 'object' || Array.isArray(spec)) throw new Error('week: expected an object');
	const base = current ?? { ...DEFAULTS, seed };
	/** @type {Record<string, any>} */
	const out = { ...base };
	for (const [key, value] of Object.entries(/** @type {object} */ (spec))) {
		if (value === undefined) continue;
		out[key] = checkField(key, value);
	}
	return out;
}

module.exports = { OUTCOMES, CALLBACK_FORMS, DEFAULTS, mergeWeek, weights };

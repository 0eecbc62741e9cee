// @ts-check
'use strict';

const { prng } = require('../util');
const { mergeWeek } = require('./config');
const { drawCall } = require('./draw');
const { outageFault } = require('./outage');

/**
 * A bad week switched on (README "A bad week"): its settings (config.js), the draws of each
 * call it sees created (draw.js), the outage hour (outage.js), and the switches it holds over
 * the store (parentCallId, scheduledAt, the opt-out label among the assistants' labels), given
 * back as they were when it is switched off. Rows that show up late: late.js, read by
 * calling.js. The ring ledger (rings.js) runs whether or not a week is on.
 */
class Week {
	/** @param {import('../store').Store} store @param {any} settings */
	constructor(store, settings) {
		this.store = store;
		/** @type {any} */
		this.settings = {};
		/** What the week changed on the store, to give back. */
		this.saved = { parentCallId: store.parentCallId, scheduledAt: store.scheduledAt };
		/** @type {Array<[any, string]>} assistants given the opt-out label */
		this.labelled = [];
		/** @type {Map<string, number>} calls of the week per number */
		this.perNumber = new Map();
		this.update(settings);
	}

	/** New settings (already merged and checked, config.js). @param {any} settings */
	update(settings) {
		const before = this.settings;
		this.settings = settings;
		if (settings.seed !== before.seed) this.outageRand = prng(settings.seed ^ 0x0a7a6e5);
		if (settings.parentCallId) this.store.parentCallId = settings.parentCallId;
		if (settings.scheduledAt) this.store.scheduledAt = settings.scheduledAt;
		if (settings.optOutLabel !== before.optOutLabel) this.label(settings.optOutLabel);
	}

	/**
	 * The opt-out label among the classification_labels of every assistant that has labels (a
	 * choice: FACTS publishes no way to define them; the soak's assistant is given one).
	 * @param {string | null} label
	 */
	label(label) {
		for (const [agent, old] of this.labelled) {
			const at = agent.classification_labels.indexOf(old);
			if (at >= 0) agent.classification_labels.splice(at, 1);
		}
		this.labelled = [];
		if (!label) return;
		for (const agent of this.store.agents.values()) {
			const labels = agent.classification_labels;
			if (!Array.isArray(labels) || labels.length === 0 || labels.includes(label)) continue;
			labels.push(label);
			this.labelled.push([agent, label]);
		}
	}

	/** Draws what a new call comes to (before it is launched). @param {any} call */
	onCreate(call) {
		const nth = this.perNumber.get(call.to_number) ?? 0;
		this.perNumber.set(call.to_number, nth + 1);
		call.week = drawCall(this.settings, call.to_number, nth);
	}

	/** The outage's fault for a request now, if any. */
	outageFault() {
		return outageFault(
			this.settings,
			this.store.now(),
			/** @type {() => number} */ (this.outageRand),
		);
	}

	/** Switched off: the store's switches and the assistants' labels as before. */
	off() {
		this.label(null);
		this.store.parentCallId = this.saved.parentCallId;
		this.store.scheduledAt = this.saved.scheduledAt;
	}

	describe() {
		return {
			on: true,
			...this.settings,
			calls: [...this.perNumber.values()].reduce((a, b) => a + b, 0),
		};
	}
}

/**
 * Switches the store's week: a spec merges over the current settings (on, with the defaults,
 * when none is on); null, false or {on: false} switches it off.
 * @param {import('../store').Store} store @param {unknown} spec
 */
function setWeek(store, spec) {
	const off =
		spec === null ||
		spec === false ||
		(typeof spec === 'object' && /** @type {any} */ (spec).on === false);
	if (off) {
		store.week?.off();
		store.week = null;
		return { on: false };
	}
	const { on, ...rest } = /** @type {any} */ (spec === true || spec === undefined ? {} : spec);
	if (on !== undefined && on !== true) throw new Error('week: on must be true or false');
	const settings = mergeWeek(rest, store.week?.settings ?? null, store.seed);
	if (store.week) store.week.update(settings);
	else store.week = new Week(store, settings);
	return store.week.describe();
}

module.exports = { Week, setWeek };

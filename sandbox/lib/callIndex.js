// @ts-check
'use strict';

/**
 * The calls in creation order, all of them and by assistant, so a history read of one
 * assistant's day finds its rows by binary search instead of sorting every call the sandbox
 * holds (a week of 70,000 calls). Order: created_at, then creation sequence; a call is almost
 * always created at the end, and filed in place otherwise (seeded history is back-dated).
 */

/** @param {any} a @param {any} b */
const before = (a, b) =>
	a.created_at < b.created_at || (a.created_at === b.created_at && a.seq < b.seq);

/** Files `call` in the sorted list. @param {any[]} list @param {any} call */
function file(list, call) {
	let i = list.length;
	if (i === 0 || before(list[i - 1], call)) {
		list.push(call);
		return;
	}
	let lo = 0;
	while (lo < i) {
		const mid = (lo + i) >> 1;
		if (before(list[mid], call)) lo = mid + 1;
		else i = mid;
	}
	list.splice(lo, 0, call);
}

/**
 * The first index whose call was created at or after `ms` (`after`: strictly after).
 * @param {any[]} list @param {number} ms @param {boolean} [after]
 */
function firstFrom(list, ms, after = false) {
	let lo = 0;
	let hi = list.length;
	while (lo < hi) {
		const mid = (lo + hi) >> 1;
		const t = list[mid].created_at;
		if (t < ms || (after && t === ms)) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

class CallIndex {
	constructor() {
		/** @type {any[]} */
		this.all = [];
		/** @type {Map<string, any[]>} */
		this.byAgent = new Map();
	}

	/** @param {any} call */
	add(call) {
		file(this.all, call);
		let own = this.byAgent.get(call.agent.id);
		if (!own) this.byAgent.set(call.agent.id, (own = []));
		file(own, call);
	}

	/**
	 * The calls created in [start, end] (either bound may be open) of the assistants given
	 * (all when none), newest first, then latest created first.
	 * @param {{start?: number, end?: number, agentIds?: string[]}} q @returns {any[]}
	 */
	newestFirst({ start, end, agentIds = [] }) {
		const ids = [...new Set(agentIds)];
		const lists = ids.length ? ids.map((id) => this.byAgent.get(id) ?? []) : [this.all];
		/** @type {any[]} */
		const out = [];
		for (const list of lists) {
			const from = start === undefined ? 0 : firstFrom(list, start);
			const to = end === undefined ? list.length : firstFrom(list, end, true);
			for (let i = to - 1; i >= from; i--) out.push(list[i]);
		}
		if (lists.length > 1) out.sort((a, b) => b.created_at - a.created_at || b.seq - a.seq);
		return out;
	}
}

module.exports = { CallIndex };

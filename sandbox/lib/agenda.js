// @ts-check
'use strict';

/**
 * What falls due next, without scanning: a binary min-heap of entries ordered by instant, then
 * by a tie-breaker (a call's creation order, a timer's order of scheduling), so a week of
 * 70,000 calls runs its events in O(log n) each instead of a scan of every live call.
 *
 * Calls: `add(call)` files the call at its `next_event_at` (again after every change);
 * `delete(call)` withdraws it. Entries are never removed from the middle: each add gives the
 * call a new ticket, and an entry whose ticket is not the call's is skipped when it surfaces.
 * A call whose `next_event_at` moved later without being filed again is filed again at the new
 * instant when its old entry surfaces; a move earlier must be filed (the store files a call
 * after every step).
 */

/** @template T @typedef {{at: number, tie: number, ticket: number, item: T}} Entry */

/** @template T */
class Heap {
	constructor() {
		/** @type {Array<Entry<T>>} */
		this.items = [];
	}

	get size() {
		return this.items.length;
	}

	/** @param {Entry<T>} a @param {Entry<T>} b */
	static less(a, b) {
		return a.at < b.at || (a.at === b.at && a.tie < b.tie);
	}

	/** @param {Entry<T>} entry */
	push(entry) {
		const h = this.items;
		h.push(entry);
		let i = h.length - 1;
		while (i > 0) {
			const parent = (i - 1) >> 1;
			if (!Heap.less(h[i], h[parent])) break;
			[h[i], h[parent]] = [h[parent], h[i]];
			i = parent;
		}
	}

	/** @returns {Entry<T> | undefined} */
	peek() {
		return this.items[0];
	}

	/** @returns {Entry<T> | undefined} */
	pop() {
		const h = this.items;
		const top = h[0];
		const last = h.pop();
		if (h.length > 0 && last) {
			h[0] = last;
			let i = 0;
			for (;;) {
				const l = 2 * i + 1;
				const r = l + 1;
				let m = i;
				if (l < h.length && Heap.less(h[l], h[m])) m = l;
				if (r < h.length && Heap.less(h[r], h[m])) m = r;
				if (m === i) break;
				[h[i], h[m]] = [h[m], h[i]];
				i = m;
			}
		}
		return top;
	}
}

/** Live calls by the instant of their next event. */
class CallAgenda {
	constructor() {
		/** @type {Heap<any>} */
		this.heap = new Heap();
		this.tickets = 0;
		/** @type {Set<any>} calls filed */
		this.members = new Set();
	}

	/** Files `call` at its next_event_at (a call without one is withdrawn). @param {any} call */
	add(call) {
		if (call.next_event_at === null || call.next_event_at === undefined) {
			this.delete(call);
			return;
		}
		call.agendaTicket = ++this.tickets;
		this.members.add(call);
		this.heap.push({
			at: call.next_event_at,
			tie: call.seq,
			ticket: call.agendaTicket,
			item: call,
		});
	}

	/** @param {any} call */
	delete(call) {
		call.agendaTicket = 0;
		this.members.delete(call);
	}

	/** @param {any} call */
	has(call) {
		return this.members.has(call);
	}

	get size() {
		return this.members.size;
	}

	/** The call due first, or undefined. @returns {any} */
	first() {
		for (;;) {
			const top = this.heap.peek();
			if (!top) return undefined;
			const call = top.item;
			if (top.ticket === call.agendaTicket && top.at === call.next_event_at) return call;
			this.heap.pop();
			// Moved without being filed again: file it at its new instant.
			if (top.ticket === call.agendaTicket) this.add(call);
		}
	}
}

/** Timed jobs (deliveries) by instant, then order of scheduling. */
class TimerAgenda {
	constructor() {
		/** @type {Heap<(at: number) => void>} */
		this.heap = new Heap();
	}

	/** @param {number} at @param {number} seq @param {(at: number) => void} run */
	push(at, seq, run) {
		this.heap.push({ at, tie: seq, ticket: 0, item: run });
	}

	get length() {
		return this.heap.size;
	}

	/** @returns {{at: number, seq: number, run: (at: number) => void} | undefined} */
	first() {
		const top = this.heap.peek();
		return top && { at: top.at, seq: top.tie, run: top.item };
	}

	pop() {
		this.heap.pop();
	}
}

module.exports = { Heap, CallAgenda, TimerAgenda };

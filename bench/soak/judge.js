// @ts-check
'use strict';

/**
 * The soak's judge: what went wrong, day by day, from the service's own ledger and the soak's
 * own truth, never from the package's code (nothing under nodes/ or dist/ is read here, so a
 * defect of the package cannot hide in its own judge).
 *
 * ledger (what the service saw; the sandbox's GET /__sandbox/ledger and its calls):
 *   placed: [{call_id, mobile_number, at, parent_call_id?, call_time?, campaign?}]
 *           every call placed (a campaign's calls with campaign: true)
 *   rings:  [{call_id, mobile_number?, at}] every attempt that rang
 *   ended:  [{call_id, at, outcome, shows_at?}] every call the service ended, with what
 *           happened (answered, no_answer, busy, voicemail, failed, ...); shows_at: when its
 *           end became visible, where the service showed it late (a bad week's late rows):
 *           what is owed for it is owed from then
 * truth (what the soak knows of the world, not of the package):
 *   contacts:  {[phone]: {zone, window: {start: 'HH:MM', end: 'HH:MM'}}} each callee's real zone
 *              and the hours they may be rung (a number whose prefix spans zones: one real zone)
 *   doNotCall: [{phone, at}] each opt-out with the moment it came
 *   requested: [{call_id, phone, at, window?}] a callee's requested call-back time (and the
 *              window it may ring in, when the request itself names one)
 *   emitted:   [{call_id, at}] what the Call Ended trigger emitted
 *   told:      [{call_id, at, error}] the calls whose Call Back item failed with an error the
 *              workflow received (optional): an owed call-back of one of them that was never
 *              placed is still missed, and its finding says `told: true`
 *   crashed:   [{call_id, execution}] the calls the workflow received only in executions n8n
 *              marked crashed (optional; n8n's layer): their worker died, and n8n runs such an
 *              execution nowhere again, so what its items were to do is lost with it. An owed
 *              call-back of one never placed counts as lost_in_crash, beside missed, not in it:
 *              a limit of n8n the report states, not a fault of the package
 *   policy:    {notReached: string[], maxAttempts, dueWithinMs} which ended calls are owed a
 *              call-back (a chain of at most maxAttempts calls), and how soon
 *   outages:   [{from, to}] when the service was down (optional): time it was down after a
 *              call showed is added to when the call's call-back is due, since nothing can be
 *              read or placed meanwhile
 *   emitFrom, emitBy: the ended calls the trigger owes (ended in [emitFrom, emitBy])
 *   horizon:   the run's end (what is due after it is not counted)
 * dayOf(ms): the run's day of an instant, 1-based.
 *
 * Times are epoch ms or ISO strings. Each count goes to the day of the event it is about: a
 * ring to its ring's day, a placement to its placement's day, an ended call to the day it ended.
 */

// The service's own reading of wall-clock time (Intl, a formatter per zone): not the package's.
const { partsIn } = require('../../sandbox/lib/util');

const COUNTS = [
	'wrong_hour',
	'listed',
	'double',
	'missed',
	'never_emitted',
	'emitted_twice',
	'due_not_placed',
	'asked_missed',
	'lost_in_crash',
];

/** @param {number | string} t */
const ms = (t) => (typeof t === 'number' ? t : Date.parse(t));

/** Local wall time of `at` in `zone`: {date: 'YYYY-MM-DD', minutes: minutes since midnight}. */
function localOf(/** @type {string} */ zone, /** @type {number} */ at) {
	const p = partsIn(zone, at);
	const two = (/** @type {number} */ n) => String(n).padStart(2, '0');
	return { date: `${p.year}-${two(p.month)}-${two(p.day)}`, minutes: p.hour * 60 + p.minute };
}

const minutesOf = (/** @type {string} */ hhmm) => {
	const [h, m] = hhmm.split(':').map(Number);
	return h * 60 + m;
};

/** Whether `at` is inside the daily window in `zone` (end excluded; a window may span midnight). */
function inWindow(
	/** @type {{start: string, end: string}} */ window,
	/** @type {string} */ zone,
	/** @type {number} */ at,
) {
	const { minutes } = localOf(zone, at);
	const start = minutesOf(window.start);
	const end = minutesOf(window.end);
	if (start === end) return true;
	return start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}

/** Per-day counters, made on first use. */
function dayBook(/** @type {(ms: number) => number} */ dayOf) {
	/** @type {Map<number, Record<string, number>>} */
	const days = new Map();
	const row = (/** @type {number} */ day) => {
		let r = days.get(day);
		if (!r) {
			r = { day, calls: 0, ...Object.fromEntries(COUNTS.map((k) => [k, 0])) };
			days.set(day, r);
		}
		return r;
	};
	/** @type {Array<{kind: string, day: number, at: string, call_id?: string, phone?: string}>} */
	const findings = [];
	return {
		findings,
		/** Counts one `what` on the day of `at`; `about` names the call, for the report. */
		add: (/** @type {string} */ what, /** @type {number} */ at, /** @type {any} */ about) => {
			row(dayOf(at))[what] += 1;
			if (about)
				findings.push({ kind: what, day: dayOf(at), at: new Date(at).toISOString(), ...about });
		},
		touch: (/** @type {number} */ day) => row(day),
		rows: () => [...days.values()].sort((a, b) => a.day - b.day),
	};
}

/** The moment each number was first listed (a later entry for the same number changes nothing). */
function listedSince(/** @type {Array<{phone: string, at: number | string}>} */ entries) {
	/** @type {Map<string, number>} */
	const since = new Map();
	for (const e of entries) {
		const at = ms(e.at);
		if (!(since.get(e.phone) <= at)) since.set(e.phone, at);
	}
	return since;
}

/** Rings at the wrong hour: outside the callee's window, in the callee's real zone. */
function wrongHours(ledger, truth, book, placedById) {
	/** @type {Map<string, {start: string, end: string}>} */
	const askedWindow = new Map();
	for (const r of truth.requested ?? []) if (r.window) askedWindow.set(r.call_id, r.window);
	for (const ring of ledger.rings ?? []) {
		const placed = placedById.get(ring.call_id);
		const phone = ring.mobile_number ?? placed?.mobile_number;
		const contact = truth.contacts[phone];
		if (!contact) throw new Error(`judge: no truth for ${phone} (call ${ring.call_id})`);
		const window =
			(placed?.parent_call_id && askedWindow.get(placed.parent_call_id)) || contact.window;
		if (!inWindow(window, contact.zone, ms(ring.at)))
			book.add('wrong_hour', ms(ring.at), { call_id: ring.call_id, phone, zone: contact.zone });
	}
}

/**
 * Placements that should not have been: to a listed number (listed before the call was
 * placed), a row dialled twice on one day, a call-back placed twice for one call, or placed
 * while the call it follows up was still going (the service still retrying it).
 */
function badPlacements(ledger, truth, book, dayOf) {
	const listed = listedSince(truth.doNotCall ?? []);
	const endedAt = new Map((ledger.ended ?? []).map((e) => [e.call_id, ms(e.at)]));
	/** @type {Map<string, number>} */
	const lastRing = new Map();
	for (const r of ledger.rings ?? []) {
		lastRing.set(r.call_id, Math.max(lastRing.get(r.call_id) ?? -Infinity, ms(r.at)));
	}
	const about = (/** @type {any} */ p) => ({
		call_id: p.call_id,
		phone: p.mobile_number,
		...(p.parent_call_id ? { parent_call_id: p.parent_call_id } : {}),
	});
	const seenRows = new Set();
	const seenParents = new Set();
	for (const p of ledger.placed) {
		const at = ms(p.at);
		book.add('calls', at, undefined);
		if (listed.get(p.mobile_number) <= at) book.add('listed', at, about(p));
		if (p.parent_call_id) {
			const parent = p.parent_call_id;
			const stillGoing = !(endedAt.get(parent) <= at) || lastRing.get(parent) > at;
			if (seenParents.has(parent) || stillGoing) {
				book.add('double', at, {
					...about(p),
					why: stillGoing ? 'parent still going' : 'second call-back',
				});
			}
			seenParents.add(parent);
		} else {
			const key = `${p.mobile_number} ${dayOf(at)}`;
			if (seenRows.has(key)) book.add('double', at, { ...about(p), why: 'row dialled twice' });
			seenRows.add(key);
		}
	}
}

/** When an ended call's end showed: what is owed for it is owed from then. @param {any} e */
const shownAt = (e) => ms(e.shows_at ?? e.at);

/** Each call's emission times, in the order the trigger emitted them. @param {any} truth */
function emissionTimes(truth) {
	/** @type {Map<string, number[]>} */
	const emitted = new Map();
	for (const e of truth.emitted ?? []) {
		const list = emitted.get(e.call_id) ?? [];
		list.push(ms(e.at));
		emitted.set(e.call_id, list);
	}
	return emitted;
}

/** The calls placed as call-backs of each call, by their parent_call_id. @param {any[]} placed */
function callBacksOf(placed) {
	/** @type {Map<string, any[]>} */
	const children = new Map();
	for (const p of placed) {
		if (!p.parent_call_id) continue;
		children.set(p.parent_call_id, [...(children.get(p.parent_call_id) ?? []), p]);
	}
	return children;
}

/** Ended calls the trigger owed and did not emit, or emitted more than once. */
function emissions(ledger, truth, book) {
	const emitted = emissionTimes(truth);
	const from = ms(truth.emitFrom ?? -Infinity);
	const by = ms(truth.emitBy ?? truth.horizon);
	for (const e of ledger.ended ?? []) {
		const at = ms(e.at);
		// A call whose end the service showed late is owed from when it showed.
		if (at >= from && shownAt(e) <= by && !emitted.has(e.call_id))
			book.add('never_emitted', at, { call_id: e.call_id });
	}
	for (const [id, times] of emitted) {
		for (const at of times.slice(1)) book.add('emitted_twice', at, { call_id: id });
	}
}

/** Which attempt of its chain each placed call is (1 for a first call), from parent_call_id. */
function attempts(/** @type {any[]} */ placed) {
	const parentOf = new Map(placed.map((p) => [p.call_id, p.parent_call_id]));
	/** @type {(id: string) => number} */
	const attempt = (id) => {
		let n = 1;
		for (let at = parentOf.get(id); at && n < 1000; at = parentOf.get(at)) n++;
		return n;
	};
	return attempt;
}

/** The outages as epoch ms, the earliest first. @param {any[]} outages */
const sortedOutages = (outages) =>
	outages.map((o) => ({ from: ms(o.from), to: ms(o.to) })).sort((a, b) => a.from - b.from);

/**
 * When a call-back of a call shown at `shownMs` is due: `withinMs` later, plus the time the
 * service was down from then until that moment (which an outage it reaches extends).
 * @param {number} shownMs @param {number} withinMs @param {{from: number, to: number}[]} sorted
 *   the outages, sortedOutages()
 */
function dueBy(shownMs, withinMs, sorted) {
	let by = shownMs + withinMs;
	for (const o of sorted) {
		const from = Math.max(o.from, shownMs);
		if (from >= by) break;
		if (o.to > from) by += o.to - from;
	}
	return by;
}

/**
 * Call-backs owed and never placed: a call the policy says was not reached, short of Max
 * Attempts, its number not listed when it ended, with no call-back placed within dueWithinMs
 * and the service's down time meanwhile (counted only when that moment is before the
 * horizon). And each requested call-back not rung on the day asked, in the callee's zone (when
 * that day ends before the horizon, the number was not listed when asked, and the chain is
 * short of Max Attempts).
 */
function missedCallBacks(ledger, truth, book) {
	const policy = truth.policy ?? { notReached: [], maxAttempts: 0, dueWithinMs: 0 };
	const toldOf = new Set((truth.told ?? []).map((/** @type {any} */ t) => t.call_id));
	const told = (/** @type {string} */ id) => (toldOf.has(id) ? { told: true } : {});
	const crashed = new Set((truth.crashed ?? []).map((/** @type {any} */ c) => c.call_id));
	/** The count of an owed call-back not made: lost with a crashed execution, or missed. */
	const kind = (/** @type {string} */ id, /** @type {string} */ missed) =>
		crashed.has(id) ? 'lost_in_crash' : missed;
	const listed = listedSince(truth.doNotCall ?? []);
	const horizon = ms(truth.horizon);
	const attempt = attempts(ledger.placed);
	const phoneOf = new Map(ledger.placed.map((p) => [p.call_id, p.mobile_number]));
	const children = callBacksOf(ledger.placed);
	const outages = sortedOutages(truth.outages ?? []);
	for (const e of ledger.ended ?? []) {
		const at = ms(e.at);
		if (!policy.notReached.includes(e.outcome) || !phoneOf.has(e.call_id)) continue;
		if (attempt(e.call_id) >= policy.maxAttempts) continue;
		if (listed.get(phoneOf.get(e.call_id)) <= at) continue;
		const by = dueBy(shownAt(e), policy.dueWithinMs, outages);
		if (by > horizon) continue;
		const placed = (children.get(e.call_id) ?? []).some((c) => ms(c.at) <= by);
		if (!placed)
			book.add(kind(e.call_id, 'due_not_placed'), at, {
				call_id: e.call_id,
				outcome: e.outcome,
				...told(e.call_id),
			});
	}
	/** @type {Map<string, number>} */
	const firstRing = new Map();
	for (const r of ledger.rings ?? []) {
		if (!(firstRing.get(r.call_id) <= ms(r.at))) firstRing.set(r.call_id, ms(r.at));
	}
	for (const r of truth.requested ?? []) {
		const asked = ms(r.at);
		const contact = truth.contacts[r.phone];
		if (listed.get(r.phone) <= asked) continue;
		if (attempt(r.call_id) >= policy.maxAttempts) continue; // the chain is at Max Attempts
		const day = localOf(contact.zone, asked).date;
		if (localOf(contact.zone, horizon).date <= day) continue; // its day is not over yet
		const rang = (children.get(r.call_id) ?? [])
			.map((c) => firstRing.get(c.call_id))
			.some((t) => t !== undefined && localOf(contact.zone, t).date === day);
		if (!rang)
			book.add(kind(r.call_id, 'asked_missed'), asked, {
				call_id: r.call_id,
				phone: r.phone,
				...told(r.call_id),
			});
	}
}

/**
 * Nearest-rank percentiles of minutes, to a tenth (null when there are none).
 * @param {number[]} values minutes
 */
function spread(values) {
	const sorted = [...values].sort((a, b) => a - b);
	const rank = (/** @type {number} */ p) =>
		sorted.length ? Math.round(sorted[Math.ceil((p / 100) * sorted.length) - 1] * 10) / 10 : null;
	return { n: sorted.length, p50: rank(50), p95: rank(95), max: rank(100) };
}

/**
 * How late what was owed came, counted from when each call's end showed: its first emission,
 * and for a call not reached, its first call-back placed. Not faults (those are the counts,
 * with their bounds): the figures that show how close to the bounds a run came.
 */
function lateness(ledger, truth) {
	const MIN = 60_000;
	const emitted = emissionTimes(truth);
	const children = callBacksOf(ledger.placed);
	const notReached = truth.policy?.notReached ?? [];
	const emittedAfter = [];
	const calledBackAfter = [];
	for (const e of ledger.ended ?? []) {
		const shown = shownAt(e);
		const times = emitted.get(e.call_id);
		if (times) emittedAfter.push((Math.min(...times) - shown) / MIN);
		const backs = children.get(e.call_id);
		if (notReached.includes(e.outcome) && backs)
			calledBackAfter.push((Math.min(...backs.map((c) => ms(c.at))) - shown) / MIN);
	}
	return { emitted: spread(emittedAfter), called_back: spread(calledBackAfter) };
}

/**
 * The verdict: per day, calls placed and each count; `missed` gathers the four ways a call
 * owed was not made as owed (never emitted, emitted twice, a due call-back not placed, an
 * asked-for call-back not rung on its day), as the "missed" does; lost_in_crash is
 * beside it (truth.crashed).
 * @param {{ledger: any, truth: any, dayOf: (ms: number) => number}} input
 */
function judge({ ledger, truth, dayOf }) {
	const book = dayBook(dayOf);
	const placedById = new Map(ledger.placed.map((/** @type {any} */ p) => [p.call_id, p]));
	for (let day = 1; day <= dayOf(ms(truth.horizon) - 1); day++) book.touch(day);
	wrongHours(ledger, truth, book, placedById);
	badPlacements(ledger, truth, book, dayOf);
	emissions(ledger, truth, book);
	missedCallBacks(ledger, truth, book);
	const days = book.rows().map((r) => ({
		...r,
		missed: r.never_emitted + r.emitted_twice + r.due_not_placed + r.asked_missed,
	}));
	/** @type {Record<string, number>} */
	const totals = { calls: 0 };
	for (const k of COUNTS) totals[k] = 0;
	for (const d of days) for (const k of Object.keys(totals)) totals[k] += d[k];
	return { days, totals, findings: book.findings, late: lateness(ledger, truth) };
}

module.exports = { judge, inWindow, localOf, COUNTS };

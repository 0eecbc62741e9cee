// @ts-check
'use strict';

/**
 * Injected faults and latency. A rule picks requests by endpoint and says what goes wrong:
 *
 *   { endpoint: 'POST /calling/outbound/individual', action: '500-after', times: 1 }
 *   { endpoint: 'GET /calling/history', sequence: [500, 'pass', 429, 'drop'] }
 *   { endpoint: '*', action: { status: 429, retryAfter: 2 }, rate: 0.25 }
 *
 * endpoint: 'METHOD /path', '/path' (any method), '/prefix/*' or '*' (default), with the
 * path below the base URL (route patterns such as /calling/contact/{list_id} match too).
 * Actions: 'pass' (let one through), a status number or '500' (answer that error before
 * acting), '500-after' (act, then answer 500), 'drop' (close the socket before acting),
 * 'drop-after' (act, then close the socket), 'refuse' or { refuseMs } (close the socket
 * before acting and stop listening for refuseMs real ms, default 100: the requests meanwhile
 * meet ECONNREFUSED), or objects { status, retryAfter, body, after } / { drop: true, after }
 * / { delayMs } (slow: wait, then answer normally).
 * A sequence is consumed one item per matching request and then the rule is spent;
 * `times` limits a single action; `rate` (0..1) applies it to that fraction of requests.
 * Rules are tried in order; the first that fires decides.
 */

/**
 * @typedef {{kind: 'pass'} | {kind: 'status', status: number, retryAfter?: number, body?: unknown, after: boolean}
 *   | {kind: 'drop', after: boolean} | {kind: 'slow', delayMs: number} | {kind: 'refuse', ms: number}} Action
 */

/** @param {unknown} raw @returns {Action} */
function normalizeAction(raw) {
	if (raw === 'pass' || raw === 'ok') return { kind: 'pass' };
	if (typeof raw === 'number') raw = String(raw);
	if (typeof raw === 'string') {
		const m = /^(\d{3})(-after)?$/.exec(raw);
		if (m) return statusAction(Number(m[1]), undefined, undefined, Boolean(m[2]));
		if (raw === 'drop' || raw === 'drop-after')
			return { kind: 'drop', after: raw === 'drop-after' };
		if (raw === 'refuse') return { kind: 'refuse', ms: 100 };
		const slow = /^slow:(\d+)$/.exec(raw);
		if (slow) return { kind: 'slow', delayMs: Number(slow[1]) };
		throw new Error(`unknown fault action "${raw}"`);
	}
	if (raw && typeof raw === 'object') {
		const o = /** @type {Record<string, any>} */ (raw);
		if (o.drop) return { kind: 'drop', after: Boolean(o.after) };
		if (o.refuseMs !== undefined) {
			if (!(Number(o.refuseMs) > 0 && Number(o.refuseMs) <= 600000))
				throw new Error('refuseMs must be ms between 1 and 600000');
			return { kind: 'refuse', ms: Number(o.refuseMs) };
		}
		if (o.delayMs !== undefined) {
			if (!(Number(o.delayMs) >= 0)) throw new Error('delayMs must be a number >= 0');
			return { kind: 'slow', delayMs: Number(o.delayMs) };
		}
		if (o.status !== undefined)
			return statusAction(Number(o.status), o.retryAfter, o.body, Boolean(o.after));
	}
	throw new Error(`unknown fault action ${JSON.stringify(raw)}`);
}

/** @returns {Action} */
function statusAction(
	/** @type {number} */ status,
	/** @type {any} */ retryAfter,
	/** @type {unknown} */ body,
	/** @type {boolean} */ after,
) {
	if (!Number.isInteger(status) || status < 400 || status > 599) {
		throw new Error(`fault status must be 400..599, got ${status}`);
	}
	const wait = retryAfter === undefined ? (status === 429 ? 1 : undefined) : Number(retryAfter);
	if (wait !== undefined && !(wait >= 0)) throw new Error('retryAfter must be seconds >= 0');
	return { kind: 'status', status, retryAfter: wait, body, after };
}

/**
 * Delivery faults (event subscriptions and per-call callbacks), a second list of rules:
 *
 *   { event: 'call_completed', action: 'drop' }          every call_completed is lost
 *   { action: 'duplicate', times: 2 }                    the next two deliveries arrive twice
 *   { event: 'callback', action: { delayMs: 30000 } }    callbacks leave 30 s later (sandbox clock)
 *
 * event: an event type, 'callback' (per-call callbacks) or '*' (default). Actions: 'drop'
 * (never sent, no retries), 'duplicate' (the same delivery sent twice), { delayMs } or
 * 'delay:<ms>' (the first attempt leaves later). times and rate as for request faults.
 * @typedef {{kind: 'drop'} | {kind: 'duplicate'} | {kind: 'delay', delayMs: number}} DeliveryAction
 */

/** @param {unknown} raw @returns {DeliveryAction} */
function normalizeDeliveryAction(raw) {
	if (raw === 'drop' || raw === 'duplicate') return { kind: raw };
	const delay = typeof raw === 'string' ? /^delay:(\d+)$/.exec(raw) : null;
	if (delay) return { kind: 'delay', delayMs: Number(delay[1]) };
	if (raw && typeof raw === 'object' && 'delayMs' in raw) {
		const ms = Number(/** @type {any} */ (raw).delayMs);
		if (!(ms >= 0)) throw new Error('delivery faults: delayMs must be a number >= 0');
		return { kind: 'delay', delayMs: ms };
	}
	throw new Error(
		`delivery faults: unknown action ${JSON.stringify(raw)} (drop, duplicate, {delayMs})`,
	);
}

/**
 * The rules of a spec (a list, {rules: [...]}, or null/undefined for none), each checked to be
 * an object with a valid `rate` (0..1, default 1) and `times` (>= 0, default all); `label`
 * prefixes the errors.
 * @param {unknown} spec @param {string} label
 * @returns {Array<{rule: any, rate: number, times: number}>}
 */
function parseRules(spec, label) {
	const list =
		spec === null || spec === undefined
			? []
			: Array.isArray(spec)
				? spec
				: /** @type {any} */ (spec).rules;
	if (!Array.isArray(list))
		throw new Error(`${label}: expected an array of rules or {rules: [...]}`);
	return list.map((/** @type {any} */ r) => {
		if (!r || typeof r !== 'object') throw new Error(`${label}: every rule must be an object`);
		const rate = r.rate === undefined ? 1 : Number(r.rate);
		if (!(rate >= 0 && rate <= 1)) throw new Error(`${label}: rate must be between 0 and 1`);
		const times = r.times === undefined ? Infinity : Number(r.times);
		if (!(times >= 0)) throw new Error(`${label}: times must be >= 0`);
		return { rule: r, rate, times };
	});
}

/** @param {string} endpoint @param {string} method @param {string} route @param {string} path */
function matches(endpoint, method, route, path) {
	if (!endpoint || endpoint === '*') return true;
	const space = endpoint.indexOf(' ');
	const wantMethod = space > 0 ? endpoint.slice(0, space).toUpperCase() : undefined;
	const wantPath = (space > 0 ? endpoint.slice(space + 1) : endpoint).trim();
	if (wantMethod && wantMethod !== method) return false;
	if (wantPath === '*' || wantPath === route || wantPath === path) return true;
	return wantPath.endsWith('/*') && path.startsWith(wantPath.slice(0, -1));
}

class FaultBoard {
	/** @param {() => number} rand */
	constructor(rand) {
		this.rand = rand;
		/** @type {Array<{endpoint: string, actions: Action[], times: number, rate: number, fired: number, source: unknown}>} */
		this.rules = [];
		/** @type {Record<string, number>} */
		this.latency = {};
		/** @type {Array<{event: string, action: DeliveryAction, times: number, rate: number, fired: number, source: unknown}>} */
		this.deliveryRules = [];
	}

	/** Replaces the delivery fault rules; null or [] clears. @param {unknown} spec */
	setDeliveries(spec) {
		this.deliveryRules = parseRules(spec, 'delivery faults').map(({ rule: r, rate, times }) => {
			if (r.event !== undefined && typeof r.event !== 'string')
				throw new Error('delivery faults: event must be a string');
			return {
				event: r.event ?? '*',
				action: normalizeDeliveryAction(r.action),
				times,
				rate,
				fired: 0,
				source: r,
			};
		});
	}

	/** The fault for a delivery of `event` (an event type or 'callback'), if one fires. @param {string} event */
	takeDelivery(event) {
		for (const rule of this.deliveryRules) {
			if (rule.fired >= rule.times || (rule.event !== '*' && rule.event !== event)) continue;
			if (rule.rate < 1 && this.rand() >= rule.rate) continue;
			rule.fired += 1;
			return rule.action;
		}
		return undefined;
	}

	/** Replaces every rule; null or [] clears. @param {unknown} spec */
	set(spec) {
		this.rules = parseRules(spec, 'faults').map(({ rule: r, rate, times }) => {
			const sequence = r.sequence !== undefined;
			if (sequence && !Array.isArray(r.sequence))
				throw new Error('faults: sequence must be an array');
			if (!sequence && r.action === undefined)
				throw new Error('faults: a rule needs action or sequence');
			return {
				endpoint: String(r.endpoint ?? '*'),
				actions: sequence ? r.sequence.map(normalizeAction) : [normalizeAction(r.action)],
				sequence,
				times: sequence ? r.sequence.length : times,
				rate,
				fired: 0,
				source: r,
			};
		});
	}

	clear() {
		this.rules = [];
		this.latency = {};
		this.deliveryRules = [];
	}

	/** A number for every endpoint, or a map of endpoint -> ms ('*' for the rest). @param {unknown} spec */
	setLatency(spec) {
		if (typeof spec === 'number') {
			if (!(spec >= 0)) throw new Error('latency must be ms >= 0');
			this.latency = { '*': spec };
			return;
		}
		if (!spec || typeof spec !== 'object')
			throw new Error('latency: expected ms or {endpoint: ms}');
		/** @type {Record<string, number>} */
		const out = {};
		for (const [key, value] of Object.entries(spec)) {
			if (!(Number(value) >= 0)) throw new Error(`latency for ${key} must be ms >= 0`);
			out[key] = Number(value);
		}
		this.latency = out;
	}

	/** @param {string} method @param {string} route @param {string} path */
	latencyFor(method, route, path) {
		let fallback = 0;
		for (const [key, ms] of Object.entries(this.latency)) {
			if (key === '*') fallback = ms;
			else if (matches(key, method, route, path)) return ms;
		}
		return fallback;
	}

	/** The fault for this request, if one fires. @returns {Action | undefined} */
	take(/** @type {string} */ method, /** @type {string} */ route, /** @type {string} */ path) {
		for (const rule of this.rules) {
			if (rule.fired >= rule.times || !matches(rule.endpoint, method, route, path)) continue;
			if (rule.rate < 1 && this.rand() >= rule.rate) continue;
			const action = rule.actions[Math.min(rule.fired, rule.actions.length - 1)];
			rule.fired += 1;
			return action.kind === 'pass' ? undefined : action;
		}
		return undefined;
	}

	describe() {
		return {
			rules: this.rules.map((r) => ({
				.../** @type {object} */ (r.source),
				fired: r.fired,
				spent: r.fired >= r.times,
			})),
			latency: this.latency,
			deliveries: this.deliveryRules.map((r) => ({
				.../** @type {object} */ (r.source),
				fired: r.fired,
				spent: r.fired >= r.times,
			})),
		};
	}
}

module.exports = { FaultBoard, normalizeAction, matches };

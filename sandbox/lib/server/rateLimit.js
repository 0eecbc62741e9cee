// @ts-check
'use strict';

/**
 * A workspace request limit: at most `requests` API requests served in any `perMs` (a sliding
 * window, on the sandbox's clock), the others answered 429 before anything is done. FACTS.md
 * gives "429: back off and retry later" and no rate-limit header, so both readings are served:
 * with `retryAfter` the 429 carries Retry-After (whole seconds until a request would be served,
 * at least 1, as HTTP writes it); without, none. Only requests with the workspace's key count.
 */

/** @typedef {{requests: number, perMs: number, retryAfter: boolean}} RateLimitSpec */

class RateLimit {
	constructor() {
		/** @type {RateLimitSpec | undefined} */
		this.spec = undefined;
		/** Times of the requests served in the current window, oldest first. */
		/** @type {number[]} */
		this.served = [];
		this.counts = { served: 0, limited: 0 };
		/** Sandbox times of the first and last request served while the limit was on. */
		/** @type {number | undefined} */
		this.firstAt = undefined;
		/** @type {number | undefined} */
		this.lastAt = undefined;
	}

	/**
	 * Sets the limit (undefined or null: none) and starts its counts afresh.
	 * @param {unknown} spec
	 */
	set(spec) {
		this.served = [];
		this.counts = { served: 0, limited: 0 };
		this.firstAt = undefined;
		this.lastAt = undefined;
		if (spec === undefined || spec === null) {
			this.spec = undefined;
			return;
		}
		const s = /** @type {Record<string, unknown>} */ (spec);
		const requests = Number(s.requests);
		const perMs = Number(s.perMs);
		if (!Number.isInteger(requests) || requests < 1)
			throw new Error('rate-limit: requests must be a whole number >= 1');
		if (!Number.isInteger(perMs) || perMs < 1)
			throw new Error('rate-limit: perMs must be a whole number of ms >= 1');
		if (s.retryAfter !== undefined && typeof s.retryAfter !== 'boolean')
			throw new Error('rate-limit: retryAfter must be true or false');
		this.spec = { requests, perMs, retryAfter: s.retryAfter !== false };
	}

	/**
	 * A request with the workspace's key at `now`: undefined when served (and counted), else
	 * the 429's Retry-After in seconds (undefined in the reading without it) as `{retryAfter}`.
	 * @param {number} now
	 * @returns {undefined | {retryAfter: number | undefined}}
	 */
	take(now) {
		const spec = this.spec;
		if (!spec) return undefined;
		while (this.served.length > 0 && this.served[0] <= now - spec.perMs) this.served.shift();
		if (this.served.length < spec.requests) {
			this.served.push(now);
			this.counts.served++;
			this.firstAt ??= now;
			this.lastAt = now;
			return undefined;
		}
		this.counts.limited++;
		const freeInMs = this.served[0] + spec.perMs - now;
		return { retryAfter: spec.retryAfter ? Math.max(1, Math.ceil(freeInMs / 1000)) : undefined };
	}

	describe() {
		return {
			limit: this.spec ?? null,
			served: this.counts.served,
			limited: this.counts.limited,
			first_served_ms: this.firstAt ?? null,
			last_served_ms: this.lastAt ?? null,
		};
	}
}

module.exports = { RateLimit };

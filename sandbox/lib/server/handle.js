// @ts-check
'use strict';

const { historyRecord } = require('../calling');
const { isoOffset } = require('../util');
const campaigns = require('../campaigns');
const { PREFIX } = require('./pipeline');
const { relisten, releasePort } = require('./listen');

/**
 * The sandbox as a test holds it (index.d.ts `Sandbox`): where it listens, the clock and the
 * state, the switches, views of calls, pause and close. Built from parts, one per concern, in
 * the order the properties are listed; the control endpoints call the same methods.
 */

/** @typedef {import('../server').Env} Env @typedef {import('node:net').AddressInfo} AddressInfo */

/** Where it listens, and the recording origin. @param {Env} env @param {AddressInfo} address */
function addresses(env, address) {
	const { origin, recordingServer } = env;
	return {
		url: `${origin}${PREFIX}`,
		origin,
		port: address.port,
		/** Where recordings and voice previews are served: another origin than the API. */
		recordingOrigin: recordingServer.origin,
		recordingPort: recordingServer.port,
		/** Every request the recording origin received, with its headers. */
		get recordingRequests() {
			return recordingServer.requests;
		},
	};
}

/** Callback and event deliveries. @param {Env} env */
function deliveryControls({ deliveries, faults }) {
	return {
		/** Every callback and event delivery, with its attempts. */
		get deliveries() {
			return deliveries.ledger;
		},
		/** Waits until no delivery is on the wire (retries due meanwhile included). */
		flushDeliveries() {
			return deliveries.flush();
		},
		/** @param {unknown} spec */
		setDeliveryFaults(spec) {
			faults.setDeliveries(spec);
		},
	};
}

/**
 * Queues calls of a campaign (registered, ringing at `delay_ms` from now, default 1 h),
 * so they can be terminated. The agent defaults to the first one.
 * @param {import('../store').Store} store @param {string} campaignId
 * @param {{agent_id?: string, contacts?: Array<{name?: string, mobile_number: string}>, delay_ms?: number}} spec
 */
function queueCampaignCalls(store, campaignId, spec) {
	const campaign = store.campaigns.find((k) => k.id === campaignId);
	if (!campaign) throw new Error(`no campaign ${campaignId}`);
	const agent = store.agents.get(spec.agent_id ?? [...store.agents.keys()][0]);
	if (!agent) throw new Error(`no agent ${spec.agent_id}`);
	if (!Array.isArray(spec.contacts) || !spec.contacts.length)
		throw new Error('contacts: a non-empty list of {name, mobile_number}');
	const at = store.now();
	const when = at + (spec.delay_ms ?? 3600000);
	const from = store.numbers.find((n) => n.agent_id === agent.id) ?? store.numbers[2];
	const calls = spec.contacts.map((c) => {
		const time = { scheduled_at: new Date(when).toISOString().slice(0, 19), timezone: 'UTC' };
		Object.defineProperty(time, 'scheduled_at_ms', { value: when, enumerable: false });
		return store.createCall({
			name: c.name ?? '',
			mobile_number: c.mobile_number,
			agent,
			from_number: from.number,
			config: { call_time: time },
			campaign_id: campaign.id,
			at,
		}).call;
	});
	store.arm();
	return calls;
}

/** The state and its clock. @param {Env} env */
function state({ store, faults }) {
	return {
		/** See queueCampaignCalls above. @param {string} campaignId @param {any} spec */
		queueCampaignCalls(campaignId, spec) {
			return queueCampaignCalls(store, campaignId, spec);
		},
		get apiKey() {
			return store.apiKey;
		},
		store,
		/** The same as store: the workspace, calls, ledger and clock. */
		state: store,
		faults,
		get ledger() {
			return store.ledger;
		},
		now: () => store.now(),
		/** @param {number} ms */
		advance(ms) {
			const now = store.advance(ms);
			return now;
		},
	};
}

/** The switches: shapes, campaign variants, credits, faults, latency, reset. @param {Env} env */
function switches({ store, faults, deliveries, recordingServer, rateLimit }) {
	return {
		/**
		 * 'live' (default) or 'docs': which of the two shapes the vendor's reference and the
		 * live service give is served where they differ (assistant, assistant list, workspace).
		 * @param {'live' | 'docs'} shape
		 */
		setShape(shape) {
			if (shape !== 'live' && shape !== 'docs') throw new Error("shape must be 'live' or 'docs'");
			store.shape = shape;
		},
		/**
		 * The large campaign flow's answers: 'page' (default) or 'schema', the two documented
		 * variants. @param {'page' | 'schema'} v
		 */
		setLargeFlow(v) {
			store.largeFlow = campaigns.variant(v, 'variant');
		},
		/**
		 * campaign_status words: 'page' (default: draft, scheduled, ongoing, completed) or
		 * 'schema' (the enum: pending, registered, running, completed). @param {'page' | 'schema'} v
		 */
		setCampaignStatuses(v) {
			store.campaignStatuses = campaigns.variant(v, 'vocabulary');
		},
		/** Campaigns created through the API: what was sent, the rows read, where they are. */
		campaigns(/** @type {{rows?: boolean}} */ opts = {}) {
			store.sync();
			return campaigns.campaignsView(store, opts);
		},
		/** The workspace's balance (GET /workspace's credits). */
		credits() {
			return Math.round((store.workspace.credits_granted - store.creditsUsed()) * 10000) / 10000;
		},
		/** Sets the balance to `credits` (until reset). @param {number} credits */
		setCredits(credits) {
			if (!Number.isFinite(credits)) throw new Error('credits must be a number');
			store.workspace.credits_granted = credits + store.creditsUsed();
		},
		/** @param {unknown} spec */
		setFaults(spec) {
			faults.set(spec);
		},
		/** @param {unknown} spec */
		setLatency(spec) {
			faults.setLatency(spec);
		},
		/**
		 * A bad week (README "A bad week"): a spec merged over the current one, or null to
		 * switch it off; answers the settings in force. @param {unknown} spec
		 */
		setWeek(spec) {
			store.sync();
			return store.setWeek(spec);
		},
		/** The bad week's settings in force, or {on: false}. */
		get week() {
			return store.week ? store.week.describe() : { on: false };
		},
		/** The ring ledger (week/rings.js), filtered. @param {any} [q] */
		rings(q) {
			store.sync();
			return store.rings.list(q);
		},
		/** The workspace's request limit (README "Rate limit"); null: none. @param {unknown} spec */
		setRateLimit(spec) {
			rateLimit.set(spec);
		},
		/** The limit and what it served and refused since it was set. */
		get rateLimit() {
			return rateLimit.describe();
		},
		/** @param {number} [seed] */
		reset(seed) {
			store.reset(seed);
			faults.clear();
			rateLimit.set(undefined);
			deliveries.reset();
			recordingServer.requests.length = 0;
		},
	};
}

/** Calls and the whole sandbox as the control endpoints show them. @param {Env} env */
function views(env) {
	const { store, faults, deliveries, recordingServer, where } = env;
	return {
		/** A call as the history lists it, plus the sandbox's own bookkeeping. @param {any} c */
		callView(c) {
			return {
				...historyRecord(c, where),
				call_sub_status: c.sub_status,
				attempts: c.attempts,
				next_event_at: c.next_event_at === null ? null : isoOffset(c.next_event_at),
				next_attempt_time: c.next_attempt_time === null ? null : isoOffset(c.next_attempt_time),
				bulk_list_id: c.bulk_list_id,
				custom_args_values: c.custom_args_values,
			};
		},
		/** @param {string} id */
		call(id) {
			store.sync();
			const c = store.callsById.get(id);
			return c ? env.sandbox.callView(c) : undefined;
		},
		describe() {
			/** @type {Record<string, number>} */
			const byStatus = {};
			for (const c of store.calls) byStatus[c.status] = (byStatus[c.status] ?? 0) + 1;
			return {
				url: env.sandbox.url,
				apiKey: store.apiKey,
				clock: store.clock,
				speed: store.speed,
				seed: store.seed,
				shape: store.shape,
				largeFlow: store.largeFlow,
				campaignStatuses: store.campaignStatuses,
				now: isoOffset(store.now()),
				calls: store.calls.length,
				callsByStatus: byStatus,
				ledger: store.ledger.length,
				exports: store.exports.length,
				recordingOrigin: recordingServer.origin,
				deliveries: deliveries.ledger.length,
				faults: faults.describe(),
				week: store.week ? store.week.describe() : { on: false },
			};
		},
	};
}

/**
 * Pause, resume, close.
 * @param {Env} env @param {import('node:http').Server} server @param {AddressInfo} address
 */
function connection(env, server, address) {
	const { store, deliveries, recordingServer } = env;
	let paused = false;
	/** @type {ReturnType<typeof setTimeout> | undefined} */
	let resumeTimer;
	return {
		/**
		 * Stops listening, so new connections are refused (ECONNREFUSED: the client knows
		 * nothing was sent), for `ms` or until resume(). Idle keep-alive sockets are closed
		 * so clients have to reconnect. Control endpoints are unreachable meanwhile.
		 * @param {number} [ms]
		 */
		pause(ms) {
			if (paused || store.closed) return;
			paused = true;
			server.close();
			server.closeIdleConnections();
			if (ms !== undefined) {
				resumeTimer = setTimeout(() => env.sandbox.resume(), ms);
				resumeTimer.unref?.();
			}
		},
		resume() {
			if (resumeTimer) clearTimeout(resumeTimer);
			resumeTimer = undefined;
			if (!paused || store.closed) return Promise.resolve();
			paused = false;
			return relisten(server, address);
		},
		close() {
			store.close();
			deliveries.close();
			if (resumeTimer) clearTimeout(resumeTimer);
			const api = new Promise((resolve) => {
				if (paused) resolve(undefined);
				else server.close(() => resolve(undefined));
				server.closeAllConnections();
			});
			return Promise.all([api, recordingServer.close()]).then(() => releasePort(server));
		},
	};
}

/**
 * One object holding the parts' properties, getters kept as getters, in the parts' order.
 * @param {object[]} parts
 */
function assemble(...parts) {
	const out = {};
	for (const part of parts) Object.defineProperties(out, Object.getOwnPropertyDescriptors(part));
	return out;
}

/**
 * The sandbox a test holds. @param {Env} env @param {import('node:http').Server} server @param {AddressInfo} address
 * @returns {import('../server').Handle}
 */
function sandboxHandle(env, server, address) {
	return /** @type {any} */ (
		assemble(
			addresses(env, address),
			deliveryControls(env),
			state(env),
			switches(env),
			views(env),
			connection(env, server, address),
		)
	);
}

module.exports = { sandboxHandle };

// @ts-check
'use strict';

const http = require('node:http');

const { versionById, covers } = require('./agents');
const { analysisFor, eventSubStatus, unconnectedAnalysis } = require('./calls');
const { recordingUrl } = require('./recordings');
const { isoOffset } = require('./util');
const { eventFields } = require('./eventFields');

/**
 * Outbound deliveries: per-call callbacks (callback_url of the outbound call, on every status
 * change; legacy: the vendor dropped them from its reference on 2026-08-03) and event
 * subscriptions (PATCH /agent/v1 edit_event_subscriptions, kept per assistant version: a
 * call's events go to the subscriptions of the version that took it, with their method and
 * headers).
 * They are real HTTP POSTs, made on the sandbox clock: with a manual clock they leave while
 * advance() runs due work, and flush() waits for the answers. Only http URLs on a loopback
 * address are ever contacted; any other URL is recorded as refused and never sent.
 *
 * Event deliveries that fail (anything but 200, connection error, timeout) are retried 3 times, after
 * 10 s, 1 min and 2 min (sandbox clock, divided by the speed), then given up ("failed").
 * Callbacks are sent once: the reference documents retries only for event subscriptions.
 * Every delivery and attempt goes into a ledger (`GET /__sandbox/deliveries`).
 */

const RETRY_DELAYS_MS = [10000, 60000, 120000];

/** Nominal delay after a call ends until each processing event (divided by the speed). */
const PROCESSING_MS = {
	recording_completed: 5000,
	platform_analysis_completed: 10000,
	client_analysis_completed: 15000,
	all_processing_completed: 20000,
};

const USER_AGENT = 'voice-agent-sandbox-webhooks/1.0';
/** How much of a receiver's answer the ledger keeps. */
const ANSWER_CHARS = 2000;
const ENDED = ['completed', 'failed', 'error'];

/** Whether the sandbox may send to this URL: http on a loopback address only. @param {string} raw */
function loopbackHttp(raw) {
	try {
		const u = new URL(raw);
		const host = u.hostname.replace(/^\[|\]$/g, '');
		return (
			u.protocol === 'http:' &&
			(host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host))
		);
	} catch {
		return false;
	}
}

/**
 * @typedef {{attempt: number, at: string, status: number | null, error: string | null,
 *   headers: Record<string, string>, answer?: string}} Attempt
 *   answer: the start of the receiver's response body (a test reads what it said, e.g.
 *   that it took a copy for a duplicate, without waiting to see nothing happen)
 * @typedef {{id: number, kind: 'event' | 'callback', event_type: string, status: string | null,
 *   call_id: string, agent_id: string, url: string, method: string, created_at: string,
 *   state: 'pending' | 'sending' | 'retrying' | 'delivered' | 'failed' | 'dropped' | 'refused',
 *   fault: string | null, duplicate: boolean, next_attempt_at: string | null, body: unknown,
 *   attempts: Attempt[]}} Delivery
 */

class Deliveries {
	/**
	 * @param {{store: import('./store').Store, faults: import('./faults').FaultBoard,
	 *   recordings: import('./route').Where, timeoutMs?: number, log?: (line: string) => void}} opts
	 */
	constructor(opts) {
		this.store = opts.store;
		this.faults = opts.faults;
		this.where = opts.recordings;
		this.timeoutMs = opts.timeoutMs ?? 30000;
		this.log = opts.log ?? (() => {});
		/** @type {Delivery[]} */
		this.ledger = [];
		/** @type {Set<Promise<void>>} */
		this.inflight = new Set();
		/** @type {Set<import('node:http').ClientRequest>} */
		this.requests = new Set();
		this.seq = 0;
		this.closed = false;
		this.store.listeners.push((change) => this.onChange(change));
	}

	/** Forgets the ledger (the store's reset drops the timers). */
	reset() {
		this.ledger = [];
		for (const r of this.requests) r.destroy();
	}

	close() {
		this.closed = true;
		for (const r of this.requests) r.destroy();
	}

	/** Waits until no delivery is on the wire, including retries that fall due meanwhile. */
	async flush() {
		while (this.inflight.size) await Promise.allSettled([...this.inflight]);
		return this.ledger;
	}

	/** Runs `run` at sandbox instant `at`: now if due, else on the clock. @param {number} at @param {() => void} run */
	at(at, run) {
		const generation = this.store.generation;
		const guarded = () => {
			if (!this.closed && generation === this.store.generation) run();
		};
		if (at <= this.store.now()) guarded();
		else this.store.schedule(at, guarded);
	}

	/** @param {import('./store').Change} change */
	onChange(change) {
		const { call, at } = change;
		// A new call was registered, even when it rang at once.
		const statuses =
			change.from === null && change.to !== 'registered' ? ['registered', change.to] : [change.to];
		if (call.callback) for (const s of statuses) this.callback(call, s, at);
		if (change.attemptStarted) {
			this.event('call_started', call, at, {
				event_id: `${call.id}-${call.attempts}`,
				timestamp: isoOffset(at),
				status: 'registered',
				sub_status: eventSubStatus(call, 'registered'),
				call_type: call.call_type,
				to_number: call.to_number,
				from_number: call.from_number,
			});
		}
		if (change.from === 'ongoing' && (ENDED.includes(call.status) || call.status === 'retry')) {
			// Every attempt that ends, retries included; a retry carries status "retry".
			this.event('call_completed', call, at, {
				status: call.status,
				sub_status: eventSubStatus(call),
				call_duration: call.status === 'completed' ? call.call_duration : 0,
				to_number: call.to_number,
				from_number: call.from_number,
				transcript: structuredClone(call.transcript),
				retry_count: Math.max(0, call.attempts - 1),
				attempts: call.attempts,
				recording_url: null,
			});
		}
		if (ENDED.includes(call.status) && change.from !== call.status) this.processing(call, at);
	}

	/**
	 * After a call ends: recording (when there is one), the two analyses, then everything in one
	 * payload. The analyses fire for failed calls too (FACTS), carrying the call's own status and
	 * sub_status, with the analysis of a call that never connected.
	 * @param {any} call @param {number} end
	 */
	processing(call, end) {
		const speed = this.store.speed;
		const done = call.status === 'completed';
		const { platform_analysis, client_analysis } = done
			? analysisFor(call)
			: unconnectedAnalysis(call, this.store.failedAnalysis);
		const later = (
			/** @type {keyof typeof PROCESSING_MS} */ type,
			/** @type {() => Record<string, unknown>} */ data,
		) =>
			this.at(end + PROCESSING_MS[type] / speed, () =>
				this.event(type, call, this.store.now(), data()),
			);
		const result = () => ({
			status: call.status,
			sub_status: eventSubStatus(call),
			call_type: call.call_type,
			call_duration: call.call_duration,
			to_number: call.to_number,
			from_number: call.from_number,
			transcript: structuredClone(call.transcript),
		});
		if (done && call.has_recording)
			later('recording_completed', () => ({
				recording_url: recordingUrl(call, this.where),
				recording_duration: call.call_duration,
				sub_status: call.sub_status,
			}));
		for (const [type, data] of /** @type {const} */ ([
			['platform_analysis_completed', platform_analysis],
			['client_analysis_completed', client_analysis],
		]))
			later(type, () => ({
				...result(),
				entity_type: 'call',
				analysis_data: structuredClone(data),
			}));
		later('all_processing_completed', () => ({
			...result(),
			recording_url: recordingUrl(call, this.where),
			platform_analysis,
			platform_analysis_status: done ? 'success' : 'cancelled',
			client_analysis,
			client_analysis_status: done ? 'success' : 'cancelled',
		}));
	}

	/**
	 * One event to every subscription of the call's assistant version that covers its type.
	 * Payloads are flat JSON (vendor reference): the common fields, then the event's own;
	 * recording_completed carries no agent_id.
	 * @param {string} type @param {any} call @param {number} at @param {Record<string, unknown>} own
	 */
	event(type, call, at, own) {
		const agent = this.store.agents.get(call.agent.id);
		const version = agent && versionById(agent, call.agent.agent_version_id);
		const subs = (version?.event_subscriptions ?? []).filter((/** @type {any} */ e) =>
			covers(e, type),
		);
		if (!subs.length) return;
		/** @type {Record<string, unknown>} */
		const body = {
			event_type: type,
			call_id: call.id,
			call_sid: `CA${call.id.replace(/-/g, '')}`,
			agent_id: call.agent.id,
			workspace_id: this.store.workspace.id,
			agent_name: call.agent.agent_name,
			version_id: call.agent.version.version_id,
			version_slug: call.agent.version.version_slug,
			custom_args_values: { ...call.custom_args_values },
			bulk_list_id: call.bulk_list_id,
			call_cost: call.status === 'retry' ? null : call.call_cost,
			...eventFields(type, call, this.store),
			...own,
		};
		if (type === 'recording_completed') delete body.agent_id;
		for (const sub of subs) {
			this.dispatch(
				{
					kind: 'event',
					event_type: type,
					status: null,
					call,
					url: sub.callback_url,
					method: sub.method_type,
					body,
					maxAttempts: 4,
				},
				{ ...sub.headers, 'content-type': 'application/json', 'user-agent': USER_AGENT },
				at,
			);
		}
	}

	/** The per-call callback for one status. @param {any} call @param {string} status @param {number} at */
	callback(call, status, at) {
		const cb = call.callback;
		const url = new URL(cb.url);
		for (const [k, v] of Object.entries(cb.params)) url.searchParams.set(k, String(v));
		/** @type {Record<string, unknown>} */
		const data = {
			call_id: call.id,
			status,
			call_direction: call.call_type,
			call_sub_status: call.sub_status,
			call_duration: call.call_duration,
			recording_url: recordingUrl(call, this.where),
			transcript: JSON.stringify(call.transcript),
			agent_id: call.agent.id,
			retry: Math.max(0, call.attempts - 1),
			from_number: call.from_number,
			to_number: call.to_number,
			custom_args_values: { ...call.custom_args_values },
			next_attempt_time: call.next_attempt_time === null ? null : isoOffset(call.next_attempt_time),
		};
		if (status === 'completed') data.analysis = analysisFor(call);
		/** @type {Record<string, string>} */
		const headers = { ...cb.headers };
		if (!Object.keys(headers).some((h) => h.toLowerCase() === 'user-agent'))
			headers['user-agent'] = USER_AGENT;
		this.dispatch(
			{
				kind: 'callback',
				event_type: 'callback',
				status,
				call,
				url: url.toString(),
				method: 'POST',
				body: { status: 'success', message: `Call status: ${status}`, data },
				maxAttempts: 1,
			},
			headers,
			at,
		);
	}

	/**
	 * Records a delivery (two for a 'duplicate' fault) and sends it on the clock.
	 * @param {{kind: 'event'|'callback', event_type: string, status: string|null, call: any, url: string,
	 *   method: string, body: unknown, maxAttempts: number}} spec @param {Record<string, string>} headers @param {number} at
	 */
	dispatch(spec, headers, at) {
		const fault = this.faults.takeDelivery(spec.event_type);
		const copies = fault?.kind === 'duplicate' ? 2 : 1;
		for (let i = 0; i < copies; i++) {
			/** @type {Delivery} */
			const d = {
				id: ++this.seq,
				kind: spec.kind,
				event_type: spec.event_type,
				status: spec.status,
				call_id: spec.call.id,
				agent_id: spec.call.agent.id,
				url: spec.url,
				method: spec.method,
				created_at: isoOffset(at),
				state: 'pending',
				fault: fault ? (fault.kind === 'delay' ? `delay:${fault.delayMs}` : fault.kind) : null,
				duplicate: i > 0,
				next_attempt_at: null,
				body: structuredClone(spec.body),
				attempts: [],
			};
			this.ledger.push(d);
			if (fault?.kind === 'drop') {
				d.state = 'dropped';
				continue;
			}
			if (!loopbackHttp(d.url)) {
				d.state = 'refused'; // the sandbox only ever posts to http on loopback
				continue;
			}
			const first = at + (fault?.kind === 'delay' ? fault.delayMs : 0);
			d.next_attempt_at = isoOffset(first);
			this.at(first, () => this.attempt(d, headers, spec.maxAttempts));
		}
	}

	/** One attempt; a failure schedules the next one or gives up. @param {Delivery} d @param {Record<string, string>} headers @param {number} max */
	attempt(d, headers, max) {
		const at = this.store.now();
		const text = JSON.stringify(d.body);
		/** @type {Attempt} */
		const entry = {
			attempt: d.attempts.length + 1,
			at: isoOffset(at),
			status: null,
			error: null,
			headers: { ...headers, 'content-length': String(Buffer.byteLength(text)) },
		};
		d.attempts.push(entry);
		d.state = 'sending';
		d.next_attempt_at = null;
		const done = this.send(d.method, d.url, entry.headers, text).then(
			({ status, answer }) => {
				entry.status = status;
				entry.answer = answer;
				// Only exactly 200 counts (vendor reference): a 204 or 202 is retried too.
				if (status === 200) d.state = 'delivered';
				else this.failed(d, headers, max, at);
			},
			(e) => {
				entry.error = String(e?.message ?? e);
				this.failed(d, headers, max, at);
			},
		);
		this.inflight.add(done);
		done.finally(() => this.inflight.delete(done));
	}

	/** @param {Delivery} d @param {Record<string, string>} headers @param {number} max @param {number} at */
	failed(d, headers, max, at) {
		if (this.closed) return;
		if (d.attempts.length >= max) {
			d.state = 'failed';
			this.log(`delivery ${d.id} (${d.event_type}) given up after ${d.attempts.length} attempts`);
			return;
		}
		const next = at + RETRY_DELAYS_MS[d.attempts.length - 1] / this.store.speed;
		d.state = 'retrying';
		d.next_attempt_at = isoOffset(next);
		this.at(next, () => this.attempt(d, headers, max));
	}

	/**
	 * Sends; resolves with the status code and the start of the answer.
	 * @param {string} method @param {string} url @param {Record<string, string>} headers @param {string} text
	 * @returns {Promise<{status: number, answer: string}>}
	 */
	send(method, url, headers, text) {
		return new Promise((resolve, reject) => {
			const req = http.request(url, { method, headers, agent: false });
			this.requests.add(req);
			req.setTimeout(this.timeoutMs, () =>
				req.destroy(new Error(`timeout after ${this.timeoutMs} ms`)),
			);
			req.on('response', (res) => {
				let answer = '';
				res.setEncoding('utf8');
				res.on('data', (c) => {
					if (answer.length < ANSWER_CHARS) answer = (answer + c).slice(0, ANSWER_CHARS);
				});
				res.on('end', () => resolve({ status: res.statusCode ?? 0, answer }));
				res.on('error', reject);
			});
			req.on('error', reject);
			req.on('close', () => this.requests.delete(req));
			req.end(text);
		});
	}
}

module.exports = { Deliveries, RETRY_DELAYS_MS, PROCESSING_MS, loopbackHttp };

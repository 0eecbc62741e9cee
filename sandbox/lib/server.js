// @ts-check
'use strict';

const http = require('node:http');

const { listenOnPort } = require('../../scripts/ports');

const { ROUTES } = require('./api');
const { Invalid } = require('./errors');
const { historyRecord } = require('./calling');
const { FaultBoard } = require('./faults');
const { Store } = require('./store');
const { prng, isoOffset } = require('./util');
const { zipOne } = require('./zip');
const { startRecordingServer, recordingWav } = require('./recordings');
const { Deliveries } = require('./events');
const { parseMultipart } = require('./multipart');
const campaigns = require('./campaigns');

const PREFIX = '/ca/api/v0';
/** Uploads (campaign CSVs of 50,000 rows, knowledge-base files) are the largest bodies. */
const MAX_BODY = 64 * 1024 * 1024;

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Status line text as the service prints it in error codes, e.g. "500 Internal Server Error". */
const statusText = (/** @type {number} */ status) =>
	`${status} ${http.STATUS_CODES[status] ?? 'Error'}`;

/** @param {string} pattern @param {string} path @returns {Record<string, string> | undefined} */
function matchPattern(pattern, path) {
	const want = pattern.split('/');
	const got = path.split('/');
	if (want.length !== got.length) return undefined;
	/** @type {Record<string, string>} */
	const params = {};
	for (let i = 0; i < want.length; i++) {
		const m = /^\{(\w+)\}$/.exec(want[i]);
		if (m) {
			if (!got[i]) return undefined;
			try {
				params[m[1]] = decodeURIComponent(got[i]);
			} catch {
				return undefined; // malformed escape: no such resource
			}
		} else if (want[i] !== got[i]) return undefined;
	}
	return params;
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<Buffer>}
 */
function readBody(req) {
	return new Promise((resolve, reject) => {
		/** @type {Buffer[]} */
		const chunks = [];
		let size = 0;
		req.on('data', (c) => {
			size += c.length;
			if (size > MAX_BODY) {
				reject(new Invalid('Request body too large', 413));
				req.destroy();
			} else chunks.push(c);
		});
		req.on('end', () => resolve(Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

/**
 * The sandbox: a Store (state and clock), a FaultBoard, and an HTTP server on 127.0.0.1.
 * @param {import('../index').SandboxOptions} [options]
 */
async function startSandbox(options = {}) {
	const store = new Store({
		seed: options.seed,
		clock: options.clock,
		speed: options.speed,
		startTime: options.startTime,
		apiKey: options.apiKey,
		startStatus: options.startStatus,
		shape: options.shape,
		largeFlow: options.largeFlow,
		campaignStatuses: options.campaignStatuses,
		scheduledAt: options.scheduledAt,
		failedAnalysis: options.failedAnalysis,
		historyDates: options.historyDates,
	});
	const faults = new FaultBoard(prng((options.seed ?? 1) ^ 0x27d4eb2f));
	if (options.latencyMs !== undefined) faults.setLatency(options.latencyMs);
	if (options.faults !== undefined) faults.set(options.faults);
	if (options.deliveryFaults !== undefined) faults.setDeliveries(options.deliveryFaults);
	const log = options.log ?? (() => {});
	let origin = '';
	const recordingServer = await startRecordingServer({
		port: options.recordingPort,
		store,
		secret: `sandbox-recordings-${store.seed}`,
	});
	/** @type {import('./route').Where} */
	const where = { origin: recordingServer.origin, secret: `sandbox-recordings-${store.seed}` };
	const deliveries = new Deliveries({
		store,
		faults,
		recordings: where,
		timeoutMs: options.deliveryTimeoutMs,
		log,
	});

	/** @param {import('node:http').ServerResponse} res @param {number} status @param {unknown} body @param {Record<string, string>} [headers] */
	const sendJson = (res, status, body, headers = {}) => {
		if (res.destroyed || res.headersSent) return;
		const text = JSON.stringify(body);
		res.writeHead(status, {
			'content-type': 'application/json',
			'content-length': Buffer.byteLength(text),
			// The service's clock is the sandbox's (Create measures a campaign's age by it).
			date: new Date(store.now()).toUTCString(),
			...headers,
		});
		res.end(text);
	};

	/** The error body of a route in its documented shape. */
	const errorBody = (
		/** @type {boolean} */ detail,
		/** @type {string} */ code,
		/** @type {string} */ message,
	) => (detail ? { detail: message } : { error: { code, message } });

	/** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
	async function handleApi(req, res, /** @type {URL} */ url) {
		const method = (req.method ?? 'GET').toUpperCase();
		const path = url.pathname.slice(PREFIX.length).replace(/\/+$/, '') || '/';
		let params;
		const route = ROUTES.find(
			(r) => r.method === method && (params = matchPattern(r.pattern, path)),
		);
		if (!route || !params) {
			const other = ROUTES.some((r) => matchPattern(r.pattern, path));
			await readBody(req).catch(() => undefined);
			if (other)
				return sendJson(
					res,
					405,
					{ detail: 'Method Not Allowed' },
					{
						allow: ROUTES.filter((r) => matchPattern(r.pattern, path))
							.map((r) => r.method)
							.join(', '),
					},
				);
			return sendJson(res, 404, {
				error: { code: 'not_found', message: `No endpoint ${method} ${path}` },
			});
		}
		const detail = Boolean(route.detail);
		let raw;
		try {
			raw = await readBody(req);
		} catch (e) {
			return sendJson(
				res,
				413,
				errorBody(detail, 'invalid_parameter', String(/** @type {Error} */ (e).message)),
			);
		}

		const latency = faults.latencyFor(method, route.pattern, path);
		if (latency > 0) await sleep(latency);
		const fault = faults.take(method, route.pattern, path);
		if (fault) log(`fault ${JSON.stringify(fault)} on ${method} ${path}`);
		if (fault?.kind === 'slow') await sleep(fault.delayMs);
		if (fault && fault.kind !== 'slow' && !('after' in fault && fault.after)) {
			return applyFault(res, fault, detail);
		}
		if (res.destroyed || store.closed) return;

		store.sync();
		const key = req.headers['x-api-key'];
		if (typeof key !== 'string' || key !== store.apiKey) {
			return sendJson(
				res,
				401,
				route.detailAuth
					? { detail: 'Invalid credentials' }
					: { error: { code: '401 Unauthorized', message: 'Invalid credentials' } },
			);
		}

		/** @type {import('./route').Reply} */
		let reply;
		try {
			let body;
			if (route.json) {
				const type = String(req.headers['content-type'] ?? '');
				if (!/^application\/json\b/i.test(type))
					throw new Invalid('Content-Type must be application/json');
				try {
					body = raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
				} catch {
					throw new Invalid('Request body is not valid JSON');
				}
			}
			if (route.multipart) body = parseMultipart(raw, req.headers['content-type']);
			reply = route.handler({
				method,
				path,
				params,
				query: url.searchParams,
				body,
				headers: req.headers,
				store,
				origin,
				recordings: where,
			});
		} catch (e) {
			if (!(e instanceof Invalid)) {
				log(`handler error: ${e && /** @type {Error} */ (e).stack}`);
				return sendJson(res, 500, errorBody(detail, statusText(500), 'Internal server error'));
			}
			return sendJson(res, e.status, errorBody(detail, e.code, e.message));
		}
		// Faults "after": the request took effect (a call was placed), then the answer is lost.
		if (fault && fault.kind !== 'slow') return applyFault(res, fault, detail);
		if (reply.raw) {
			res.writeHead(reply.status, { 'content-length': reply.raw.length, ...reply.headers });
			return res.end(reply.raw);
		}
		return sendJson(res, reply.status, reply.body, reply.headers);
	}

	/** @param {import('node:http').ServerResponse} res @param {import('./faults').Action} fault @param {boolean} detail */
	function applyFault(res, fault, detail) {
		if (fault.kind === 'drop') {
			res.socket?.destroy();
			return;
		}
		if (fault.kind !== 'status') return;
		const message =
			fault.status === 429
				? 'Too many requests, retry later'
				: fault.status >= 500
					? 'Internal server error'
					: 'Injected fault';
		/** @type {Record<string, string>} */
		const headers =
			fault.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : {};
		sendJson(
			res,
			fault.status,
			fault.body ?? errorBody(detail, statusText(fault.status), message),
			headers,
		);
	}

	/** The test-control endpoints under /__sandbox/. @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
	async function handleControl(req, res, /** @type {URL} */ url) {
		const method = (req.method ?? 'GET').toUpperCase();
		const path = url.pathname.replace(/\/+$/, '');
		const raw = await readBody(req);
		let body;
		try {
			body = raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
		} catch {
			return sendJson(res, 400, { error: 'body is not JSON' });
		}
		try {
			store.sync();
			const rec = /^\/__sandbox\/recordings\/([0-9a-f-]+)\.wav$/.exec(path);
			if (rec && method === 'GET') {
				const call = store.callsById.get(rec[1]);
				if (!call?.has_recording) return sendJson(res, 404, { error: 'no recording' });
				// Same bytes as the recording origin, without its expiry: for inspection only.
				const wav = recordingWav(call);
				res.writeHead(200, {
					'content-type': 'audio/wav',
					'content-length': wav.length,
					'content-disposition': `attachment; filename="${call.id}.wav"`,
				});
				return res.end(wav);
			}
			const dial = /^\/__sandbox\/campaigns\/([0-9a-f-]+)\/calls$/.exec(path);
			if (dial && method === 'POST') {
				const calls = sandbox.queueCampaignCalls(dial[1], body ?? {});
				return sendJson(res, 200, { calls: calls.map((c) => sandbox.callView(c)) });
			}
			const invalid = /^\/__sandbox\/campaigns\/([0-9a-f-]+)\/invalid-rows\.csv$/.exec(path);
			if (invalid && method === 'GET') {
				const csv = campaigns.invalidRowsCsv(store, invalid[1]);
				if (csv === undefined) return sendJson(res, 404, { error: 'no such campaign' });
				res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
				return res.end(csv);
			}
			const exp = /^\/__sandbox\/exports\/([0-9a-f-]+)\.zip$/.exec(path);
			if (exp && method === 'GET') {
				const e = store.exports.find((x) => x.id === exp[1]);
				if (!e) return sendJson(res, 404, { error: 'no such export' });
				const zip = zipOne('call-history.csv', Buffer.from(e.csv), Date.parse(e.requested_at));
				res.writeHead(200, { 'content-type': 'application/zip', 'content-length': zip.length });
				return res.end(zip);
			}
			switch (`${method} ${path}`) {
				case 'GET /__sandbox/state':
					return sendJson(res, 200, sandbox.describe());
				case 'GET /__sandbox/ledger':
					return sendJson(res, 200, { ledger: store.ledger });
				case 'GET /__sandbox/calls':
					return sendJson(res, 200, { calls: store.calls.map((c) => sandbox.callView(c)) });
				case 'GET /__sandbox/exports':
					return sendJson(res, 200, {
						exports: store.exports.map(({ csv, ...e }) => ({
							...e,
							download_url: `${origin}/__sandbox/exports/${e.id}.zip`,
						})),
					});
				case 'POST /__sandbox/advance': {
					const ms = typeof body === 'number' ? body : body?.ms;
					return sendJson(res, 200, { now: isoOffset(sandbox.advance(Number(ms))) });
				}
				case 'GET /__sandbox/deliveries': {
					const q = url.searchParams;
					const list = deliveries.ledger.filter((d) =>
						['kind', 'event_type', 'call_id', 'agent_id', 'state'].every(
							(k) => !q.has(k) || String(/** @type {any} */ (d)[k]) === q.get(k),
						),
					);
					return sendJson(res, 200, { deliveries: list });
				}
				case 'POST /__sandbox/deliveries/flush':
					await deliveries.flush();
					return sendJson(res, 200, { deliveries: deliveries.ledger });
				case 'GET /__sandbox/delivery-faults':
					return sendJson(res, 200, { rules: faults.describe().deliveries });
				case 'POST /__sandbox/delivery-faults':
					faults.setDeliveries(body);
					return sendJson(res, 200, { rules: faults.describe().deliveries });
				case 'DELETE /__sandbox/delivery-faults':
					faults.setDeliveries(null);
					return sendJson(res, 200, { rules: [] });
				case 'GET /__sandbox/recording-requests':
					return sendJson(res, 200, { requests: recordingServer.requests });
				case 'GET /__sandbox/faults':
					return sendJson(res, 200, faults.describe());
				case 'POST /__sandbox/faults':
					if (body && !Array.isArray(body) && body.deliveries !== undefined)
						faults.setDeliveries(body.deliveries);
					if (Array.isArray(body) || body?.rules !== undefined || body?.deliveries === undefined)
						faults.set(body);
					if (body && !Array.isArray(body) && body.latency !== undefined)
						faults.setLatency(body.latency);
					return sendJson(res, 200, faults.describe());
				case 'DELETE /__sandbox/faults':
					faults.clear();
					return sendJson(res, 200, faults.describe());
				case 'POST /__sandbox/latency':
					faults.setLatency(typeof body === 'number' ? body : (body?.ms ?? body));
					return sendJson(res, 200, faults.describe());
				case 'POST /__sandbox/pause': {
					const ms = Number(typeof body === 'number' ? body : body?.ms);
					if (!(ms > 0 && ms <= 600000)) throw new Error('pause needs {ms} between 1 and 600000');
					// Answer first: once paused, nothing reaches this server.
					sendJson(res, 200, { paused_ms: ms });
					res.on('finish', () => sandbox.pause(ms));
					return;
				}
				case 'POST /__sandbox/shape':
					sandbox.setShape(body?.shape);
					return sendJson(res, 200, { shape: store.shape });
				case 'GET /__sandbox/campaigns':
					return sendJson(res, 200, {
						campaigns: sandbox.campaigns({ rows: url.searchParams.get('rows') !== 'false' }),
					});
				case 'POST /__sandbox/large-flow':
					sandbox.setLargeFlow(body?.variant);
					return sendJson(res, 200, { variant: store.largeFlow });
				case 'POST /__sandbox/campaign-statuses':
					sandbox.setCampaignStatuses(body?.vocabulary);
					return sendJson(res, 200, { vocabulary: store.campaignStatuses });
				case 'POST /__sandbox/credits':
					sandbox.setCredits(Number(typeof body === 'number' ? body : body?.credits));
					return sendJson(res, 200, { credits: sandbox.credits() });
				case 'POST /__sandbox/reset':
					sandbox.reset(body?.seed);
					return sendJson(res, 200, sandbox.describe());
				default:
					return sendJson(res, 404, { error: `no control endpoint ${method} ${path}` });
			}
		} catch (e) {
			return sendJson(res, 400, { error: String(/** @type {Error} */ (e).message) });
		}
	}

	const server = http.createServer((req, res) => {
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		const work = url.pathname.startsWith('/__sandbox/')
			? handleControl(req, res, url)
			: url.pathname === PREFIX || url.pathname.startsWith(`${PREFIX}/`)
				? handleApi(req, res, url)
				: Promise.resolve(
						sendJson(res, 404, {
							error: { code: 'not_found', message: `Not found: ${url.pathname}` },
						}),
					);
		work.catch((e) => {
			log(`request failed: ${e && e.stack}`);
			sendJson(res, 500, { error: { code: statusText(500), message: 'Internal server error' } });
		});
	});
	server.keepAliveTimeout = 5000;

	// A reserved port (scripts/ports.js) unless one is given: it is listened on again after
	// a fault that refuses connections, and no other process may take it meanwhile.
	const listening = await listenOnPort(server, { port: options.port, what: 'the sandbox' });
	const address = /** @type {import('node:net').AddressInfo} */ (server.address());
	origin = `http://127.0.0.1:${address.port}`;
	let paused = false;
	/** @type {ReturnType<typeof setTimeout> | undefined} */
	let resumeTimer;

	const sandbox = {
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
		/**
		 * Queues calls of a campaign (registered, ringing at `delay_ms` from now, default 1 h),
		 * so they can be terminated. The agent defaults to the first one.
		 * @param {string} campaignId @param {{agent_id?: string, contacts?: Array<{name?: string, mobile_number: string}>, delay_ms?: number}} spec
		 */
		queueCampaignCalls(campaignId, spec) {
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
		/** @param {number} [seed] */
		reset(seed) {
			store.reset(seed);
			faults.clear();
			deliveries.reset();
			recordingServer.requests.length = 0;
		},
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
			return c ? sandbox.callView(c) : undefined;
		},
		describe() {
			/** @type {Record<string, number>} */
			const byStatus = {};
			for (const c of store.calls) byStatus[c.status] = (byStatus[c.status] ?? 0) + 1;
			return {
				url: sandbox.url,
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
			};
		},
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
				resumeTimer = setTimeout(() => sandbox.resume(), ms);
				resumeTimer.unref?.();
			}
		},
		resume() {
			if (resumeTimer) clearTimeout(resumeTimer);
			resumeTimer = undefined;
			if (!paused || store.closed) return Promise.resolve();
			paused = false;
			return new Promise((resolve) =>
				server.listen(address.port, '127.0.0.1', () => resolve(undefined)),
			);
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
			return Promise.all([api, recordingServer.close()]).then(() => listening.release());
		},
	};
	return sandbox;
}

module.exports = { startSandbox, PREFIX };

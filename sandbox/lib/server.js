// @ts-check
'use strict';

const http = require('node:http');

const { FaultBoard } = require('./faults');
const { Store } = require('./store');
const { prng } = require('./util');
const { startRecordingServer } = require('./recordings');
const { Deliveries } = require('./events');
const { jsonSender, statusText } = require('./server/io');
const { PREFIX, handleApi } = require('./server/pipeline');
const { handleControl } = require('./server/control');
const { sandboxHandle } = require('./server/handle');
const { listen } = require('./server/listen');
const { RateLimit } = require('./server/rateLimit');

/**
 * Starts the sandbox and wires its parts. In server/: pipeline.js (a request to the API),
 * faultReply.js (an injected fault's answer), control.js (the endpoints under /__sandbox/),
 * io.js (bodies in, JSON out), handle.js (the object a test holds), listen.js (binding),
 * rateLimit.js (the workspace's request limit).
 */

/**
 * What the parts share.
 * @typedef {{store: Store, faults: FaultBoard, log: (line: string) => void,
 *   recordingServer: Awaited<ReturnType<typeof startRecordingServer>>,
 *   where: import('./route').Where, deliveries: Deliveries, sendJson: import('./server/io').SendJson,
 *   origin: string, sandbox: Handle, rateLimit: RateLimit}} Env
 * @typedef {import('../index').Sandbox & {callView(c: any): any}} Handle
 */

/** @param {import('../index').SandboxOptions} options */
function storeOf(options) {
	return new Store({
		seed: options.seed,
		idSalt: options.idSalt,
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
		parentCallId: options.parentCallId,
		week: options.week,
	});
}

/**
 * The sandbox: a Store (state and clock), a FaultBoard, and an HTTP server on 127.0.0.1.
 * @param {import('../index').SandboxOptions} [options]
 */
async function startSandbox(options = {}) {
	const store = storeOf(options);
	const faults = new FaultBoard(prng((options.seed ?? 1) ^ 0x27d4eb2f));
	if (options.latencyMs !== undefined) faults.setLatency(options.latencyMs);
	if (options.faults !== undefined) faults.set(options.faults);
	if (options.deliveryFaults !== undefined) faults.setDeliveries(options.deliveryFaults);
	const rateLimit = new RateLimit();
	if (options.rateLimit !== undefined) rateLimit.set(options.rateLimit);
	const log = options.log ?? (() => {});
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
	const sendJson = jsonSender(store);
	// origin and sandbox are set once the server listens (no request comes before).
	/** @type {Env} */
	const env = {
		store,
		faults,
		log,
		recordingServer,
		where,
		deliveries,
		sendJson,
		origin: '',
		sandbox: /** @type {any} */ (undefined),
		rateLimit,
	};

	const server = http.createServer((req, res) => {
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		const work = url.pathname.startsWith('/__sandbox/')
			? handleControl(env, req, res, url)
			: url.pathname === PREFIX || url.pathname.startsWith(`${PREFIX}/`)
				? handleApi(env, req, res, url)
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

	const address = await listen(server, options);
	env.origin = `http://127.0.0.1:${address.port}`;
	env.sandbox = sandboxHandle(env, server, address);
	return env.sandbox;
}

module.exports = { startSandbox, PREFIX };

// @ts-check
'use strict';

const { isoOffset } = require('../util');
const { zipOne } = require('../zip');
const { recordingWav } = require('../recordings');
const campaigns = require('../campaigns');
const { readBody } = require('./io');

/**
 * The test-control endpoints under /__sandbox/ (README "Control endpoints"): no key, JSON in
 * and out; a bad request answers 400 {error}.
 */

/** @typedef {import('../server').Env} Env */
/**
 * What a control endpoint gets.
 * @typedef {{env: Env, body: any, url: URL, res: import('node:http').ServerResponse}} Control
 */

/** GET /__sandbox/recordings/{id}.wav @param {Control} c @param {string} id */
function recording({ env, res }, id) {
	const call = env.store.callsById.get(id);
	if (!call?.has_recording) return env.sendJson(res, 404, { error: 'no recording' });
	// Same bytes as the recording origin, without its expiry: for inspection only.
	const wav = recordingWav(call);
	res.writeHead(200, {
		'content-type': 'audio/wav',
		'content-length': wav.length,
		'content-disposition': `attachment; filename="${call.id}.wav"`,
	});
	return res.end(wav);
}

/** POST /__sandbox/campaigns/{id}/calls @param {Control} c @param {string} id */
function queueCalls({ env, body, res }, id) {
	const calls = env.sandbox.queueCampaignCalls(id, body ?? {});
	return env.sendJson(res, 200, { calls: calls.map((c) => env.sandbox.callView(c)) });
}

/** GET /__sandbox/campaigns/{id}/invalid-rows.csv @param {Control} c @param {string} id */
function invalidRows({ env, res }, id) {
	const csv = campaigns.invalidRowsCsv(env.store, id);
	if (csv === undefined) return env.sendJson(res, 404, { error: 'no such campaign' });
	res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
	return res.end(csv);
}

/** GET /__sandbox/exports/{id}.zip @param {Control} c @param {string} id */
function exportZip({ env, res }, id) {
	const e = env.store.exports.find((x) => x.id === id);
	if (!e) return env.sendJson(res, 404, { error: 'no such export' });
	const zip = zipOne('call-history.csv', Buffer.from(e.csv), Date.parse(e.requested_at));
	res.writeHead(200, { 'content-type': 'application/zip', 'content-length': zip.length });
	return res.end(zip);
}

/**
 * The endpoints whose path carries an id: [method, path, endpoint].
 * @type {Array<[string, RegExp, (c: Control, id: string) => unknown]>}
 */
const BY_ID = [
	['GET', /^\/__sandbox\/recordings\/([0-9a-f-]+)\.wav$/, recording],
	['POST', /^\/__sandbox\/campaigns\/([0-9a-f-]+)\/calls$/, queueCalls],
	['GET', /^\/__sandbox\/campaigns\/([0-9a-f-]+)\/invalid-rows\.csv$/, invalidRows],
	['GET', /^\/__sandbox\/exports\/([0-9a-f-]+)\.zip$/, exportZip],
];

/** POST /__sandbox/faults: rules, and maybe latency and delivery faults. @param {Control} c */
function setFaults({ env, body, res }) {
	const { faults } = env;
	if (body && !Array.isArray(body) && body.deliveries !== undefined)
		faults.setDeliveries(body.deliveries);
	if (Array.isArray(body) || body?.rules !== undefined || body?.deliveries === undefined)
		faults.set(body);
	if (body && !Array.isArray(body) && body.latency !== undefined) faults.setLatency(body.latency);
	return env.sendJson(res, 200, faults.describe());
}

/** POST /__sandbox/pause: answers first; once paused, nothing reaches this server. @param {Control} c */
function pause({ env, body, res }) {
	const ms = Number(typeof body === 'number' ? body : body?.ms);
	if (!(ms > 0 && ms <= 600000)) throw new Error('pause needs {ms} between 1 and 600000');
	env.sendJson(res, 200, { paused_ms: ms });
	res.on('finish', () => env.sandbox.pause(ms));
}

/** GET /__sandbox/deliveries, filtered by the query. @param {Control} c */
function deliveryLedger({ env, url, res }) {
	const q = url.searchParams;
	const list = env.deliveries.ledger.filter((d) =>
		['kind', 'event_type', 'call_id', 'agent_id', 'state'].every(
			(k) => !q.has(k) || String(/** @type {any} */ (d)[k]) === q.get(k),
		),
	);
	return env.sendJson(res, 200, { deliveries: list });
}

/** GET /__sandbox/rings, filtered by from, to, agent_id, call_id (week/rings.js). @param {Control} c */
function rings({ env, url, res }) {
	const q = Object.fromEntries(
		['from', 'to', 'agent_id', 'call_id']
			.filter((k) => url.searchParams.has(k))
			.map((k) => [k, String(url.searchParams.get(k))]),
	);
	const list = env.sandbox.rings(q);
	return env.sendJson(res, 200, { rings: list, count: list.length });
}

/** 'METHOD /__sandbox/...' -> the endpoint. @type {Record<string, (c: Control) => unknown>} */
const ENDPOINTS = {
	'GET /__sandbox/week': ({ env, res }) => env.sendJson(res, 200, env.sandbox.week),
	'POST /__sandbox/week': ({ env, body, res }) =>
		env.sendJson(res, 200, env.sandbox.setWeek(body ?? {})),
	'DELETE /__sandbox/week': ({ env, res }) => env.sendJson(res, 200, env.sandbox.setWeek(null)),
	'GET /__sandbox/rings': rings,
	'GET /__sandbox/state': ({ env, res }) => env.sendJson(res, 200, env.sandbox.describe()),
	'GET /__sandbox/ledger': ({ env, res }) => env.sendJson(res, 200, { ledger: env.store.ledger }),
	'GET /__sandbox/calls': ({ env, res }) =>
		env.sendJson(res, 200, { calls: env.store.calls.map((c) => env.sandbox.callView(c)) }),
	'GET /__sandbox/exports': ({ env, res }) =>
		env.sendJson(res, 200, {
			exports: env.store.exports.map(({ csv, ...e }) => ({
				...e,
				download_url: `${env.origin}/__sandbox/exports/${e.id}.zip`,
			})),
		}),
	'POST /__sandbox/advance': ({ env, body, res }) => {
		const ms = typeof body === 'number' ? body : body?.ms;
		return env.sendJson(res, 200, { now: isoOffset(env.sandbox.advance(Number(ms))) });
	},
	'GET /__sandbox/deliveries': deliveryLedger,
	'POST /__sandbox/deliveries/flush': async ({ env, res }) => {
		await env.deliveries.flush();
		return env.sendJson(res, 200, { deliveries: env.deliveries.ledger });
	},
	'GET /__sandbox/delivery-faults': ({ env, res }) =>
		env.sendJson(res, 200, { rules: env.faults.describe().deliveries }),
	'POST /__sandbox/delivery-faults': ({ env, body, res }) => {
		env.faults.setDeliveries(body);
		return env.sendJson(res, 200, { rules: env.faults.describe().deliveries });
	},
	'DELETE /__sandbox/delivery-faults': ({ env, res }) => {
		env.faults.setDeliveries(null);
		return env.sendJson(res, 200, { rules: [] });
	},
	'GET /__sandbox/recording-requests': ({ env, res }) =>
		env.sendJson(res, 200, { requests: env.recordingServer.requests }),
	'GET /__sandbox/faults': ({ env, res }) => env.sendJson(res, 200, env.faults.describe()),
	'POST /__sandbox/faults': setFaults,
	'DELETE /__sandbox/faults': ({ env, res }) => {
		env.faults.clear();
		return env.sendJson(res, 200, env.faults.describe());
	},
	'POST /__sandbox/latency': ({ env, body, res }) => {
		env.faults.setLatency(typeof body === 'number' ? body : (body?.ms ?? body));
		return env.sendJson(res, 200, env.faults.describe());
	},
	'POST /__sandbox/pause': pause,
	'GET /__sandbox/rate-limit': ({ env, res }) => env.sendJson(res, 200, env.rateLimit.describe()),
	'POST /__sandbox/rate-limit': ({ env, body, res }) => {
		env.rateLimit.set(body ?? null);
		return env.sendJson(res, 200, env.rateLimit.describe());
	},
	'DELETE /__sandbox/rate-limit': ({ env, res }) => {
		env.rateLimit.set(undefined);
		return env.sendJson(res, 200, env.rateLimit.describe());
	},
	'POST /__sandbox/shape': ({ env, body, res }) => {
		env.sandbox.setShape(body?.shape);
		return env.sendJson(res, 200, { shape: env.store.shape });
	},
	'GET /__sandbox/campaigns': ({ env, url, res }) =>
		env.sendJson(res, 200, {
			campaigns: env.sandbox.campaigns({ rows: url.searchParams.get('rows') !== 'false' }),
		}),
	'POST /__sandbox/large-flow': ({ env, body, res }) => {
		env.sandbox.setLargeFlow(body?.variant);
		return env.sendJson(res, 200, { variant: env.store.largeFlow });
	},
	'POST /__sandbox/campaign-statuses': ({ env, body, res }) => {
		env.sandbox.setCampaignStatuses(body?.vocabulary);
		return env.sendJson(res, 200, { vocabulary: env.store.campaignStatuses });
	},
	'POST /__sandbox/credits': ({ env, body, res }) => {
		env.sandbox.setCredits(Number(typeof body === 'number' ? body : body?.credits));
		return env.sendJson(res, 200, { credits: env.sandbox.credits() });
	},
	'POST /__sandbox/reset': ({ env, body, res }) => {
		env.sandbox.reset(body?.seed);
		return env.sendJson(res, 200, env.sandbox.describe());
	},
};

/** The test-control endpoints under /__sandbox/. @param {Env} env @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
async function handleControl(env, req, res, /** @type {URL} */ url) {
	const method = (req.method ?? 'GET').toUpperCase();
	const path = url.pathname.replace(/\/+$/, '');
	const raw = await readBody(req);
	let body;
	try {
		body = raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
	} catch {
		return env.sendJson(res, 400, { error: 'body is not JSON' });
	}
	try {
		env.store.sync();
		/** @type {Control} */
		const c = { env, body, url, res };
		for (const [m, pattern, byId] of BY_ID) {
			const id = pattern.exec(path)?.[1];
			if (id !== undefined && m === method) return await byId(c, id);
		}
		const endpoint = Object.hasOwn(ENDPOINTS, `${method} ${path}`)
			? ENDPOINTS[`${method} ${path}`]
			: undefined;
		if (!endpoint)
			return env.sendJson(res, 404, { error: `no control endpoint ${method} ${path}` });
		return await endpoint(c);
	} catch (e) {
		return env.sendJson(res, 400, { error: String(/** @type {Error} */ (e).message) });
	}
}

module.exports = { handleControl };

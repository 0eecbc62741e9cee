// @ts-check
'use strict';

const { ROUTES } = require('../api');
const { Invalid } = require('../errors');
const { parseMultipart } = require('../multipart');
const { sleep, statusText, errorBody, readBody } = require('./io');
const { applyFault } = require('./faultReply');

/**
 * A request to the API, step by step: find its route (404, 405), read the body, latency and
 * injected faults, the key, the request limit, the body as the route reads it, the handler,
 * the answer.
 */

const PREFIX = '/ca/api/v0';

/** @typedef {import('../server').Env} Env @typedef {import('../route').Route} Route */

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
 * No route for this method and path: 405 with Allow when another method has one, else 404.
 * @param {Env} env @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res
 * @param {string} method @param {string} path
 */
async function noRoute(env, req, res, method, path) {
	const other = ROUTES.some((r) => matchPattern(r.pattern, path));
	await readBody(req).catch(() => undefined);
	if (other)
		return env.sendJson(
			res,
			405,
			{ detail: 'Method Not Allowed' },
			{
				allow: ROUTES.filter((r) => matchPattern(r.pattern, path))
					.map((r) => r.method)
					.join(', '),
			},
		);
	return env.sendJson(res, 404, {
		error: { code: 'not_found', message: `No endpoint ${method} ${path}` },
	});
}

/**
 * Latency, then the fault this request draws (a slow one already waited for).
 * @param {Env} env @param {string} method @param {Route} route @param {string} path
 */
async function injected(env, method, route, path) {
	const { faults } = env;
	const latency = faults.latencyFor(method, route.pattern, path);
	if (latency > 0) await sleep(latency);
	// Explicit rules first; a bad week's outage hour (week/outage.js) for what they let through.
	const fault = faults.take(method, route.pattern, path) ?? env.store.week?.outageFault();
	if (fault) env.log(`fault ${JSON.stringify(fault)} on ${method} ${path}`);
	if (fault?.kind === 'slow') await sleep(fault.delayMs);
	return fault;
}

/**
 * The body as the route reads it: JSON (Content-Type checked), multipart, or none.
 * @param {Route} route @param {import('node:http').IncomingMessage} req @param {Buffer} raw
 */
function routeBody(route, req, raw) {
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
	return body;
}

/**
 * The handler's answer, as {reply}; bad input (Invalid) and a handler's own failure (500) are
 * answered here, in the route's error shape (then undefined).
 * @param {Env} env @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res
 * @param {{route: Route, method: string, path: string, params: Record<string, string>, url: URL, raw: Buffer}} r
 * @returns {{reply: import('../route').Reply} | undefined}
 */
function handled(env, req, res, { route, method, path, params, url, raw }) {
	const detail = Boolean(route.detail);
	try {
		const reply = route.handler({
			method,
			path,
			params,
			query: url.searchParams,
			body: routeBody(route, req, raw),
			headers: req.headers,
			store: env.store,
			origin: env.origin,
			recordings: env.where,
		});
		return { reply };
	} catch (e) {
		if (!(e instanceof Invalid)) {
			env.log(`handler error: ${e && /** @type {Error} */ (e).stack}`);
			env.sendJson(res, 500, errorBody(detail, statusText(500), 'Internal server error'));
			return undefined;
		}
		env.sendJson(res, e.status, errorBody(detail, e.code, e.message));
		return undefined;
	}
}

/** @param {Env} env @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
async function handleApi(env, req, res, /** @type {URL} */ url) {
	const { store, sendJson } = env;
	const method = (req.method ?? 'GET').toUpperCase();
	const path = url.pathname.slice(PREFIX.length).replace(/\/+$/, '') || '/';
	let params;
	const route = ROUTES.find((r) => r.method === method && (params = matchPattern(r.pattern, path)));
	if (!route || !params) return noRoute(env, req, res, method, path);
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

	const fault = await injected(env, method, route, path);
	if (fault?.kind === 'refuse') {
		// Nothing acted on; the listener closes, so the next connections are refused.
		res.socket?.destroy();
		env.sandbox.pause(fault.ms);
		return;
	}
	if (fault && fault.kind !== 'slow' && !('after' in fault && fault.after)) {
		return applyFault(sendJson, res, fault, detail);
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

	// The workspace's request limit (server/rateLimit.js): refused before anything is done.
	const limited = env.rateLimit.take(store.now());
	if (limited) {
		const refusal = { kind: 'status', status: 429, retryAfter: limited.retryAfter, after: false };
		return applyFault(sendJson, res, /** @type {any} */ (refusal), detail);
	}

	const outcome = handled(env, req, res, { route, method, path, params, url, raw });
	if (!outcome) return;
	const { reply } = outcome;
	// Faults "after": the request took effect (a call was placed), then the answer is lost.
	if (fault && fault.kind !== 'slow') return applyFault(sendJson, res, fault, detail);
	if (reply.raw) {
		res.writeHead(reply.status, { 'content-length': reply.raw.length, ...reply.headers });
		return res.end(reply.raw);
	}
	return sendJson(res, reply.status, reply.body, reply.headers);
}

module.exports = { PREFIX, handleApi };

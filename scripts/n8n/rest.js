// @ts-check
'use strict';

/**
 * The one reader of n8n's REST API for the scripts and suites: a request n8n could not serve
 * yet is not an answer. While n8n starts it refuses connections; on a loaded machine its
 * database check fails now and then (SQLite slow to answer its ping) and every route answers
 * 503 "Database is not ready!" until the next check passes. Such a request is sent again
 * until n8n serves it, within the bound `n8nAnswer` (lib/bounds.js). Whatever n8n served
 * (any other status) is the answer, returned as it is.
 *
 * What is sent again: a 503 (n8n refuses it before any route runs) and a refused connection
 * (nothing was sent), for every method; a dropped connection (reset, hang-up) only for GET and
 * HEAD: a POST may have been served before its answer was lost, and must not run twice.
 */

const http = require('node:http');

const { bound } = require('../../lib/bounds');

/** Error codes of a connection that never reached n8n. */
const REFUSED = new Set(['ECONNREFUSED']);
/** Error codes of a connection n8n dropped mid-way: the request may have been served. */
const DROPPED = new Set(['ECONNRESET', 'EPIPE']);
const IDEMPOTENT = new Set(['GET', 'HEAD']);

/**
 * Why `error` is a transient failure of a `method` request, or undefined when it is final.
 * @param {string} method @param {unknown} error
 */
function transientError(method, error) {
	const code = String(/** @type {any} */ (error)?.code ?? /** @type {any} */ (error)?.cause?.code);
	const message = String(/** @type {any} */ (error)?.message);
	if (REFUSED.has(code)) return `connection refused (${code})`;
	const dropped = DROPPED.has(code) || /socket hang up/.test(message);
	if (dropped && IDEMPOTENT.has(method.toUpperCase())) return `connection dropped (${message})`;
	return undefined;
}

/**
 * Sends a request by `send` until n8n serves it: answers of status 503 and transient
 * connection errors (see above) are waited through, each try `everyMs` after the last, until
 * `timeoutMs`; then it fails naming `what` and the last transient answer. Any other error is
 * thrown at once; any other status returned.
 * @template {{ status: number, text?: string }} A
 * @param {string} method
 * @param {string} what e.g. "GET /rest/executions"
 * @param {() => Promise<A>} send
 * @param {{ timeoutMs?: number, everyMs?: number, onRetry?: (why: string) => void }} [options]
 * @returns {Promise<A>}
 */
async function untilServed(method, what, send, options = {}) {
	const { timeoutMs = bound('n8nAnswer'), everyMs = 500, onRetry } = options;
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		let why;
		try {
			const answer = await send();
			if (answer.status !== 503) return answer;
			why = `503 ${String(answer.text ?? '').slice(0, 200)}`;
		} catch (error) {
			why = transientError(method, error);
			if (why === undefined) throw error;
		}
		if (Date.now() > deadline)
			throw new Error(`${what}: n8n did not serve it within ${timeoutMs} ms (last: ${why})`);
		onRetry?.(why);
		await new Promise((resolve) => setTimeout(resolve, everyMs));
	}
}

/**
 * One HTTP request to n8n on 127.0.0.1, once: status, body as text and as JSON (undefined
 * when not JSON), and its Set-Cookie header.
 * @param {number} port @param {string} method @param {string} path
 * @param {Record<string, string>} headers @param {Buffer} [payload]
 * @returns {Promise<{ status: number, json: any, text: string, setCookie?: string[] }>}
 */
function sendOnce(port, method, path, headers, payload) {
	return new Promise((resolve, reject) => {
		const req = http.request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
			const chunks = /** @type {Buffer[]} */ ([]);
			res.on('data', (c) => chunks.push(c));
			res.on('error', reject);
			res.on('end', () => {
				const text = Buffer.concat(chunks).toString('utf8');
				let json;
				try {
					json = text ? JSON.parse(text) : undefined;
				} catch {
					json = undefined;
				}
				resolve({ status: res.statusCode ?? 0, json, text, setCookie: res.headers['set-cookie'] });
			});
		});
		req.on('error', reject);
		if (payload) req.write(payload);
		req.end();
	});
}

/**
 * A JSON request to n8n's REST API on `port` (route under /rest), waited through until n8n
 * serves it (see untilServed).
 * @param {number} port @param {string} method @param {string} route @param {unknown} body
 * @param {Record<string, string>} headers
 * @param {{ timeoutMs?: number, everyMs?: number, onRetry?: (why: string) => void }} [options]
 */
function restRequest(port, method, route, body, headers, options) {
	const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
	const all = {
		accept: 'application/json',
		...(payload ? { 'content-type': 'application/json' } : {}),
		...headers,
	};
	return untilServed(
		method,
		`${method} /rest${route}`,
		() => sendOnce(port, method, `/rest${route}`, all, payload),
		options,
	);
}

/**
 * A request to any other route of n8n (a webhook: /webhook/..., /webhook-test/...), with a
 * body as text, waited through the same way: n8n answers 503 before any route runs, so a
 * webhook that got one never started its workflow, and the same delivery is sent again.
 * @param {string} url an http://127.0.0.1:<port>/... address
 * @param {string} method @param {Record<string, string>} headers @param {string} [body]
 * @param {{ timeoutMs?: number, everyMs?: number, onRetry?: (why: string) => void }} [options]
 * @returns {Promise<{ status: number, json: any, text: string }>}
 */
function n8nRequest(url, method, headers, body, options) {
	const { port, pathname, search } = new URL(url);
	const payload = body === undefined ? undefined : Buffer.from(body);
	return untilServed(
		method,
		`${method} ${pathname}`,
		() => sendOnce(Number(port), method, pathname + search, headers, payload),
		options,
	);
}

module.exports = { untilServed, transientError, restRequest, n8nRequest };

// @ts-check
'use strict';

/**
 * The one way an API area declares an endpoint. A handler gets the request context and
 * answers { status, body } (JSON) or { status, raw, headers } (bytes). Bad input throws
 * Invalid, which server.js turns into the route's documented error shape.
 *
 * @typedef {{method: string, path: string, params: Record<string, string>, query: URLSearchParams,
 *   body: unknown, headers: import('node:http').IncomingHttpHeaders, store: import('./store').Store,
 *   origin: string, recordings: Where}} Ctx
 * @typedef {{origin: string, secret: string}} Where where recordings are served, and how URLs are signed
 * @typedef {{status: number, body?: unknown, raw?: Buffer, headers?: Record<string, string>}} Reply
 * @typedef {(ctx: Ctx) => Reply} Handler
 * @typedef {{json?: boolean, multipart?: boolean, detail?: boolean, detailAuth?: boolean}} RouteOptions
 * @typedef {{method: string, pattern: string, handler: Handler, json: boolean, multipart: boolean,
 *   detail: boolean, detailAuth: boolean}} Route
 */

const OPTIONS = ['json', 'multipart', 'detail', 'detailAuth'];

/**
 * json: the body is read as JSON (Content-Type checked); multipart: as multipart/form-data;
 * detail: errors answer {detail} instead of {error: {code, message}}; detailAuth: so does 401.
 * @param {string} method @param {string} pattern e.g. '/agent/{agent_id}'
 * @param {Handler} handler @param {RouteOptions} [options] @returns {Route}
 */
function route(method, pattern, handler, options = {}) {
	// A misspelt option would silently change an endpoint's error shape: refuse it.
	const unknown = Object.keys(options).filter((k) => !OPTIONS.includes(k));
	if (unknown.length) throw new Error(`${method} ${pattern}: unknown route option ${unknown}`);
	if (options.json && options.multipart)
		throw new Error(`${method} ${pattern}: a body is JSON or multipart, not both`);
	return {
		method,
		pattern,
		handler,
		json: Boolean(options.json),
		multipart: Boolean(options.multipart),
		detail: Boolean(options.detail),
		detailAuth: Boolean(options.detailAuth),
	};
}

module.exports = { route };

// @ts-check
'use strict';

const { statusText, errorBody } = require('./io');

/**
 * The answer of an injected fault (faults.js decides which): the socket closed, or a status
 * in the route's error shape (429 with Retry-After).
 * @param {import('./io').SendJson} sendJson @param {import('node:http').ServerResponse} res
 * @param {import('../faults').Action} fault @param {boolean} detail
 */
function applyFault(sendJson, res, fault, detail) {
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
	const headers = fault.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : {};
	sendJson(
		res,
		fault.status,
		fault.body ?? errorBody(detail, statusText(fault.status), message),
		headers,
	);
}

module.exports = { applyFault };

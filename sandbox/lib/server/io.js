// @ts-check
'use strict';

const http = require('node:http');

const { Invalid } = require('../errors');

/**
 * A request's body in, JSON answers out: what the API pipeline, the fault answers and the
 * control endpoints share.
 */

/** Uploads (campaign CSVs of 50,000 rows, knowledge-base files) are the largest bodies. */
const MAX_BODY = 64 * 1024 * 1024;

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Status line text as the service prints it in error codes, e.g. "500 Internal Server Error". */
const statusText = (/** @type {number} */ status) =>
	`${status} ${http.STATUS_CODES[status] ?? 'Error'}`;

/** The error body of a route in its documented shape. */
const errorBody = (
	/** @type {boolean} */ detail,
	/** @type {string} */ code,
	/** @type {string} */ message,
) => (detail ? { detail: message } : { error: { code, message } });

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
 * @typedef {(res: import('node:http').ServerResponse, status: number, body: unknown, headers?: Record<string, string>) => void} SendJson
 */

/** Answers JSON, dated by the sandbox's clock. @param {import('../store').Store} store @returns {SendJson} */
function jsonSender(store) {
	return (res, status, body, headers = {}) => {
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
}

module.exports = { MAX_BODY, sleep, statusText, errorBody, readBody, jsonSender };

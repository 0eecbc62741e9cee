// @ts-check
'use strict';

const { Invalid } = require('./errors');

/**
 * multipart/form-data (RFC 7578), parsed by the boundary the request's Content-Type names,
 * whatever it is: the sandbox's upload endpoints and the tests' request checks read forms
 * with this one parser.
 *
 * @typedef {{name: string, filename?: string, contentType?: string, data: Buffer}} Part
 * @typedef {{parts: Part[], fields: Record<string, string[]>, files: Part[]}} Form
 */

/** @param {string | undefined} contentType @returns {string} */
function boundaryOf(contentType) {
	const type = String(contentType ?? '');
	if (!/^multipart\/form-data\b/i.test(type))
		throw new Invalid('Content-Type must be multipart/form-data');
	const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
	if (!m) throw new Invalid('multipart/form-data without a boundary');
	return m[1] ?? m[2];
}

/** @param {string} header @param {string} key */
function param(header, key) {
	const m = new RegExp(`;\\s*${key}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(header);
	if (m) return m[1].replace(/\\(.)/g, '$1');
	const bare = new RegExp(`;\\s*${key}=([^;\\s]+)`, 'i').exec(header);
	return bare ? bare[1] : undefined;
}

/**
 * @param {Buffer} raw
 * @param {string | undefined} contentType
 * @returns {Form}
 */
function parseMultipart(raw, contentType) {
	const boundary = boundaryOf(contentType);
	const delimiter = Buffer.from(`--${boundary}`);
	/** @type {Part[]} */
	const parts = [];
	let at = raw.indexOf(delimiter);
	if (at < 0) throw new Invalid('multipart body without its boundary');
	for (;;) {
		at += delimiter.length;
		if (raw.subarray(at, at + 2).toString() === '--') break;
		if (raw.subarray(at, at + 2).toString() !== '\r\n')
			throw new Invalid('multipart boundary not followed by a line break');
		at += 2;
		const headEnd = raw.indexOf('\r\n\r\n', at);
		if (headEnd < 0) throw new Invalid('multipart part without the end of its headers');
		const headers = raw.subarray(at, headEnd).toString('utf8').split('\r\n');
		const next = raw.indexOf(Buffer.from(`\r\n--${boundary}`), headEnd + 4);
		if (next < 0) throw new Invalid('multipart body not closed by its boundary');
		const data = raw.subarray(headEnd + 4, next);
		/** @type {Record<string, string>} */
		const head = {};
		for (const line of headers) {
			const colon = line.indexOf(':');
			if (colon > 0) head[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
		}
		const disposition = head['content-disposition'] ?? '';
		if (!/^form-data\b/i.test(disposition))
			throw new Invalid('multipart part without Content-Disposition: form-data');
		const name = param(disposition, 'name');
		if (name === undefined) throw new Invalid('multipart part without a name');
		const filename = param(disposition, 'filename');
		parts.push(
			filename === undefined
				? { name, data }
				: { name, filename, contentType: head['content-type'], data },
		);
		at = next + 2;
	}
	// No prototype: a field may be named "constructor" or "toString".
	/** @type {Record<string, string[]>} */
	const fields = Object.create(null);
	for (const p of parts) {
		if (p.filename === undefined) (fields[p.name] ??= []).push(p.data.toString('utf8'));
	}
	return { parts, fields, files: parts.filter((p) => p.filename !== undefined) };
}

module.exports = { parseMultipart };

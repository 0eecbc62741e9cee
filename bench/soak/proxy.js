// @ts-check
'use strict';

/**
 * A counting proxy in front of the sandbox. Each operation of the soak's workflows has its own
 * base URL, `<proxy>/op/<operation>/ca/api/v0`: the proxy strips the `/op/<operation>` part,
 * forwards, and logs the request against that operation, so requests are counted by endpoint
 * and by operation even when executions run at once.
 */
const http = require('node:http');

/**
 * What a history read asked for: its window's length in minutes (end_date - start_date, by
 * the dates as sent) and its offset, so that the report can say where the pages go.
 * @param {URLSearchParams} query
 */
function historyWindow(query) {
	const from = Date.parse(query.get('start_date') ?? '');
	const to = Date.parse(query.get('end_date') ?? '');
	/** @type {{window_min?: number, offset?: number}} */
	const read = { offset: Number(query.get('offset') ?? 0) || 0 };
	if (Number.isFinite(from) && Number.isFinite(to))
		read.window_min = Math.round((to - from) / 60_000);
	return read;
}

/** @param {string} target the sandbox's base URL @param {() => number} now the soak's clock */
async function opProxy(target, now) {
	const upstream = new URL(target);
	/** @type {Array<{at: number, op: string, method: string, path: string, status?: number, window_min?: number, offset?: number}>} */
	const log = [];
	let inFlight = 0;
	const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
	const server = http.createServer((req, res) => {
		inFlight++;
		const match = /^\/op\/([^/]+)(\/.*)$/.exec(req.url ?? '');
		const op = match ? match[1] : 'unknown';
		const rest = match ? match[2] : (req.url ?? '/');
		const url = new URL(rest, upstream.origin);
		const path = url.pathname.startsWith(upstream.pathname)
			? url.pathname.slice(upstream.pathname.length)
			: url.pathname;
		/** @type {(typeof log)[number]} */
		const entry = { at: now(), op, method: req.method ?? 'GET', path };
		if (path === '/calling/history') Object.assign(entry, historyWindow(url.searchParams));
		log.push(entry);
		let done = false;
		const finish = () => {
			if (!done) inFlight--;
			done = true;
		};
		res.on('close', finish);
		const out = http.request(
			{
				host: upstream.hostname,
				port: upstream.port,
				method: req.method,
				path: rest,
				headers: req.headers,
				agent,
			},
			(answer) => {
				entry.status = answer.statusCode;
				res.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(res);
			},
		);
		out.on('error', () => {
			entry.status = 0;
			res.destroy();
		});
		req.pipe(out);
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
	const address = /** @type {import('node:net').AddressInfo} */ (server.address());
	const origin = `http://127.0.0.1:${address.port}`;
	return {
		log,
		inFlight: () => inFlight,
		/** The base URL an operation's credential points at. @param {string} op */
		baseUrl: (op) => `${origin}/op/${op}${upstream.pathname}`,
		close: () =>
			new Promise((resolve) => {
				agent.destroy();
				server.closeAllConnections?.();
				server.close(() => resolve(undefined));
			}),
	};
}

module.exports = { opProxy, historyWindow };

// @ts-check
'use strict';

/** Pieces the benchmarks share: a request-counting proxy and a three-node workflow. */

const http = require('node:http');

/**
 * A plain HTTP proxy in front of the sandbox that logs every request (time, method, path,
 * query), so a benchmark can count what the node in n8n asked for.
 * @param {string} target origin of the sandbox, e.g. http://127.0.0.1:4010
 */
async function countingProxy(target) {
	/** @type {Array<{at: number, method: string, path: string, query: URLSearchParams}>} */
	const log = [];
	const upstream = new URL(target);
	const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
	const server = http.createServer((req, res) => {
		const url = new URL(req.url ?? '/', target);
		log.push({
			at: Date.now(),
			method: req.method ?? 'GET',
			path: url.pathname,
			query: url.searchParams,
		});
		const out = http.request(
			{
				host: upstream.hostname,
				port: upstream.port,
				method: req.method,
				path: req.url,
				headers: req.headers,
				agent,
			},
			(answer) => {
				res.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(res);
			},
		);
		out.on('error', (error) => {
			res.writeHead(502);
			res.end(String(error));
		});
		req.pipe(out);
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
	const address = /** @type {import('node:net').AddressInfo} */ (server.address());
	return {
		origin: `http://127.0.0.1:${address.port}`,
		log,
		close: () =>
			new Promise((resolve) => {
				agent.destroy();
				server.close(() => resolve(undefined));
			}),
	};
}

/**
 * Manual trigger → Code node making the rows → the node under test (named "Node").
 * @param {string} id @param {string} name @param {string} jsCode @param {object} node
 */
function workflow(id, name, jsCode, node) {
	return {
		id,
		name,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: `${id}-1`,
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: `${id}-2`,
				name: 'Rows',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				position: [200, 0],
				parameters: { jsCode },
			},
			{ id: `${id}-3`, name: 'Node', position: [400, 0], ...node },
		],
		connections: {
			Start: { main: [[{ node: 'Rows', type: 'main', index: 0 }]] },
			Rows: { main: [[{ node: 'Node', type: 'main', index: 0 }]] },
		},
	};
}

/** @param {string} name @param {number} fallback */
function arg(name, fallback) {
	const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
	return hit ? Number(hit.split('=')[1]) : fallback;
}

module.exports = { countingProxy, workflow, arg };

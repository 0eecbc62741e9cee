// @ts-check
'use strict';

/**
 * Requests this process has sent and not seen closed, counted where they start: at the client.
 * The proxy counts a request once it has arrived; between the package sending it and the
 * proxy reading it (a connection opening, bytes on loopback) it is on the wire but in no count,
 * and on a loaded machine that gap is long enough for the clock to see "nothing on the wire"
 * and jump hours ahead under a request in transit. Counting at http.request closes the gap.
 * Node's http module is one per process (jest's too), so the package's requests, through
 * n8n-core's helpers, are counted with the proxy's own.
 */
const http = require('node:http');

/** Counts from now on; returns the count and a restore. */
function countClientRequests() {
	let open = 0;
	const original = http.request;
	/** @type {typeof http.request} */
	const counted = /** @type {any} */ (
		function (/** @type {any[]} */ ...args) {
			const req = /** @type {any} */ (original).apply(http, args);
			open++;
			let closed = false;
			req.once('close', () => {
				if (!closed) open--;
				closed = true;
			});
			return req;
		}
	);
	http.request = counted;
	return {
		open: () => open,
		restore: () => {
			if (http.request === counted) http.request = original;
		},
	};
}

module.exports = { countClientRequests };

// @ts-check
'use strict';

/**
 * How the sandbox's API server binds, in one place: 127.0.0.1, on `options.port` or a free
 * port; after a pause ("refuse connections"), the same port again. (The recording origin
 * binds in recordings.js, on its own `port` option.)
 */

/**
 * @param {import('node:http').Server} server @param {{port?: number}} options
 * @returns {Promise<import('node:net').AddressInfo>}
 */
async function listen(server, options) {
	await new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, '127.0.0.1', () => resolve(undefined));
	});
	return /** @type {import('node:net').AddressInfo} */ (server.address());
}

/** Listens again where it listened before the pause. @param {import('node:http').Server} server @param {import('node:net').AddressInfo} address */
function relisten(server, address) {
	return new Promise((resolve) =>
		server.listen(address.port, '127.0.0.1', () => resolve(undefined)),
	);
}

module.exports = { listen, relisten };

// @ts-check
'use strict';

const { listenOnPort } = require('../../../lib/ports');

/**
 * How the sandbox's API server binds, in one place: 127.0.0.1, on `options.port` or a port
 * reserved for it (lib/ports.js, the one port helper of the repository); after a pause
 * ("refuse connections"), the same port again: it stays reserved meanwhile, so no other
 * process of ours takes it. (The recording origin binds in recordings.js, the same way.)
 */

/** The reservation of each server's port, released when the sandbox closes. */
const reservations = new WeakMap();

/**
 * @param {import('node:http').Server} server @param {{port?: number}} options
 * @returns {Promise<import('node:net').AddressInfo>}
 */
async function listen(server, options) {
	const { release } = await listenOnPort(server, { port: options.port, what: 'the sandbox' });
	reservations.set(server, release);
	return /** @type {import('node:net').AddressInfo} */ (server.address());
}

/** Listens again where it listened before the pause. @param {import('node:http').Server} server @param {import('node:net').AddressInfo} address */
function relisten(server, address) {
	return new Promise((resolve) =>
		server.listen(address.port, '127.0.0.1', () => resolve(undefined)),
	);
}

/** The server is closed for good: its port may go to another. @param {import('node:http').Server} server */
function releasePort(server) {
	reservations.get(server)?.();
	reservations.delete(server);
}

module.exports = { listen, relisten, releasePort };

// @ts-check
'use strict';

/**
 * A local, stateful simulator of the voice-agent API (see README "Sandbox").
 * Node built-ins only; nothing here is published with the package.
 */

const { startSandbox, PREFIX } = require('./lib/server');
const { DEFAULT_API_KEY, DEFAULT_START } = require('./lib/store');
const fixtures = require('./lib/fixtures');
const { behaviourOf, talkSeconds, TIMING, fill } = require('./lib/calls');

/**
 * Starts a sandbox on 127.0.0.1 (a free port unless `port` is given).
 * @param {import('./index').SandboxOptions} [options]
 */
function createSandbox(options = {}) {
	return startSandbox(options);
}

module.exports = {
	createSandbox,
	PREFIX,
	DEFAULT_API_KEY,
	DEFAULT_START,
	fixtures,
	behaviourOf,
	talkSeconds,
	TIMING,
	fill,
};

#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * `npm run test:e2e [-- --n8n2] [-- <jest args>]`: the end-to-end suite in test/e2e against
 * the pinned n8n (built and installed first, see suite.js).
 */

const { prepareSuite, spawnSuite } = require('./suite');

async function main() {
	const { major, jestArgs, seconds } = await prepareSuite('e2e', process.argv.slice(2));
	const child = spawnSuite('e2e', major, jestArgs);
	child.on('exit', (code, signal) => {
		console.log(`[e2e] n8n ${major}.x suite finished in ${seconds()} s (exit ${code ?? signal})`);
		process.exit(code ?? 1);
	});
}

main().catch((error) => {
	console.error(`[e2e] ${error.message}`);
	process.exit(1);
});

#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * `npm run test:e2e [-- --n8n1] [-- <jest args>]` (2.x unless --n8n1): the end-to-end suite in test/e2e against
 * the pinned n8n (built and installed first, see suite.js).
 */

const fs = require('node:fs');

const { makeTemplate } = require('../n8n/env');
const { prepareSuite, spawnSuite } = require('./suite');

async function main() {
	const { major, n8n, jestArgs, seconds } = await prepareSuite('e2e', process.argv.slice(2));
	// Every file copies one user folder with the package installed and n8n's database made.
	const template = await makeTemplate(n8n, major);
	console.log(`[e2e] the package installed and n8n's database made once, after ${seconds()} s`);
	const removeTemplate = () => fs.rmSync(template, { recursive: true, force: true });
	process.once('exit', removeTemplate);
	const child = spawnSuite('e2e', major, jestArgs, { env: { E2E_TEMPLATE: template } });
	child.on('exit', (code, signal) => {
		console.log(`[e2e] n8n ${major}.x suite finished in ${seconds()} s (exit ${code ?? signal})`);
		process.exit(code ?? 1);
	});
}

main().catch((error) => {
	console.error(`[e2e] ${error.message}`);
	process.exit(1);
});

#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * n8n's community package scanner (@n8n/scan-community-package, the gate of verification,
 * docs/publishing.md), run here as it runs on a published version, without publishing:
 *
 *   npm run scan                  the repository and its packed tarball (dist/ built first)
 *   node scripts/ci/scan.js <dir> one folder, both ways (for the scanner's own tests)
 *
 * The scanner itself fetches a published version by name, checks its npm provenance, then
 * lints two things with n8n's node rules (disable comments ignored): the source at the commit
 * the provenance names (package.json, nodes/ and credentials/) and the tarball's compiled
 * .js and package.json. Provenance exists only once published from CI; the two lints are its
 * own exported analyzePackage, run on this checkout and on `npm pack` of it. Any error fails.
 */

const fs = require('node:fs');
const path = require('node:path');

const { REPO, mustExec, packRepo } = require('../n8n/env');

/** What the scanner lints of a tarball (its analyzePackageByName, 0.32.0). */
const TARBALL_PATTERNS = ['**/*.js', 'package.json'];

/** `npm pack` of the built repository, unpacked beside the tarball; returns its package/. */
async function unpackedTarball() {
	if (!fs.existsSync(path.join(REPO, 'dist'))) {
		throw new Error('dist/ is missing: run `npm run build` (or `npm run check:pack`) first');
	}
	const tgz = await packRepo();
	await mustExec('tar', ['-xzf', tgz, '-C', path.dirname(tgz)]);
	return path.join(path.dirname(tgz), 'package');
}

/**
 * The scanner's two lints. `source`: a checkout (package.json, nodes/, credentials/);
 * `tarball`: an unpacked package. Returns each leg's result as the scanner reports it.
 * @param {{ source: string, tarball: string }} dirs
 */
async function scan({ source, tarball }) {
	const scanner = await import('@n8n/scan-community-package/scanner/scanner.mjs');
	return {
		source: await scanner.analyzePackage(source, scanner.SOURCE_FILE_PATTERNS),
		tarball: await scanner.analyzePackage(tarball, TARBALL_PATTERNS),
	};
}

async function main() {
	const given = process.argv[2];
	const tarball = given ? path.resolve(given) : await unpackedTarball();
	try {
		const results = await scan({ source: given ? tarball : REPO, tarball });
		let passed = true;
		for (const [leg, result] of Object.entries(results)) {
			console.log(`[scan] ${leg}: ${result.passed ? 'clean' : `FAILED (${result.message})`}`);
			if (result.details) console.log(result.details);
			passed &&= result.passed;
		}
		const version = require('@n8n/scan-community-package/package.json').version;
		console.log(`[scan] @n8n/scan-community-package ${version}: ${passed ? 'passed' : 'failed'}`);
		process.exitCode = passed ? 0 : 1;
	} finally {
		if (!given) fs.rmSync(path.dirname(tarball), { recursive: true, force: true });
	}
}

module.exports = { scan };

if (require.main === module) {
	main().catch((error) => {
		console.error(`[scan] ${error.message}`);
		process.exit(1);
	});
}

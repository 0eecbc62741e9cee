// @ts-check
'use strict';

/**
 * The order in which the e2e files start. With several workers (E2E_WORKERS, scripts/ci/suite.js)
 * the suite lasts as long as its busiest worker, so the files that wait longest for n8n's
 * polls (minutes each on 2.x, which polls at most once a minute) start first and the short
 * ones fill in behind them; otherwise the longest may start last and run alone at the end.
 * Jest's own order needs timings cached by an earlier run, which a fresh clone has not.
 * A file not listed starts after these, the larger first (Jest's own fallback).
 */

const fs = require('node:fs');
const path = require('node:path');

/** Longest first, from CI's timings on both n8n lines. */
const LONGEST = ['campaign', 'n8n', 'followUp', 'instant', 'campaignEnded', 'durableWait'];

/** @param {{ path: string }} test */
function rank(test) {
	const at = LONGEST.indexOf(path.basename(test.path).replace(/\.test\.ts$/, ''));
	return at < 0 ? LONGEST.length : at;
}

/** @param {{ path: string }} test */
function size(test) {
	try {
		return fs.statSync(test.path).size;
	} catch {
		return 0;
	}
}

class LongestFirst {
	/** @template {{ path: string }} T @param {T[]} tests @returns {T[]} */
	sort(tests) {
		return [...tests].sort((a, b) => rank(a) - rank(b) || size(b) - size(a));
	}

	/** Jest calls this after every run; there is nothing to remember. */
	cacheResults() {}
}

module.exports = LongestFirst;

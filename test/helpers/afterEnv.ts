// Runs in each test file after the framework is set up: the suite-wide rules every file shares.
import { rmSync } from 'node:fs';

import nock from 'nock';
import { setSafeRegexEngine } from 'n8n-workflow';

import { hookNock } from './nockFlight';
import { RECORDING } from './outputs';

// What nock is answering, for the virtual clock; and TEST_JITTER's perturbation (nockFlight.ts).
hookNock();

// Recording outputs (scripts/dev/outputs.js): every property runs on one fixed seed, so that two
// records run the same cases. A property that names its own seed keeps it.
if (RECORDING) {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const fc = require('fast-check') as typeof import('fast-check');
	fc.configureGlobal({
		...fc.readConfigureGlobal(),
		seed: Number(process.env.OUTPUTS_SEED ?? 20260101),
	});
}

// Jest loads a fresh nock for every test file in the same process; each one patches node's
// shared http module. Un-patching after each file leaves the next file's nock in sole charge.
// A file whose every test a name filter (-t) skips runs no afterAll: its nock stays patched, and
// lets the next file's requests through to that file's own, answering them twice (an error then
// comes with no listener, "Unhandled error", in whatever test runs). So each file first undoes
// what the file before it left, through the http module they share.
// The module itself (an ES import would give this file its own copy of its members).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const sharedHttp = require('node:http') as { undoNock?: () => void };
nock.restore();
sharedHttp.undoNock?.();
nock.activate();
sharedHttp.undoNock = () => {
	nock.cleanAll();
	nock.restore();
};
// The workspace paces (nodes/shared/http/pacer.ts) are the process's: each test starts at full
// speed. Required here, late, so that it gets the test file's own n8n-workflow (a virtual sleep).
afterEach(() => {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	(require('../../nodes/shared/http/pacer') as typeof import('../../nodes/shared/http/pacer')).forgetPaces();
});
beforeAll(() => {
	if (!nock.isActive()) nock.activate();
	nock.disableNetConnect();
});
afterAll(() => {
	nock.cleanAll();
	nock.restore();
	// The settings folder env.ts made for this file.
	const folder = process.env.VOICE_AGENT_TEST_TMP;
	if (folder) rmSync(folder, { recursive: true, force: true });
});

/*
 * n8n checks a locator's "By ID" value against the mode's regex with its safeRegex, which runs
 * the regex in a vm with a 250 ms WALL-CLOCK timeout. Our patterns are anchored and linear
 * (0.2 ms on 20,000 characters), yet on this shared 2-core machine a run was once descheduled
 * or paused for GC long enough to throw "Regular expression execution timed out" (the old
 * skips of Update Custom Variables / DTMF / Noise Settings); 3,000 runs each on a fresh seed,
 * and 300 with 20,000-character values, never reproduced it. Every suite therefore runs the same
 * regexes on n8n's own native engine (its browser fallback): a result, never a wall-clock
 * accident. A backtracking pattern would still show, as a run over its 15 s budget.
 */
setSafeRegexEngine({
	exec: (pattern, input, flags) => new RegExp(pattern, flags).exec(input),
	test: (pattern, input, flags) => new RegExp(pattern, flags).test(input),
	replace: (pattern, input, flags, replacement) =>
		input.replace(new RegExp(pattern, flags), replacement),
	matchAll: (pattern, input, flags) =>
		Array.from(
			input.matchAll(new RegExp(pattern, flags?.includes('g') ? flags : `${flags ?? ''}g`)),
		),
	split: (pattern, input, flags) => input.split(new RegExp(pattern, flags)),
});

#!/usr/bin/env node
'use strict';

/**
 * Call Back's history pages per item in the loop users run (Call Ended -> Call Back, a run
 * every minute with the calls that ended in it), at 1,000 and 10,000 calls a day, Look Back 1
 * and 7, parent_call_id shown and hidden, against an in-memory service as FACTS describes it
 * (test/helpers/callBackPages.ts; the package's code through n8n-core's engine, as the tests
 * run it). Each cell beside its baseline: the same items each in a run of its own, which is
 * what every item cost before a run's items shared their reads. Prints the table and the
 * ratios Look Back 7 / 1 and 10,000 / 1,000 calls a day.
 *
 *   node bench/callBackPages.js                       10 polls (the baseline 2)
 *   POLLS=30 ALONE_POLLS=5 PER_DAY=1000,10000 node bench/callBackPages.js
 *   AGES=young node bench/callBackPages.js            every call ending minutes after it was made
 */
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const REPO = path.resolve(__dirname, '..');
const result = spawnSync(
	process.execPath,
	[
		path.join(REPO, 'node_modules/jest/bin/jest.js'),
		'test/nodes/VoiceAgentCalling/call/callBack.pages.test.ts',
		'--selectProjects',
		'everyday',
		'-t',
		'bench',
	],
	{
		cwd: REPO,
		stdio: 'inherit',
		env: { ...process.env, CALLBACK_PAGES_BENCH: '1', TEST_BOUNDS_SCALE: process.env.TEST_BOUNDS_SCALE ?? '100' },
	},
);
process.exit(result.status ?? 1);

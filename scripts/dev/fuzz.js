#!/usr/bin/env node
/**
 * npm run fuzz: the fuzz suite at full size (10,000 cases per operation, more for Start) on a
 * fresh seed. FUZZ_RUNS and FUZZ_SEED override; extra arguments go to jest (e.g. -t Start).
 * A failure prints its seed, its counterexample's path, and the command that replays it.
 */
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const env = { ...process.env, FUZZ_FULL: '1' };
const jest = require.resolve('jest/bin/jest');
const result = spawnSync(
	process.execPath,
	[jest, path.join('test', 'fuzz'), '--verbose', ...process.argv.slice(2)],
	{ stdio: 'inherit', env, cwd: path.join(__dirname, '../..') },
);
process.exit(result.status ?? 1);

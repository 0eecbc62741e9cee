/**
 * The soak's week runs under jest (the package is TypeScript, run from its sources as the
 * tests run it): one file, no type-checking on the way (the tests do that), no time limit but
 * the one run.js gives the process.
 */
const path = require('node:path');

/** @type {import('jest').Config} */
module.exports = {
	rootDir: path.resolve(__dirname, '../..'),
	roots: ['<rootDir>/bench/soak'],
	testMatch: ['**/week.soak.ts'],
	testEnvironment: 'node',
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json', diagnostics: false }],
	},
	setupFiles: ['<rootDir>/test/helpers/env.ts'],
	testTimeout: 24 * 3_600_000,
	maxWorkers: 1,
};

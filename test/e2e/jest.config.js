/**
 * End-to-end tests against a real n8n (installed on first use into .cache/): run them with
 * `npm run test:e2e` (add `-- --n8n2` for n8n 2.x). Not part of `npm test`.
 * @type {import('jest').Config}
 */
const { bound } = require('../../lib/bounds');

module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	// One file at a time unless E2E_WORKERS says more (scripts/ci/suite.js): each file has its own
	// n8n, folder, ports and sandbox. An n8n install on first use can take minutes.
	maxWorkers: 1,
	// With several workers, the longest files start first (see the sequencer).
	testSequencer: '<rootDir>/test/e2e/sequencer.js',
	// A failure bound for a whole test (lib/bounds.js), far above a healthy run's.
	testTimeout: bound('e2eTest'),
	forceExit: true,
};

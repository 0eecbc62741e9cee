/**
 * Two projects, both run by `npm test` (and so by CI): `everyday`, every suite but the fuzz
 * suite (`npm run test:fast` runs it alone), and `fuzz`, the property-based suite, which is
 * the slow one. The end-to-end suite has its own config (test/e2e/jest.config.js).
 */
const os = require('node:os');

const { bound } = require('./lib/bounds');

const shared = {
	testEnvironment: 'node',
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	setupFiles: ['<rootDir>/test/helpers/env.ts'],
	setupFilesAfterEnv: ['<rootDir>/test/helpers/afterEnv.ts'],
};

/** @type {import('jest').Config} */
module.exports = {
	// A failure bound (lib/bounds.js; TEST_BOUNDS_SCALE scales it), not an expected time.
	testTimeout: bound('unitTest'),
	// Every core on a developer's machine. In CI (CI=true) jest's own default, one core fewer,
	// leaves the other to the n8n lanes that run beside it.
	...(process.env.CI ? {} : { maxWorkers: os.availableParallelism() }),
	projects: [
		{
			...shared,
			displayName: 'everyday',
			roots: ['<rootDir>/test'],
			testPathIgnorePatterns: ['/node_modules/', '/test/e2e/', '/test/queue/', '/test/fuzz/'],
		},
		{
			...shared,
			displayName: 'fuzz',
			roots: ['<rootDir>/test/fuzz'],
		},
	],
};

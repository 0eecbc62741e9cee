/**
 * End-to-end tests against a real n8n (installed on first use into .cache/): run them with
 * `npm run test:e2e` (add `-- --n8n2` for n8n 2.x). Not part of `npm test`.
 * @type {import('jest').Config}
 */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	// One n8n and one sandbox at a time; an n8n install on first use can take minutes.
	maxWorkers: 1,
	testTimeout: 15 * 60 * 1000,
	forceExit: true,
};

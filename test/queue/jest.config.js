/**
 * The queue-mode suite: a real n8n main, worker and webhook process on their own Redis and
 * Postgres (see test/queue/cluster.ts). Run it with `npm run test:queue` (add `-- --n8n2` for
 * n8n 2.x). Not part of `npm test`.
 * @type {import('jest').Config}
 */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/queue'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	maxWorkers: 1,
	testTimeout: 10 * 60 * 1000,
	forceExit: true,
};

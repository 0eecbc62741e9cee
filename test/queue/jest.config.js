/**
 * The queue-mode suite: a real n8n main, worker and webhook process on their own Redis and
 * Postgres (see test/queue/cluster.ts). Run it with `npm run test:queue` (add `-- --n8n2` for
 * n8n 2.x). Not part of `npm test`.
 * @type {import('jest').Config}
 */
const { bound } = require('../../lib/bounds');

module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/queue'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	maxWorkers: 1,
	// A failure bound for a whole test (lib/bounds.js), far above a healthy run's.
	testTimeout: bound('queueTest'),
	forceExit: true,
};

/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '/test/e2e/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	testTimeout: 30000,
	setupFiles: ['<rootDir>/test/helpers/env.ts'],
	setupFilesAfterEnv: ['<rootDir>/test/helpers/afterEnv.ts'],
	// n8n-core leaves a logger/timer handle open after the engine runs; end the process anyway.
	forceExit: true,
};

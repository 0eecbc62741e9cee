// Runs in each test file after the framework is set up: the suite-wide rules every file shares.
import { rmSync } from 'node:fs';

import nock from 'nock';

// Jest loads a fresh nock for every test file in the same process; each one patches node's
// shared http module. Un-patching after each file leaves the next file's nock in sole charge.
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

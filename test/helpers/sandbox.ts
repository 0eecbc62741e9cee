/**
 * The sandbox set-up every sandbox-backed test file shares: a fresh sandbox (manual clock)
 * for each test, closed after it, with nock out of the way so the network is the real one.
 * The sandbox's HTTP client and seeded IDs live beside its own tests, in test/sandbox/helpers.
 */
import type { Sandbox, SandboxOptions } from '../../sandbox';
import { startSandbox, useRealNetwork, type Client } from '../sandbox/helpers';
import { initBinaryData, runNode } from './harness';

export interface Started {
	sb: Sandbox;
	api: Client;
}

/**
 * Starts a sandbox before each test and closes it after. `bind` receives every sandbox
 * started (so a file keeps its own `sb` and `api` variables); `restart` replaces the
 * running one with one started with other options, within a test.
 */
export function useSandbox(bind: (started: Started) => void, options: SandboxOptions = {}) {
	let current: Sandbox | undefined;
	const start = async (more: SandboxOptions) => {
		const started = await startSandbox(more);
		current = started.sb;
		bind(started);
		return started;
	};

	useRealNetwork();
	beforeEach(async () => {
		await start(options);
	});
	afterEach(async () => {
		await current?.close();
		current = undefined;
	});

	return {
		async restart(more: SandboxOptions) {
			await current?.close();
			return await start(more);
		},
	};
}

/** The Voice Agent API credential pointing at a sandbox, as runNode takes it. */
export const sandboxCredentials = (sb: Sandbox) => ({ apiKey: sb.apiKey, baseUrl: sb.url });

/**
 * useSandbox for tests that run nodes against it: n8n's binary data ready, and the node's
 * clock the sandbox's (Date.now reads the running sandbox's clock), so "later" is later for both.
 */
export function useSandboxClock(bind: (started: Started) => void, options: SandboxOptions = {}) {
	let sb: Sandbox | undefined;
	beforeAll(async () => {
		await initBinaryData();
	});
	const sandbox = useSandbox((started) => {
		sb = started.sb;
		bind(started);
	}, options);
	beforeEach(() => jest.spyOn(Date, 'now').mockImplementation(() => sb!.now()));
	afterEach(() => jest.restoreAllMocks());
	return sandbox;
}

/** An Assistant operation against the sandbox `sb`, Continue On Fail on. */
export const assistantOnSandbox = (sb: Sandbox, parameters: Record<string, unknown>) =>
	runNode({
		type: 'voiceAgentAssistant',
		credentials: sandboxCredentials(sb),
		continueOnFail: true,
		parameters: { resource: 'assistant', ...parameters },
	});

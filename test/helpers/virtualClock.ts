/**
 * Virtual time for node tests whose code waits with n8n's `sleep`: each sleep advances a
 * clock that `Date.now` reads, so retries, polling rounds and Max Wait cost no real time.
 * The clock reads virtual time alone: a busy machine's slow answers must not use up a wait's
 * budget (seen under load: Max Wait came a round early). In `real` mode both run on the real
 * clock again, for a test that measures against real work.
 *
 * Use it from a test file (jest hoists the mock above the imports, so the factory requires
 * this file itself; the test's import then gets the same instance):
 *
 *   jest.mock('n8n-workflow', () => require('<path>/helpers/virtualClock').n8nWorkflowWithVirtualSleep());
 *   import { virtualClock } from '<path>/helpers/virtualClock';
 */

import { settled } from './nockFlight';

export const virtualClock = {
	/** Virtual milliseconds slept (or added by a test) since the file started. */
	ms: 0,
	/** Every sleep asked for, in order; a test may empty it. */
	sleeps: [] as number[],
	/** Sleep and Date.now on the real clock (the virtual offset still counts). */
	real: false,
};

/** The real clock, for what a test reports of its own duration. */
export const realNow = Date.now.bind(Date);
const BASE = realNow();

/** n8n-workflow as it is, but for its `sleep`; and Date.now on the virtual clock. */
export function n8nWorkflowWithVirtualSleep(): Record<string, unknown> {
	const actual = jest.requireActual('n8n-workflow');
	jest
		.spyOn(Date, 'now')
		.mockImplementation(() => (virtualClock.real ? realNow() : BASE) + virtualClock.ms);
	return {
		...actual,
		// Yields to pending I/O too: a loop of sleeps (the Start watcher's rounds while rows are
		// still being dialled) must let nock's answers through. And no virtual time passes while
		// nock is answering: an answer is instant here, however long a loaded machine takes to
		// deliver it (else the watcher's idle ticks ran out the clock between two starts sent
		// together, and a round came before the second one's answer).
		sleep: async (ms: number) => {
			virtualClock.sleeps.push(ms);
			if (virtualClock.real) return await actual.sleep(ms);
			await settled();
			virtualClock.ms += Math.max(0, Number(ms) || 0);
			await new Promise((resolve) => setImmediate(resolve));
		},
	};
}

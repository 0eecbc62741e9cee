import { bound } from '../../scripts/bounds';

/**
 * Polls `check` until it holds; fails after `timeoutMs`, naming what it waited for. The
 * default is a failure bound for something done in seconds (scripts/bounds.js), not its
 * expected time. A check that throws fails the wait at once.
 */
export async function waitFor(
	what: string,
	check: () => boolean | Promise<boolean>,
	timeoutMs = bound('event'),
	everyMs = 250,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!(await check())) {
		if (Date.now() > deadline)
			throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
		await new Promise((r) => setTimeout(r, everyMs));
	}
}

/**
 * Waits until a counter has not moved for `quietMs` (requests still landing, a poll still
 * paging): a grace, never a failure.
 */
export async function settle(counter: () => number, quietMs = bound('quiet')): Promise<void> {
	let last = counter();
	let since = Date.now();
	while (Date.now() - since < quietMs) {
		await new Promise((r) => setTimeout(r, 100));
		if (counter() !== last) {
			last = counter();
			since = Date.now();
		}
	}
}

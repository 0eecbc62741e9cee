import { bound } from '../../lib/bounds';

/** A connection n8n or the sandbox dropped or refused: a busy machine's hiccup, not an answer. */
const TRANSIENT = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT']);
const isTransient = (error: unknown) =>
	TRANSIENT.has(String((error as { code?: unknown })?.code)) ||
	/socket hang up/.test(String((error as Error)?.message));

/**
 * Polls `check` until it holds; fails after `timeoutMs`, naming what it waited for. The
 * default is a failure bound for something done in seconds (lib/bounds.js), not its
 * expected time. A check that throws fails the wait at once, unless the connection it used
 * was dropped or refused (seen on a loaded machine): that check is tried again, and the last
 * such error is named if the bound runs out.
 */
export async function waitFor(
	what: string,
	check: () => boolean | Promise<boolean>,
	timeoutMs = bound('event'),
	everyMs = 250,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	let dropped: unknown;
	for (;;) {
		try {
			if (await check()) return;
		} catch (error) {
			if (!isTransient(error)) throw error;
			dropped = error;
		}
		if (Date.now() > deadline) {
			const last = dropped ? ` (last dropped connection: ${(dropped as Error).message})` : '';
			throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last}`);
		}
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

/** Waits for `count` more polls than `polls` counts now: after them, nothing new may come. */
export async function morePolls(polls: () => number, count: number): Promise<void> {
	const seen = polls();
	await waitFor(`${count} more polls`, () => polls() >= seen + count, bound('poll', count + 1));
}

import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * "Never twice" across n8n's own Retry On Fail. That setting re-runs the node's whole execute
 * with the same input, so a request that acts (placing a call, regenerating the key, queueing
 * an export) would be sent again for every item. n8n re-runs with the same execute-data
 * object, so each item's outcome is remembered in a WeakMap keyed by that object: it lives
 * exactly as long as this node run (nothing in module scope outlives an execution, and queue
 * mode workers share nothing), and a later run of the node, or a new execution, starts clean.
 */

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const runs = new WeakMap<object, Map<string, Outcome>>();

/** Errors that prove nothing was done (a 429, a connection that never opened). */
const notSent = new WeakSet<object>();

export function markNotSent(error: object): void {
	notSent.add(error);
}

export function provedNotSent(error: unknown): boolean {
	return typeof error === 'object' && error !== null && notSent.has(error);
}

/** The object n8n keeps for this node run, the same across its Retry On Fail attempts. */
function runKey(ctx: IExecuteFunctions): object | undefined {
	try {
		const data = ctx.getExecuteData?.();
		if (data && typeof data === 'object') return data;
	} catch {
		// older or partial contexts: fall back to the input list, also kept across retries
	}
	const items = ctx.getInputData?.();
	return Array.isArray(items) ? items : undefined;
}

export const REPLAY_NOTE =
	'n8n retried the node, but this request had already been sent once for this item, so it was not sent again (a call is never placed twice).';

/**
 * Sends `send()` at most once per item and `what` in this node run. A repeat (Retry On Fail)
 * gets the first outcome back: the same result, or the same error with a note. Failures that
 * prove nothing was done are not remembered, so a retry may send them.
 */
export async function sendOnce<T>(
	ctx: IExecuteFunctions,
	itemIndex: number,
	what: string,
	send: () => Promise<T>,
): Promise<T> {
	const key = runKey(ctx);
	if (!key) return await send();
	let ledger = runs.get(key);
	if (!ledger) {
		ledger = new Map();
		runs.set(key, ledger);
	}
	const id = `${what}#${itemIndex}`;
	const seen = ledger.get(id);
	if (seen) {
		if (seen.ok) return seen.value as T;
		const error = seen.error as { description?: string | null };
		if (
			error &&
			typeof error === 'object' &&
			!String(error.description ?? '').includes(REPLAY_NOTE)
		) {
			error.description = `${error.description ?? ''} ${REPLAY_NOTE}`.trim();
		}
		throw seen.error;
	}
	let outcome: Outcome;
	try {
		outcome = { ok: true, value: await send() };
	} catch (error) {
		outcome = { ok: false, error };
	}
	if (outcome.ok || !provedNotSent(outcome.error)) ledger.set(id, outcome);
	if (outcome.ok) return outcome.value as T;
	throw outcome.error;
}

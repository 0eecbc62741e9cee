import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * "Never twice" across n8n's own Retry On Fail. That setting re-runs the node's whole execute
 * with the same input (and, for an AI agent's tool, calls the tool again with the same
 * arguments object), so a request that acts (placing a call, regenerating the key, queueing an
 * export) would be sent again. Each input item's outcome is therefore remembered in a WeakMap
 * keyed by the item's own `json` object, which n8n hands unchanged to every try: it lives as
 * long as that item (nothing in module scope outlives an execution, and queue-mode workers
 * share nothing). A new item, a new tool invocation or a new execution starts clean. Not the
 * execute-data object: n8n shares that one across all invocations of a tool within an agent run.
 */

/** What one send came to: its result, or the error it failed with. */
export type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** A recorded send: its `what`, what it was about (see sendOnce), and its outcome. */
interface Sent {
	what: string;
	about?: string;
	outcome: Outcome;
}

const runs = new WeakMap<object, Map<string, Sent>>();

/** Errors that prove nothing was done (a 429, a connection that never opened). */
const notSent = new WeakSet<object>();

export function markNotSent(error: object): void {
	notSent.add(error);
}

export function provedNotSent(error: unknown): boolean {
	return typeof error === 'object' && error !== null && notSent.has(error);
}

/**
 * Whether a failed request that acts once may have acted all the same: a 5xx, or no answer to
 * a request that was sent (a timeout, a dropped connection). Not an answer of 4xx or 3xx, nor
 * a failure that proves nothing was sent. Its error then tells the user what to look for.
 */
export function mayHaveActed(error: unknown): boolean {
	const code = String((error as { httpCode?: unknown } | null)?.httpCode ?? '');
	return code.startsWith('5') || (code === '' && !provedNotSent(error));
}

/** The object n8n hands unchanged to every try of this item: the item's json. */
function itemKey(ctx: IExecuteFunctions, itemIndex: number): object | undefined {
	const item = ctx.getInputData?.()?.[itemIndex];
	const json = item?.json as unknown;
	return typeof json === 'object' && json !== null ? json : undefined;
}

export const REPLAY_NOTE =
	'n8n retried the node, but this request had already been sent once for this item, so it was not sent again (a call is never placed twice).';

/** Whether this item already sent `what` in this process (a Retry On Fail try will replay it). */
export function alreadySent(ctx: IExecuteFunctions, itemIndex: number, what: string): boolean {
	const key = itemKey(ctx, itemIndex);
	const id = `${ctx.getNode().name}\u0000${what}\u0000${itemIndex}`;
	return key !== undefined && runs.get(key)?.has(id) === true;
}

/**
 * Sends `send()` at most once per input item, node and `what`. A repeat (Retry On Fail)
 * gets the first outcome back: the same result, or the same error with a note. Failures that
 * prove nothing was done are not remembered, so a retry may send them. `about` names what the
 * send is about (the call a call-back is of), for the other items to find (sentByOthers).
 */
export async function sendOnce<T>(
	ctx: IExecuteFunctions,
	itemIndex: number,
	what: string,
	send: () => Promise<T>,
	about?: string,
): Promise<T> {
	const key = itemKey(ctx, itemIndex);
	if (!key) return await send();
	let ledger = runs.get(key);
	if (!ledger) {
		ledger = new Map();
		runs.set(key, ledger);
	}
	// Two nodes fed the same items (a call, then a follow-up call) each send once.
	const id = `${ctx.getNode().name}\u0000${what}\u0000${itemIndex}`;
	const seen = ledger.get(id)?.outcome;
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
	if (outcome.ok || !provedNotSent(outcome.error)) ledger.set(id, { what, about, outcome });
	if (outcome.ok) return outcome.value as T;
	throw outcome.error;
}

/**
 * What the other input items of this execution sent for `what` about `about`, by any node fed
 * the same items, in this try or an earlier Retry On Fail try (the ledger lives on each item's
 * json, which every try shares): in input order, each item's in the order sent.
 */
export function sentByOthers(
	ctx: IExecuteFunctions,
	itemIndex: number,
	what: string,
	about: string,
): Array<{ item: number; outcome: Outcome }> {
	const found: Array<{ item: number; outcome: Outcome }> = [];
	const count = ctx.getInputData?.()?.length ?? 0;
	for (let item = 0; item < count; item++) {
		const key = item === itemIndex ? undefined : itemKey(ctx, item);
		const ledger = key ? runs.get(key) : undefined;
		for (const sent of ledger?.values() ?? []) {
			if (sent.what === what && sent.about === about) found.push({ item, outcome: sent.outcome });
		}
	}
	return found;
}

/**
 * The call-backs this execution has sent, so that a second item naming the same source (in
 * this try or a later Retry On Fail try of the node) is proven already called back without
 * waiting for the history to show it. Read from the send-once ledger (engine/once.ts), where
 * each item's call-back is recorded about its source on the item's own `json`, which n8n hands
 * unchanged to every try: nothing else is kept, and nothing outlives the execution.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { mayHaveActed, sendOnce, sentByOthers, type Outcome } from '../../../../shared/engine/once';
import { callIdOf } from './source';

/** The send-once key of the call placed back (Retry On Fail replays its outcome). */
export const SENT = 'callBack';

/** Sends item `i`'s call-back of `source` once (engine/once.ts), recorded about that source. */
export function sendCallBack<T>(
	ctx: IExecuteFunctions,
	i: number,
	source: string,
	send: () => Promise<T>,
): Promise<T> {
	return sendOnce(ctx, i, SENT, send, source);
}

/** The call a recorded call-back placed: its id; null when it may have been; undefined if not. */
function placedCall(outcome: Outcome): string | null | undefined {
	if (!outcome.ok) return mayHaveActed(outcome.error) ? null : undefined;
	const callId = (outcome.value as IDataObject | undefined)?.call_id;
	return typeof callId === 'string' ? callIdOf(callId) : null;
}

/**
 * The first other item of this execution that sent a call-back of `source`, and that call's id
 * (null when its answer was lost after sending): its latest one, where it sent several.
 */
export function placedByAnother(
	ctx: IExecuteFunctions,
	i: number,
	source: string,
): { item: number; callId: string | null } | undefined {
	let found: { item: number; callId: string | null } | undefined;
	for (const { item, outcome } of sentByOthers(ctx, i, SENT, source)) {
		if (found && found.item !== item) break;
		const callId = placedCall(outcome);
		if (callId !== undefined) found = { item, callId };
	}
	return found;
}

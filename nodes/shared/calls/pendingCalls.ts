/**
 * The state a durable wait for many calls carries from one round to the next, and one round's
 * settling of it. A round reads the open calls (callStates.ts), then: every call that ended
 * leaves once, with its record and its row; the rest stay in ONE small state, which holds the
 * very row objects it was given (never copies: n8n stores an execution with shared objects
 * written once, so the stored execution grows by the ended calls only); at the deadline the
 * rest leave marked timed out. Pure: no HTTP, no clock.
 */
import type { IDataObject } from 'n8n-workflow';

import type { CallRecord } from './record';
import { isTerminalStatus } from './statuses';

/** A call still open, with what reading it needs and the row it belongs to. */
export interface OpenCall {
	call_id: string;
	agent_id: string;
	/** Its creation time as the service reported it (ISO), or null: then read from its details. */
	created_at: string | null;
	row: IDataObject;
}

/** What one round hands to the next. */
export interface PendingState {
	pending: OpenCall[];
	/** ISO time after which the calls still open leave marked timed out. */
	deadline: string;
	rounds: number;
}

/** A call leaving the wait. */
export interface Settled {
	call: OpenCall;
	/** The latest record read; null when the call was never read. */
	record: CallRecord | null;
	timed_out: boolean;
	/** Why the call could not be read, when it leaves unread at the deadline. */
	error?: Error;
}

export interface Round {
	settled: Settled[];
	/** The state for the next round; null when no call is left. */
	next: PendingState | null;
}

/**
 * One round: `records` are the calls read this round, `failed` those that could not be read
 * (tried again next round, until the deadline).
 */
export function settleRound(
	state: PendingState,
	records: ReadonlyMap<string, CallRecord>,
	failed: ReadonlyMap<string, Error>,
	nowMs: number,
): Round {
	const late = nowMs >= Date.parse(state.deadline);
	const settled: Settled[] = [];
	const pending: OpenCall[] = [];
	for (const call of state.pending) {
		const record = records.get(call.call_id) ?? null;
		if (record && isTerminalStatus(record.status)) settled.push({ call, record, timed_out: false });
		else if (late) {
			const error = record ? undefined : failed.get(call.call_id);
			settled.push({ call, record, timed_out: true, ...(error ? { error } : {}) });
		} else pending.push(call);
	}
	const next =
		pending.length > 0 ? { pending, deadline: state.deadline, rounds: state.rounds + 1 } : null;
	return { settled, next };
}

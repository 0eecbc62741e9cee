/**
 * The state a durable wait for many calls carries from one round to the next, and one round's
 * settling of it. A round reads the open calls (callStates.ts), then: every call that ended
 * leaves once, with its record and its row; the rest stay in ONE small state, which holds the
 * very row objects it was given (never copies: n8n stores an execution with shared objects
 * written once, so the stored execution grows by the ended calls only); at the deadline the
 * rest leave marked timed out. Pure: no HTTP, no clock.
 */
import type { IDataObject } from 'n8n-workflow';

import { isPlainObject } from '../http/shape';
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

/** An input item that cannot join the wait, and why (naming the field). */
export interface InputProblem {
	index: number;
	field: string;
	message: string;
}

const text = (value: unknown): string | null =>
	typeof value === 'string' && value.trim() !== '' ? value : null;

/** One open call from an item of Start's (or the history's) output: the item itself is its row. */
function callOf(json: IDataObject): OpenCall | { field: string; message: string } {
	const callId = text(json.call_id);
	if (!callId) return { field: 'call_id', message: 'has no call ID: connect the output of Start' };
	const assistant = isPlainObject(json.assistant) ? json.assistant : {};
	const agentId = text(assistant.id) ?? text(json.agent_id);
	if (!agentId) return { field: 'assistant.id', message: `has no assistant ID for call ${callId}` };
	return {
		call_id: callId,
		agent_id: agentId,
		created_at: text(json.created_at) ?? text(json.initiated_at),
		// The item itself, not a copy: n8n stores it once however many rounds hold it.
		row: json,
	};
}

/** The calls of a previous round's state, checked (it may have passed through a user's nodes). */
function stateOf(json: IDataObject): PendingState | { field: string; message: string } {
	const deadline = text(json.deadline);
	if (!deadline || !Number.isFinite(Date.parse(deadline)))
		return { field: 'deadline', message: 'is not a date: pass the Pending output on unchanged' };
	const pending: OpenCall[] = [];
	for (const [n, entry] of (json.pending as unknown[]).entries()) {
		const call = isPlainObject(entry) ? entry : {};
		const callId = text(call.call_id);
		const agentId = text(call.agent_id);
		if (!callId || !agentId || !isPlainObject(call.row))
			return {
				field: `pending[${n}]`,
				message: 'is not an open call: pass the Pending output on unchanged',
			};
		pending.push(call as unknown as OpenCall);
	}
	return { pending, deadline, rounds: Number(json.rounds) || 0 };
}

/**
 * An item of Start or Call Back that placed no call: a row it could not dial (its error, under
 * Continue On Fail), one it skipped (`skipped`: Do Not Call, already called back...) or a Dry
 * Run. There is nothing to wait for in it.
 */
const placedNoCall = (json: IDataObject) =>
	text(json.call_id) === null &&
	(json.error !== undefined || json.skipped !== undefined || json.dry_run === true);

/**
 * The wait's state from its input: new calls (items of Start's output, each its own row) and
 * the Pending items of earlier rounds, in one state. A call given twice waits once. New calls
 * wait until `deadlineMs`; mixed with earlier states, the latest deadline holds (a wait is
 * never cut short). Items that placed no call are listed in `passed` (they go on as they came,
 * so that no row is lost); items that cannot join are returned, naming the field; `from` gives
 * the item each call came from (the first that carried it), to pair what it becomes with.
 */
export function pendingFromItems(
	items: IDataObject[],
	deadlineMs: number,
): {
	state: PendingState | null;
	problems: InputProblem[];
	passed: number[];
	from: Map<string, number>;
} {
	const problems: InputProblem[] = [];
	const passed: number[] = [];
	const pending: OpenCall[] = [];
	const from = new Map<string, number>();
	let deadline = -Infinity;
	let rounds = 0;
	const add = (call: OpenCall, index: number) => {
		if (from.has(call.call_id)) return;
		from.set(call.call_id, index);
		pending.push(call);
	};
	for (const [index, json] of items.entries()) {
		if (Array.isArray(json.pending)) {
			const state = stateOf(json);
			if ('field' in state) problems.push({ index, ...state });
			else {
				deadline = Math.max(deadline, Date.parse(state.deadline));
				rounds = Math.max(rounds, state.rounds);
				for (const call of state.pending) add(call, index);
			}
			continue;
		}
		if (placedNoCall(json)) {
			passed.push(index);
			continue;
		}
		const call = callOf(json);
		if ('field' in call) problems.push({ index, ...call });
		else {
			deadline = Math.max(deadline, deadlineMs);
			add(call, index);
		}
	}
	const state =
		pending.length > 0 ? { pending, deadline: new Date(deadline).toISOString(), rounds } : null;
	return { state, problems, passed, from };
}

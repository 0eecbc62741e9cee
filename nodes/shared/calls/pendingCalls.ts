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
	/**
	 * The last status read (Start's, until a check reads one): what the call leaves with when
	 * its last check cannot read it.
	 */
	status: string | null;
	/**
	 * ISO time after which the call, still open, leaves marked timed out: its first check +
	 * Max Wait. Each call carries its own, so that Pending items split, merged or re-ordered
	 * on their way back keep the end of each wait.
	 */
	deadline: string;
	/** Its first check (ISO); null for a call of a Pending item saved before calls carried it. */
	first_checked_at: string | null;
	row: IDataObject;
}

/** What one round hands to the next. */
export interface PendingState {
	pending: OpenCall[];
	rounds: number;
}

/**
 * Why an ended call leaves without its analysis (Include Analysis): its details could not be
 * read, or its analysis was not in by its deadline.
 */
export type AnalysisError = 'read_failed' | 'not_in_by_max_wait';

/** A call leaving the wait. */
export interface Settled {
	call: OpenCall;
	/** The latest record read this round; null when the call could not be read. */
	record: CallRecord | null;
	timed_out: boolean;
	/** Why the call, or its details, could not be read. */
	error?: Error;
	/** The service does not know the call (its details answer 404, the history lacks it). */
	not_found?: true;
	/** With Include Analysis: null, or why the record has no analysis. */
	analysis_error?: AnalysisError | null;
}

export interface Round {
	settled: Settled[];
	/** The state for the next round; null when no call is left. */
	next: PendingState | null;
}

export interface SettleOptions {
	/** Whether the calls are read with their analysis: an answered call then waits for it. */
	includeAnalysis?: boolean;
	/** Calls the service does not know (callStates.ts): they leave at once. */
	unknown?: ReadonlySet<string>;
}

/**
 * Whether the record holds the platform analysis. How the service shows one not in yet is not
 * published (null, no key, or an empty object): none of them counts.
 */
const hasAnalysis = (record: CallRecord): boolean =>
	isPlainObject(record.platform_analysis) && Object.keys(record.platform_analysis).length > 0;

/**
 * What an ended call still waits for with Include Analysis: its details, when their read
 * failed; its analysis, when the call was answered (one never answered gets an empty or
 * minimal analysis, or none: nothing to wait for).
 */
function analysisMissing(record: CallRecord, error: Error | undefined): AnalysisError | null {
	if (error) return 'read_failed';
	return record.outcome === 'answered' && !hasAnalysis(record) ? 'not_in_by_max_wait' : null;
}

const isGone = (error: Error | undefined): boolean =>
	Number((error as { httpCode?: unknown } | undefined)?.httpCode) === 404;

/** The call with the status read, a new object only when it changed (n8n stores each once). */
const withStatus = (call: OpenCall, status: string | null | undefined): OpenCall =>
	status && status !== call.status ? { ...call, status } : call;

/** One call's fate in a round: it leaves (Settled) or stays (the OpenCall to keep). */
function settleCall(
	call: OpenCall,
	record: CallRecord | null,
	error: Error | undefined,
	nowMs: number,
	{ includeAnalysis = false, unknown }: SettleOptions,
): Settled | OpenCall {
	const late = nowMs >= Date.parse(call.deadline);
	const flag = (value: AnalysisError | null) => (includeAnalysis ? { analysis_error: value } : {});
	if (unknown?.has(call.call_id))
		return { call, record: null, timed_out: false, not_found: true, ...(error ? { error } : {}) };
	if (record && isTerminalStatus(record.status)) {
		const missing = includeAnalysis ? analysisMissing(record, error) : null;
		if (missing === null) return { call, record, timed_out: false, ...flag(null) };
		// Details that answer 404 for a call the history lists are gone for good: no wait.
		if (!late && !isGone(error)) return withStatus(call, record.status);
		return { call, record, timed_out: false, ...(error ? { error } : {}), ...flag(missing) };
	}
	if (!late) return withStatus(call, record?.status);
	return {
		call,
		record,
		timed_out: true,
		...(error ? { error } : {}),
		...flag(error ? 'read_failed' : null),
	};
}

/**
 * One round: `records` are the calls read this round, `failed` those that could not be read
 * (tried again next round, until their deadline).
 */
export function settleRound(
	state: PendingState,
	records: ReadonlyMap<string, CallRecord>,
	failed: ReadonlyMap<string, Error>,
	nowMs: number,
	options: SettleOptions = {},
): Round {
	const settled: Settled[] = [];
	const pending: OpenCall[] = [];
	for (const call of state.pending) {
		const fate = settleCall(
			call,
			records.get(call.call_id) ?? null,
			failed.get(call.call_id),
			nowMs,
			options,
		);
		if ('timed_out' in fate) settled.push(fate);
		else pending.push(fate);
	}
	return { settled, next: pending.length > 0 ? { pending, rounds: state.rounds + 1 } : null };
}

/** When the last call's wait ends (ISO). */
export const lastDeadline = (pending: OpenCall[]): string =>
	new Date(Math.max(...pending.map((c) => Date.parse(c.deadline)))).toISOString();

/** The Pending item's JSON: the open calls, how many, until when, after how many checks. */
export function pendingJson(state: PendingState): IDataObject {
	return {
		pending_count: state.pending.length,
		deadline: lastDeadline(state.pending),
		rounds: state.rounds,
		pending: state.pending as unknown as IDataObject[],
	};
}

/** An input item that cannot join the wait, and why (naming the field). */
export interface InputProblem {
	index: number;
	field: string;
	message: string;
}

const text = (value: unknown): string | null =>
	typeof value === 'string' && value.trim() !== '' ? value : null;

/** A time this package wrote (a deadline, a first check), when it still reads as one. */
const ourTime = (value: unknown): string | null => {
	const t = text(value);
	return t !== null && Number.isFinite(Date.parse(t)) ? t : null;
};

type Problem = { field: string; message: string };

/** When the calls that join now wait until, and when they join. */
interface Joining {
	deadline: string;
	now: string;
}

/**
 * One open call from an item: Start's output (the item itself is its row), or a call this node
 * output before, on its own (a Pending item split per call, an Ended item given back): its row
 * is its `row`, never the item (rows would nest), and its deadline its own when it has one.
 */
function callOf(json: IDataObject, joining: Joining): OpenCall | Problem {
	const callId = text(json.call_id);
	if (!callId) return { field: 'call_id', message: 'has no call ID: connect the output of Start' };
	const assistant = isPlainObject(json.assistant) ? json.assistant : {};
	const agentId = text(assistant.id) ?? text(json.agent_id);
	if (!agentId) return { field: 'assistant.id', message: `has no assistant ID for call ${callId}` };
	const carried = isPlainObject(json.row);
	const deadline = carried ? ourTime(json.deadline) : null;
	return {
		call_id: callId,
		agent_id: agentId,
		created_at: text(json.created_at) ?? text(json.initiated_at),
		status: text(json.status),
		deadline: deadline ?? joining.deadline,
		first_checked_at: deadline ? ourTime(json.first_checked_at) : joining.now,
		// The item itself, not a copy: n8n stores it once however many rounds hold it.
		row: carried ? (json.row as IDataObject) : json,
	};
}

/** Whether an entry of a Pending item is a call as this version writes it (kept as it is). */
const isCurrent = (call: IDataObject): boolean =>
	ourTime(call.deadline) !== null &&
	(call.first_checked_at === null || ourTime(call.first_checked_at) !== null) &&
	(call.status === null || text(call.status) !== null) &&
	(call.created_at === null || text(call.created_at) !== null);

/**
 * The calls of a Pending item, checked (it may have passed through a user's nodes). A call
 * without its own deadline (saved before calls carried one) takes the item's.
 */
function stateOf(json: IDataObject): PendingState | Problem {
	const itemDeadline = ourTime(json.deadline);
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
		if (isCurrent(call)) {
			pending.push(call as unknown as OpenCall);
			continue;
		}
		const deadline = ourTime(call.deadline) ?? itemDeadline;
		if (!deadline)
			return { field: 'deadline', message: 'is not a date: pass the Pending output on unchanged' };
		pending.push({
			call_id: callId,
			agent_id: agentId,
			created_at: text(call.created_at),
			status: text(call.status),
			deadline,
			first_checked_at: ourTime(call.first_checked_at),
			row: call.row,
		});
	}
	return { pending, rounds: Number(json.rounds) || 0 };
}

/**
 * The wait's state from its input: new calls (items of Start's output, each its own row), the
 * Pending items of earlier rounds, and their calls on their own (split per call, merged,
 * re-ordered), in one state. A call given twice waits once, until the later of its deadlines
 * (a wait is never cut short). New calls wait until `deadlineMs`; the calls of earlier rounds
 * until their own deadlines. Items that placed no call are listed in `passed` (they go on as
 * they came, so that no row is lost): which they are, the dialling operations that wrote them
 * say (`placedNoCall`, handed in: this room never reads dialling/); items that cannot join are
 * returned, naming the field;
 * `from` gives the item each call came from (the first that carried it), to pair what it
 * becomes with.
 */
export function pendingFromItems(
	items: IDataObject[],
	deadlineMs: number,
	nowMs: number,
	placedNoCall: (json: IDataObject) => boolean,
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
	const at = new Map<string, number>();
	const joining = {
		deadline: new Date(deadlineMs).toISOString(),
		now: new Date(nowMs).toISOString(),
	};
	let rounds = 0;
	const add = (call: OpenCall, index: number) => {
		const seen = at.get(call.call_id);
		if (seen === undefined) {
			from.set(call.call_id, index);
			at.set(call.call_id, pending.length);
			pending.push(call);
		} else if (Date.parse(call.deadline) > Date.parse(pending[seen].deadline))
			pending[seen] = { ...pending[seen], deadline: call.deadline };
	};
	for (const [index, json] of items.entries()) {
		if (Array.isArray(json.pending)) {
			const state = stateOf(json);
			if ('field' in state) problems.push({ index, ...state });
			else {
				rounds = Math.max(rounds, state.rounds);
				for (const call of state.pending) add(call, index);
			}
			continue;
		}
		if (placedNoCall(json)) {
			passed.push(index);
			continue;
		}
		const call = callOf(json, joining);
		if ('field' in call) problems.push({ index, ...call });
		else add(call, index);
	}
	const state = pending.length > 0 ? { pending, rounds } : null;
	return { state, problems, passed, from };
}

/**
 * An in-memory GET /calling/history on a clock the simulation controls: the same query
 * parameters, defaults and order as the contract (newest first by created_at; start_date and
 * end_date filter created_at; limit default 10, offset default 0; agent_id, status,
 * bulk_list_id filters). A call appears as completed from the moment it completes.
 *
 * Service quirks a real deployment may have can be switched on: a page cap below the limit
 * asked for (with or without echoing the limit it used), `total: "many"`, rows listed
 * without created_at (or without any time at all), rows listed only hours after their
 * creation (`listed`: the row keeps its created_at, so it turns up in an old part of the window).
 */
export interface SimCall {
	id: string;
	/** Epoch ms. */
	created: number;
	/** Start of the attempt that completed (ms). */
	attempt: number;
	/** Seconds. */
	duration: number;
	/** attempt + duration, or Infinity for a call that never completes. */
	completes: number;
	agentId: string;
	bulkListId: string | null;
	callType: 'inbound' | 'outbound' | 'webcall';
	voicemail: boolean;
	/** Listed without created_at (the service still filters on it). */
	noCreatedAt?: boolean;
	/** Listed without created_at and call_attempt_time: no time at all. */
	bare?: boolean;
	/** How it ends when not completed (FACTS: final statuses, history sub-statuses). */
	ends?: { status: 'failed' | 'error' | 'cancelled'; sub_status: string };
	/** Epoch ms from which the history lists the row at all (default: its creation). */
	listed?: number;
}

/** When a call is first listed with its final status (Infinity: never). */
export const shownFinal = (c: SimCall): number => Math.max(c.completes, c.listed ?? c.created);

/** Whether the history lists the call at `now` at all. */
const isListed = (c: SimCall, now: number): boolean => c.created <= now && (c.listed ?? 0) <= now;

export interface ServiceQuirks {
	/** At most this many rows per page, whatever limit is asked for. */
	pageCap?: number;
	/** Whether the answer's `limit` says the size it used (default true). */
	echoLimit?: boolean;
	/** `total` as a count (default) or as the text "many". */
	total?: 'count' | 'many';
}

export class HistoryQueryError extends Error {
	constructor(
		readonly status: number,
		message: string,
	) {
		super(message);
	}
}

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function parseDate(name: string, value: unknown): number | undefined {
	if (value === undefined) return undefined;
	const text = String(value);
	const ms = Date.parse(text);
	if (!ISO_WITH_OFFSET.test(text) || Number.isNaN(ms)) {
		throw new HistoryQueryError(400, `invalid_parameter: ${name} must be ISO 8601 with timezone`);
	}
	return ms;
}

function parseInteger(name: string, value: unknown, fallback: number): number {
	if (value === undefined) return fallback;
	const n = Number(value);
	if (!Number.isInteger(n) || n < 0) {
		throw new HistoryQueryError(400, `invalid_parameter: ${name} must be a non-negative integer`);
	}
	return n;
}

/** Index of the first call created before `ms` in a list sorted newest first. */
function firstCreatedBefore(newestFirstCalls: SimCall[], ms: number): number {
	let lo = 0;
	let hi = newestFirstCalls.length;
	while (lo < hi) {
		const mid = (lo + hi) >> 1;
		if (newestFirstCalls[mid].created >= ms) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

const newestFirst = (a: SimCall, b: SimCall) =>
	b.created - a.created || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function statusAt(call: SimCall, now: number): string {
	if (call.completes <= now) return call.ends?.status ?? 'completed';
	return call.attempt <= now ? 'ongoing' : 'registered';
}

export function toRecord(call: SimCall, now: number): Record<string, unknown> {
	const ended = call.completes <= now;
	const status = statusAt(call, now);
	const done = status === 'completed';
	const record: Record<string, unknown> = {
		id: call.id,
		to_number: '+14155550100',
		name: `Callee ${call.id.slice(-4)}`,
		status,
		transcript: done ? JSON.stringify([{ bot: 'Hello' }, { user: 'Hi' }]) : '',
		audio_recording: done ? `https://rec.example/${call.id}.mp3` : '',
		created_at: new Date(call.created).toISOString(),
		agent: { id: call.agentId, agent_name: 'Sim agent' },
		call_duration: done ? call.duration : 0,
		call_attempt_time: new Date(call.attempt).toISOString(),
		call_cost: done ? call.duration / 60 : null,
		call_type: call.callType,
		inbound_from: call.callType === 'inbound' ? '+14155550111' : null,
		credits_processed: done,
		from_numbers: ['+14155550000'],
		voicemail_detected: call.voicemail,
	};
	if (ended && call.ends) record.sub_status = call.ends.sub_status;
	if (call.noCreatedAt || call.bare) delete record.created_at;
	if (call.bare) delete record.call_attempt_time;
	return record;
}

export class FakeHistory {
	/** Completed calls, newest created first: what `status=completed` lists. */
	private readonly completed: SimCall[] = [];
	private readonly byCompletion: SimCall[];
	/** Every call, newest created first: the unfiltered reads slice it by date. */
	private readonly byCreated: SimCall[];
	private readonly records = new Map<string, Record<string, unknown>>();
	private readonly rows = new Map<string, Record<string, unknown>>();
	private next = 0;
	private now = -Infinity;
	/** The rows of the last unfiltered query (pages of one read share them). */
	private cached: { key: string; rows: SimCall[] } | undefined;
	requests = 0;

	constructor(
		calls: SimCall[],
		private readonly quirks: ServiceQuirks = {},
	) {
		this.byCompletion = calls
			.filter((c) => Number.isFinite(shownFinal(c)))
			.sort((a, b) => shownFinal(a) - shownFinal(b));
		this.byCreated = [...calls].sort(newestFirst);
	}

	/** Moves the service clock forward; calls that completed by then join the completed list. */
	advanceTo(now: number): void {
		if (now < this.now) throw new Error('the fake clock only moves forward');
		this.now = now;
		while (
			this.next < this.byCompletion.length &&
			shownFinal(this.byCompletion[this.next]) <= now
		) {
			const call = this.byCompletion[this.next++];
			this.records.set(call.id, toRecord(call, call.completes));
			if (!call.ends) this.completed.splice(this.insertAt(call), 0, call);
		}
	}

	private insertAt(call: SimCall): number {
		let lo = 0;
		let hi = this.completed.length;
		while (lo < hi) {
			const mid = (lo + hi) >> 1;
			if (newestFirst(this.completed[mid], call) < 0) lo = mid + 1;
			else hi = mid;
		}
		return lo;
	}

	/** Index of the first completed call created before `ms` (the list is newest first). */
	private firstOlderThan(ms: number): number {
		return firstCreatedBefore(this.completed, ms);
	}

	/** Completed calls created at or after `startMs`: what one poll's window holds. */
	countCompletedSince(startMs: number): number {
		return this.firstOlderThan(startMs);
	}

	/** Calls listed at or after `startMs` by now, whatever their status: an unfiltered window. */
	countCreatedSince(startMs: number): number {
		// A count, not a list: the simulation asks it for every poll's whole window.
		const to = this.firstCreatedBefore(startMs);
		let count = 0;
		for (let i = 0; i < to; i++) if (isListed(this.byCreated[i], this.now)) count++;
		return count;
	}

	/** Index of the first call (newest first) created before `ms`, among all calls. */
	private firstCreatedBefore(ms: number): number {
		return firstCreatedBefore(this.byCreated, ms);
	}

	/** Calls listed now and created in [start, end], newest first. */
	private listedBetween(start: number, end: number): SimCall[] {
		const from = end === Infinity ? 0 : this.firstCreatedBefore(end + 1);
		const to = start === -Infinity ? this.byCreated.length : this.firstCreatedBefore(start);
		const listed: SimCall[] = [];
		for (let i = from; i < to; i++) {
			const call = this.byCreated[i];
			if (isListed(call, this.now)) listed.push(call);
		}
		return listed;
	}

	/**
	 * A call's row as listed now: made once per call and status (a row changes only when its
	 * status does), so a poll's thousands of rows are not built again by every read.
	 */
	private rowNow(call: SimCall): Record<string, unknown> {
		const key = `${call.id}|${statusAt(call, this.now)}`;
		let row = this.rows.get(key);
		if (!row) {
			row = toRecord(call, this.now);
			this.rows.set(key, row);
		}
		return row;
	}

	list(qs: Record<string, unknown>): {
		calls: Array<Record<string, unknown>>;
		limit?: number;
		offset: number;
		count: number;
		total: number | string;
	} {
		const answer = this.answer(qs);
		const { pageCap, echoLimit = true, total = 'count' } = this.quirks;
		const limit = pageCap === undefined ? answer.limit : Math.min(answer.limit, pageCap);
		const calls = answer.calls.slice(0, limit);
		return {
			calls,
			...(echoLimit ? { limit } : {}),
			offset: answer.offset,
			count: calls.length,
			total: total === 'many' ? 'many' : answer.total,
		};
	}

	private answer(qs: Record<string, unknown>): {
		calls: Array<Record<string, unknown>>;
		limit: number;
		offset: number;
		total: number;
	} {
		this.requests++;
		const start = parseDate('start_date', qs.start_date);
		const end = parseDate('end_date', qs.end_date);
		const limit = parseInteger('limit', qs.limit, 10);
		const offset = parseInteger('offset', qs.offset, 0);
		if (
			qs.status === 'completed' &&
			end === undefined &&
			qs.agent_id === undefined &&
			qs.bulk_list_id === undefined
		) {
			// Fast path of the same query: the window is a prefix of the completed list.
			const total = start === undefined ? this.completed.length : this.firstOlderThan(start);
			const calls = this.completed
				.slice(offset, Math.min(offset + limit, total))
				.map((c) => this.records.get(c.id)!);
			return { calls, limit, offset, total };
		}
		let rows: SimCall[];
		if (qs.status === 'completed') {
			rows = this.completed.slice(0, start === undefined ? undefined : this.firstOlderThan(start));
		} else {
			// Other statuses: every call listed by now in its current state (one scan per read).
			const key = [this.now, start, end, qs.status].join('|');
			if (this.cached?.key !== key) {
				let listed = this.listedBetween(start ?? -Infinity, end ?? Infinity);
				if (qs.status !== undefined) {
					listed = listed.filter((c) => statusAt(c, this.now) === qs.status);
				}
				this.cached = { key, rows: listed };
			}
			rows = this.cached.rows;
		}
		if (end !== undefined && qs.status === 'completed') rows = rows.filter((c) => c.created <= end);
		if (qs.agent_id !== undefined) rows = rows.filter((c) => c.agentId === qs.agent_id);
		if (qs.bulk_list_id !== undefined) rows = rows.filter((c) => c.bulkListId === qs.bulk_list_id);
		const page = rows.slice(offset, offset + limit);
		const calls = page.map((c) =>
			qs.status === 'completed' ? this.records.get(c.id)! : this.rowNow(c),
		);
		return { calls, limit, offset, total: rows.length };
	}
}

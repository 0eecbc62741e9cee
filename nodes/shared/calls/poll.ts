/**
 * The page loop of one poll, shared by the polling trigger's poll() and the simulation: it asks a fetchPage
 * callback for every page of the part of the lookback window due (rereads.ts), hands all
 * rows to the cursor and finishes the emitted calls. Any failure (a page, an enrichment) throws before a state is
 * returned, so the caller stores nothing and the next poll reads the same window again.
 *
 * pollInto() is the whole poll as poll() runs it: it reads and stores the state itself, so
 * two polls of one workflow running at once (two Poll Times entries, or a poll slower than
 * its interval) cannot emit a call twice.
 */
import {
	advance,
	type CursorResult,
	completedAtMs,
	isEventStatus,
	isUsable,
	matchesClientFilters,
	windowStartSeconds,
	type CursorOptions,
	type CursorState,
} from './cursor';
import { afterRead, mergeSchedules, planRead } from './rereads';
import type { CallRow } from './row';
import type { IDataObject } from 'n8n-workflow';

import { isPlainObject } from '../http/shape';
import { readHistory, type FetchPage, type HistoryQuery } from './history';

import { mergeRecords, recordFromDetails, recordFromHistory } from './record';

export type { FetchPage, HistoryPage, HistoryQuery } from './history';

/**
 * Manual mode ("Fetch Test Event") reads at most this many pages of the window: the history
 * is not documented as newest first, so the newest call is only known once the pages are read.
 */
export const MANUAL_WINDOW_PAGES = 20;

/** ... and, when the window holds no match, at most this many pages of the whole history. */
export const MANUAL_FALLBACK_PAGES = 10;

export interface PollOptions extends CursorOptions {
	/** Extra data per emitted call (call details); it may throw, and then nothing is stored. */
	enrich?: (call: CallRow) => Promise<CallRow>;
	/** Manual mode only: whether a row may be the test event (the node's Outcomes filter). */
	accept?: (call: CallRow) => boolean;
}

export interface PollResult {
	items: CallRow[];
	state: CursorState;
	baseline: boolean;
	/** History requests made (pages read). */
	requests: number;
	/** Every row the pages held (what the cursor was given). */
	rows: CallRow[];
	/** The first created_at second read (the window: from it to now). */
	fromSeconds: number;
	/** How far back the cursor remembers calls (its lookback for this poll). */
	memoryMs: number;
}

/** ISO 8601 with an explicit offset, as the history filter wants it. */
export function isoSeconds(epochSeconds: number): string {
	return new Date(epochSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/**
 * Query of the history matching the server-side filters: completed calls, or for Call Ended
 * every status (the filter takes one status, and one read of the window costs fewer requests
 * than one per final status; the cursor keeps the final rows).
 */
export function historyQuery(options: CursorOptions, startSeconds?: number): HistoryQuery {
	const qs: HistoryQuery = options.ended ? {} : { status: 'completed' };
	if (startSeconds !== undefined) qs.start_date = isoSeconds(startSeconds);
	if (options.agentId) qs.agent_id = options.agentId;
	if (options.bulkListId) qs.bulk_list_id = options.bulkListId;
	return qs;
}

async function readAll(
	fetchPage: FetchPage,
	qs: HistoryQuery,
	maxPages?: number,
): Promise<{ rows: CallRow[]; requests: number; largestPage: number }> {
	let requests = 0;
	let largestPage = 0;
	const counted: FetchPage = async (query) => {
		requests++;
		const page = await fetchPage(query);
		if (Array.isArray(page.rows)) largestPage = Math.max(largestPage, page.rows.length);
		return page;
	};
	const rows = await readHistory(counted, qs, { maxPages });
	return { rows, requests, largestPage };
}

async function finish(calls: CallRow[], options: PollOptions): Promise<CallRow[]> {
	const items: CallRow[] = [];
	for (const call of calls) {
		// Rows stay as the service sent them here (the cursor and the simulation read them);
		// the node makes call records of what it emits (callRecordOfRow).
		items.push(options.enrich ? await options.enrich(call) : call);
	}
	return items;
}

/**
 * The enrichment of "Include Call Details": `read` answers one call's details. A call whose
 * details are missing for good (`isMissing`: a 404) would fail every poll of the window and
 * hold back every other call, so it is emitted without details, with `details_error` saying
 * why. Any other failure fails the poll (nothing stored), and the next poll tries again.
 */
export function detailsEnricher(
	read: (call: CallRow) => Promise<Record<string, unknown>>,
	isMissing: (error: unknown) => boolean,
): (call: CallRow) => Promise<CallRow> {
	return async (call) => {
		const answer = await read(call).then(
			(details) => ({ details, error: undefined }),
			(error: unknown) => ({ details: undefined, error }),
		);
		if (answer.error === undefined) return { ...call, details: answer.details };
		if (!isMissing(answer.error)) throw answer.error;
		const message = answer.error instanceof Error ? answer.error.message : String(answer.error);
		return { ...call, details_error: { code: 404, message } };
	};
}

/**
 * One poll: read the part of the window its schedule says is due (rereads.ts; the whole
 * window on a first poll), then let the cursor decide what is new.
 */
export async function pollOnce(
	fetchPage: FetchPage,
	state: unknown,
	nowMs: number,
	options: PollOptions,
): Promise<PollResult> {
	const stored = isUsable(state, options) ? (state as CursorState).reads : undefined;
	const plan = planRead(stored, options.lookbackMs, nowMs);
	const start = windowStartSeconds(nowMs, plan.depthMs);
	const { rows, requests, largestPage } = await readAll(fetchPage, historyQuery(options, start));
	const memory = { ...options, lookbackMs: plan.memoryMs };
	const result = advance(state, rows, nowMs, memory);
	const items = await finish(
		result.emit.map((e) => e.row),
		options,
	);
	const reads = afterRead(plan, nowMs, rows.length, largestPage);
	return {
		items,
		state: { ...result.state, reads },
		baseline: result.baseline,
		requests,
		rows,
		fromSeconds: start,
		memoryMs: plan.memoryMs,
	};
}

/** Where a poll keeps its state: the node's workflow static data. */
export interface PollStore {
	cursor?: unknown;
}

// Polls of one workflow in flight, keyed by its static data object: the entry lives only
// while that poll runs (the one kind of module state the design allows).
const running = new WeakSet<object>();

/**
 * Stores a finished poll's state and returns the items to emit. When another poll stored a
 * state meanwhile, the rows are judged again against that latest state and only calls new to
 * it are emitted: nothing awaits between this check and the store, so it cannot interleave.
 */
export function settle(
	store: PollStore,
	startedFrom: unknown,
	result: PollResult,
	nowMs: number,
	options: CursorOptions,
): PollResult {
	if (store.cursor === startedFrom) {
		store.cursor = { ...result.state };
		return result;
	}
	const latest = store.cursor;
	const memory = { ...options, lookbackMs: result.memoryMs };
	const again: CursorResult = advance(latest, result.rows, nowMs, memory);
	const fresh = new Set(again.emit.map((e) => e.row.id));
	// Both polls' reads count. Over a state these options cannot go on from, the rows make a
	// new baseline of perhaps part of the window: no schedule then, the next poll reads it whole.
	const theirs = isUsable(latest, options) ? (latest as CursorState).reads : undefined;
	const mine = result.state.reads;
	const reads = again.baseline || !mine ? undefined : mergeSchedules(theirs, mine);
	const state: CursorState = reads ? { ...again.state, reads } : again.state;
	store.cursor = { ...state };
	return {
		...result,
		items: result.items.filter((item) => fresh.has(item.id)),
		state,
	};
}

/**
 * The whole poll on a store: read the state, poll, settle. A poll that finds another poll of
 * the same store still running returns undefined at once (no request, nothing emitted): the
 * running one covers the window, and the next poll catches up. `guard: false` leaves only
 * settle() between overlapping polls (the simulation checks that it suffices on its own).
 */
export async function pollInto(
	store: PollStore,
	fetchPage: FetchPage,
	nowMs: number,
	options: PollOptions,
	{ guard = true }: { guard?: boolean } = {},
): Promise<PollResult | undefined> {
	if (guard) {
		if (running.has(store)) return undefined;
		running.add(store);
	}
	try {
		const startedFrom = store.cursor;
		const result = await pollOnce(fetchPage, startedFrom, nowMs, options);
		return settle(store, startedFrom, result, nowMs, options);
	} finally {
		if (guard) running.delete(store);
	}
}

/** The most recently completed matching row, whatever order the rows come in. */
export function latest(rows: CallRow[], options: PollOptions): CallRow | undefined {
	let best: CallRow | undefined;
	let bestAt = -Infinity;
	for (const row of rows) {
		if (!row || typeof row !== 'object') continue;
		if (!isEventStatus(row, options)) continue;
		if (!matchesClientFilters(row, options)) continue;
		if (options.accept && !options.accept(row)) continue;
		// A row with no time at all ranks below every dated one.
		const at = completedAtMs(row, -Infinity);
		if (best === undefined || at > bestAt) {
			best = row;
			bestAt = at;
		}
	}
	return best;
}

/**
 * Manual mode ("Fetch Test Event"): the most recently completed matching call among the
 * first MANUAL_WINDOW_PAGES pages of the window, or, when those hold no match, among the
 * first MANUAL_FALLBACK_PAGES pages of the whole history. All pages read are compared, so
 * the answer does not depend on the order the history lists calls in. Touches no state.
 */
export async function latestOnce(
	fetchPage: FetchPage,
	nowMs: number,
	options: PollOptions,
): Promise<CallRow | undefined> {
	const start = windowStartSeconds(nowMs, options.lookbackMs);
	const inWindow = await readAll(fetchPage, historyQuery(options, start), MANUAL_WINDOW_PAGES);
	let found = latest(inWindow.rows, options);
	if (!found) {
		const all = await readAll(fetchPage, historyQuery(options), MANUAL_FALLBACK_PAGES);
		found = latest(all.rows, options);
	}
	return found ? (await finish([found], options))[0] : undefined;
}

/**
 * The call record of an emitted row: from the history row, completed by its details when
 * "Include Call Details" read them (or with `details_error` when they are gone for good).
 */
export function callRecordOfRow(item: CallRow): IDataObject {
	const { details, details_error: detailsError, ...row } = item;
	const record = recordFromHistory(row as IDataObject);
	if (isPlainObject(details)) return mergeRecords(record, recordFromDetails(details));
	const json = record as unknown as IDataObject;
	return detailsError === undefined
		? json
		: { ...json, details_error: detailsError as IDataObject };
}

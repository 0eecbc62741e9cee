/**
 * The state of many calls at once, in few requests: per assistant, the history windows that
 * hold them (100 calls a request, narrowed by assistant and creation time), priced on all of
 * the assistant's calls as the pages show them (a window that would page through thousands
 * of other calls is split down to windows of one call each, one request each), and a call's
 * details only where the history cannot tell (the call is not listed, its row has no status)
 * or the caller wants more than a row says (the analysis). A read that fails is reported per
 * call, never thrown: the caller decides whether to try again. Used by Start's wait and
 * Check Calls.
 */
import type { IDataObject } from 'n8n-workflow';

import { runPool } from '../engine/pool';
import { serviceTimeMs } from '../engine/serviceTime';
import type { ApiContext } from '../http/transport';
import { readCallDetails } from './details';
import {
	HISTORY_PAGE_SIZE,
	historyFetcher,
	type HistoryPage,
	readHistory,
	rowId,
	type RequestSettings,
} from './history';
import { mergeRecords, recordFromDetails, recordFromHistory, type CallRecord } from './record';
import { lowerBound, planWindows, upperBound, type HistoryWindow } from './windows';

/** Widening of each history window, for a created_at a little off the start answer's time. */
export const WINDOW_MARGIN_MS = 1000;

/** A call to read. */
export interface CallToRead {
	callId: string;
	agentId: string;
	/** Creation time as the service reported it; without it the call is read from its details. */
	createdMs?: number;
	/** The item the call belongs to: its errors name it. */
	itemIndex?: number;
	/** Read the details with the analysis. */
	includeAnalysis: boolean;
}

export interface CallStates {
	/** The latest record of each call read: its history row, merged with its details if read. */
	seen: Map<string, CallRecord>;
	/** The calls that could not be read, with the error. */
	failed: Map<string, Error>;
	/**
	 * Calls the service does not know: their details answer 404 and the history window that
	 * should list them (read to its end) does not. A call just created and not listed yet is
	 * known to its details; a call without a creation time has no window to prove it.
	 */
	unknown: Set<string>;
}

/** What the reads asked the service for, for benchmarks and tests. */
export interface ReadStats {
	historyRequests: number;
	detailsRequests: number;
}

export interface ReadStatesOptions {
	/** The request settings of a read for an item (credentials, retries, pacing). */
	settings: (itemIndex: number | undefined) => RequestSettings;
	/** How many details reads may run at once. */
	concurrency: number;
	/**
	 * Every call of the batch with a creation time, the ended ones too: the windows then skip
	 * piles of ended calls. Defaults to the calls read.
	 */
	known?: Array<{ agentId: string; createdMs?: number; callId: string }>;
	/** Whether a call whose history row was read needs its details as well. */
	wantsDetails: (call: CallToRead, row: CallRecord) => boolean;
	/** Counted into, when given. */
	stats?: ReadStats;
}

/** Reads the state of every call given: history first, details where needed. */
export async function readCallStates(
	ctx: ApiContext,
	calls: CallToRead[],
	options: ReadStatesOptions,
): Promise<CallStates> {
	const states: CallStates = { seen: new Map(), failed: new Map(), unknown: new Set() };
	await readFromHistory(ctx, calls, options, states);
	await readMissingDetails(ctx, calls, options, states);
	return states;
}

/** The calls' history rows, per assistant, in as few pages as cover them. */
async function readFromHistory(
	ctx: ApiContext,
	calls: CallToRead[],
	options: ReadStatesOptions,
	{ seen, failed }: CallStates,
): Promise<void> {
	const byAgent = new Map<string, CallToRead[]>();
	for (const call of calls.filter((c) => c.createdMs !== undefined))
		byAgent.set(call.agentId, [...(byAgent.get(call.agentId) ?? []), call]);
	const known = options.known ?? calls;
	for (const [agentId, agentCalls] of byAgent) {
		const agent: Agent = {
			ctx,
			agentId,
			options,
			seen,
			known: known
				.filter((c) => c.agentId === agentId && c.createdMs !== undefined)
				.map((c) => ({ callId: c.callId, createdMs: c.createdMs as number })),
			knownMs: [],
		};
		agent.knownMs = agent.known.map((c) => c.createdMs).sort((a, b) => a - b);
		// First priced on the calls known (the batch's); each read then shows the others.
		let windows = plan(agent, agentCalls, HISTORY_PAGE_SIZE, 0).windows;
		while (windows.length > 0) {
			const next: Planned[] = [];
			await runPool(windows.length, options.concurrency, async (n) => {
				const { window, calls: wanted } = windows[n];
				try {
					next.push(...(await readWindow(agent, window, wanted)));
				} catch (error) {
					for (const call of wanted)
						if (!seen.has(call.callId)) failed.set(call.callId, error as Error);
				}
			});
			windows = next.sort((a, b) => a.window.fromMs - b.window.fromMs);
		}
	}
}

/** One assistant's reads in a check: what is known of its calls, and the rows seen. */
interface Agent {
	ctx: ApiContext;
	agentId: string;
	options: ReadStatesOptions;
	seen: Map<string, CallRecord>;
	/** The calls known to exist (the batch's), open or not, and their times sorted. */
	known: Array<{ callId: string; createdMs: number }>;
	knownMs: number[];
}

/** A window to read and the calls it is read for. */
interface Planned {
	window: HistoryWindow;
	calls: CallToRead[];
}

/** The windows that hold `open` for the fewest pages, priced with `othersPerMs`. */
function plan(agent: Agent, open: CallToRead[], pageSize: number, othersPerMs: number) {
	const ids = new Set(open.map((c) => c.callId));
	const windows = planWindows(
		agent.known.map((c) => ({ createdMs: c.createdMs, pending: ids.has(c.callId) })),
		pageSize,
		WINDOW_MARGIN_MS,
		othersPerMs,
	);
	const inside = (w: HistoryWindow) =>
		open.filter((c) => (c.createdMs as number) >= w.fromMs && (c.createdMs as number) <= w.toMs);
	return {
		windows: windows.map((window) => ({ window, calls: inside(window) })),
		pages: windows.reduce((n, w) => n + w.pages, 0),
	};
}

/** How many of the known calls were created in [fromMs, toMs]. */
const knownIn = ({ knownMs }: Agent, fromMs: number, toMs: number): number =>
	upperBound(knownMs, toMs) - lowerBound(knownMs, fromMs);

/** What the pages of one window have shown so far. */
interface Shown {
	rows: number;
	/** Rows a full page holds (the service may cap pages below the size asked for). */
	perPage: number;
	total: unknown;
	/** The oldest creation time read: every row newer than it has been listed. */
	oldestMs: number;
	/** Wanted calls found, or passed without being listed (their details tell). */
	resolved: number;
}

const isCount = (value: unknown): value is number =>
	typeof value === 'number' && Number.isInteger(value) && value >= 0;

/**
 * Pages one history window, newest first, until every wanted call is seen, passed (the pages
 * went below its time without listing it: its details are read), or the history proves the
 * window's end (the shared paging rule). Priced on all of the assistant's calls: after the
 * first page shows how many the window holds (`total`, or the rows per millisecond read when
 * `total` is no count), the calls still open are read in narrower windows instead wherever
 * that costs fewer pages than reading on. Returns those windows.
 */
async function readWindow(
	agent: Agent,
	window: HistoryWindow,
	wanted: CallToRead[],
): Promise<Planned[]> {
	const { ctx, options, seen } = agent;
	const open = new Map(
		wanted.filter((c) => !seen.has(c.callId)).map((c) => [c.callId, c.createdMs as number]),
	);
	if (open.size === 0) return [];
	const fetchPage = historyFetcher(ctx, options.settings(wanted[0]?.itemIndex));
	const shown: Shown = {
		rows: 0,
		perPage: 0,
		total: undefined,
		oldestMs: window.toMs,
		resolved: 0,
	};
	let split: Planned[] = [];
	let pages = 0;
	await readHistory(
		async (qs) => {
			if (options.stats) options.stats.historyRequests++;
			const page = await fetchPage(qs);
			pages++;
			notePage(shown, page, seen, open);
			return page;
		},
		{
			agent_id: agent.agentId,
			start_date: new Date(window.fromMs).toISOString(),
			end_date: new Date(window.toMs).toISOString(),
		},
		{
			pageSize: HISTORY_PAGE_SIZE,
			enough: () => {
				if (open.size === 0) return true;
				// Nothing resolved yet (a crowd at the window's top): narrower would be the same.
				if (shown.resolved === 0) return false;
				split = narrower(agent, window, shown, open, wanted, pages === 1);
				return split.length > 0;
			},
		},
	);
	return split;
}

/** Notes one page: the wanted calls it lists, those it passed, and what it shows of the rest. */
function notePage(
	shown: Shown,
	{ rows, total, limit }: HistoryPage,
	seen: Map<string, CallRecord>,
	open: Map<string, number>,
): void {
	shown.rows += rows.length;
	shown.perPage = Math.max(shown.perPage, rows.length);
	shown.total = total;
	for (const row of rows) {
		const created = serviceTimeMs((row as IDataObject)?.created_at);
		if (created !== undefined) shown.oldestMs = Math.min(shown.oldestMs, created);
		const id = rowId(row);
		if (id !== undefined && open.has(id)) {
			seen.set(id, recordFromHistory(row as IDataObject));
			open.delete(id);
			shown.resolved++;
		}
	}
	// Newest first: a call created after the oldest row read (by more than the margin) would
	// have been listed by now, and every call by the window's proven end. Not listed yet (a
	// row that shows up late): its details tell.
	const end =
		rows.length === 0 ||
		(isCount(limit) && limit > 0 && rows.length < limit) ||
		(isCount(total) && shown.rows >= total);
	for (const [id, createdMs] of open)
		if (end || createdMs - WINDOW_MARGIN_MS > shown.oldestMs) {
			open.delete(id);
			shown.resolved++;
		}
}

/**
 * The narrower windows for the calls still open, when they cost fewer pages than reading this
 * window on; none otherwise. Reading on costs the rows left (from `total` when it is a count,
 * else at the rate read so far) over a page's size. Narrower windows are taken when they are
 * fewer than the calls left and the pages left (each costs at most its calls, so never more
 * than reading on), or, priced on the rate read (after the first page only, once), clearly
 * cheaper: one page of slack per window, for other calls spread unevenly.
 */
function narrower(
	agent: Agent,
	window: HistoryWindow,
	shown: Shown,
	open: Map<string, number>,
	wanted: CallToRead[],
	firstPage: boolean,
): Planned[] {
	const perPage = Math.max(1, shown.perPage);
	const oldestOpen = Math.min(...open.values());
	const readSpan = Math.max(1, window.toMs - shown.oldestMs);
	const counted = isCount(shown.total) && shown.total > shown.rows;
	const left = counted
		? (shown.total as number) - shown.rows
		: (shown.rows / readSpan) * Math.max(0, shown.oldestMs - (oldestOpen - WINDOW_MARGIN_MS));
	const pagesLeft = Math.ceil(left / perPage);
	const calls = wanted.filter((c) => open.has(c.callId));
	if (!firstPage && calls.length >= pagesLeft) return [];
	const others = counted
		? ((shown.total as number) - knownIn(agent, window.fromMs, window.toMs)) /
			Math.max(1, window.toMs - window.fromMs)
		: (shown.rows - knownIn(agent, shown.oldestMs, window.toMs)) / readSpan;
	const planned = plan(agent, calls, perPage, Math.max(0, others));
	if (calls.length < pagesLeft) return planned.windows;
	return firstPage && planned.pages + planned.windows.length < pagesLeft ? planned.windows : [];
}

/** Details where the history cannot tell, or where the caller wants them. */
async function readMissingDetails(
	ctx: ApiContext,
	calls: CallToRead[],
	options: ReadStatesOptions,
	{ seen, failed, unknown }: CallStates,
): Promise<void> {
	const needDetails = calls.filter((c) => {
		if (failed.has(c.callId)) return false;
		const row = seen.get(c.callId);
		return !row || !row.status || options.wantsDetails(c, row);
	});
	await runPool(needDetails.length, options.concurrency, async (n) => {
		const call = needDetails[n];
		try {
			if (options.stats) options.stats.detailsRequests++;
			const details = recordFromDetails(
				await readCallDetails(
					ctx,
					call.callId,
					call.includeAnalysis,
					options.settings(call.itemIndex),
				),
			);
			// Merged with the history row, as the triggers do: the details lack the row's times,
			// cost and assistant, which a replaced record would output as null.
			const row = seen.get(call.callId);
			seen.set(call.callId, row ? (mergeRecords(row, details) as unknown as CallRecord) : details);
		} catch (error) {
			failed.set(call.callId, error as Error);
			// Its window was read (a failed one skips the details) and did not list it.
			if (call.createdMs !== undefined && !seen.has(call.callId) && httpCode(error) === 404)
				unknown.add(call.callId);
		}
	});
}

const httpCode = (error: unknown) => Number((error as { httpCode?: unknown })?.httpCode);

/**
 * The state of many calls at once, in few requests: per assistant, the history windows that
 * hold them (100 calls a request, narrowed by assistant and creation time), and a call's
 * details only where the history cannot tell (the call is not listed, its row has no status)
 * or the caller wants more than a row says (the analysis). A read that fails is reported per
 * call, never thrown: the caller decides whether to try again. Used by Start's wait.
 */
import type { IDataObject } from 'n8n-workflow';

import { runPool } from '../engine/pool';
import type { ApiContext } from '../http/transport';
import { readCallDetails } from './details';
import {
	HISTORY_PAGE_SIZE,
	historyFetcher,
	readHistory,
	rowId,
	type RequestSettings,
} from './history';
import { mergeRecords, recordFromDetails, recordFromHistory, type CallRecord } from './record';
import { planWindows } from './windows';

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

/** The calls' history rows, per assistant, in as few windows of pages as cover them. */
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
		const ids = new Set(agentCalls.map((c) => c.callId));
		const windows = planWindows(
			known
				.filter((c) => c.agentId === agentId && c.createdMs !== undefined)
				.map((c) => ({ createdMs: c.createdMs as number, pending: ids.has(c.callId) })),
			HISTORY_PAGE_SIZE,
			WINDOW_MARGIN_MS,
		);
		for (const window of windows) {
			const wanted = agentCalls.filter(
				(c) => (c.createdMs as number) >= window.fromMs && (c.createdMs as number) <= window.toMs,
			);
			try {
				await readWindow(ctx, agentId, window, wanted, options, seen);
			} catch (error) {
				for (const call of wanted)
					if (!seen.has(call.callId)) failed.set(call.callId, error as Error);
			}
		}
	}
}

/**
 * Pages one history window until every wanted call is seen or the history proves its end
 * (a page capped below the size asked for is not the end: the shared paging rule).
 */
async function readWindow(
	ctx: ApiContext,
	agentId: string,
	window: { fromMs: number; toMs: number },
	wanted: CallToRead[],
	options: ReadStatesOptions,
	seen: Map<string, CallRecord>,
): Promise<void> {
	const ids = new Set(wanted.map((c) => c.callId));
	let missing = wanted.filter((c) => !seen.has(c.callId)).length;
	if (missing === 0) return;
	const fetchPage = historyFetcher(ctx, options.settings(wanted[0]?.itemIndex));
	await readHistory(
		async (qs) => {
			if (options.stats) options.stats.historyRequests++;
			const page = await fetchPage(qs);
			for (const row of page.rows) {
				const id = rowId(row);
				if (id !== undefined && ids.has(id) && !seen.has(id)) {
					seen.set(id, recordFromHistory(row as IDataObject));
					missing--;
				}
			}
			return page;
		},
		{
			agent_id: agentId,
			start_date: new Date(window.fromMs).toISOString(),
			end_date: new Date(window.toMs).toISOString(),
		},
		{ pageSize: HISTORY_PAGE_SIZE, enough: () => missing <= 0 },
	);
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

/**
 * The page loop of one poll, shared by poll() and the simulation: it asks a fetchPage
 * callback for every page of the lookback window, hands all rows to the cursor and
 * finishes the emitted calls. Any failure (a page, an enrichment) throws before a state is
 * returned, so the caller stores nothing and the next poll reads the same window again.
 */
import { paginate } from '../shared/paginate';
import { decodeTranscript } from '../shared/transcript';
import {
	advance,
	completedAtMs,
	matchesClientFilters,
	windowStartSeconds,
	type CallRow,
	type CursorOptions,
	type CursorState,
} from './cursor';

/** History pages: public clients use 100, the largest size reported to work. */
export const PAGE_SIZE = 100;

/** Manual mode reads at most this many pages of the whole history when the window is empty. */
export const MANUAL_FALLBACK_PAGES = 10;

export type HistoryQuery = Record<string, string | number>;

export interface HistoryPage {
	rows: CallRow[];
	total?: unknown;
}

/** GET /calling/history with these query parameters. */
export type FetchPage = (qs: HistoryQuery) => Promise<HistoryPage>;

export interface PollOptions extends CursorOptions {
	/** Add transcript_turns and transcript_text beside the raw transcript. */
	decodeTranscript: boolean;
	/** Extra data per emitted call (call details); it may throw, and then nothing is stored. */
	enrich?: (call: CallRow) => Promise<CallRow>;
}

export interface PollResult {
	items: CallRow[];
	state: CursorState;
	baseline: boolean;
	/** History requests made (pages read). */
	requests: number;
}

/** ISO 8601 with an explicit offset, as the history filter wants it. */
export function isoSeconds(epochSeconds: number): string {
	return new Date(epochSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** Query of the history for completed calls matching the server-side filters. */
export function historyQuery(options: CursorOptions, startSeconds?: number): HistoryQuery {
	const qs: HistoryQuery = { status: 'completed' };
	if (startSeconds !== undefined) qs.start_date = isoSeconds(startSeconds);
	if (options.agentId) qs.agent_id = options.agentId;
	if (options.bulkListId) qs.bulk_list_id = options.bulkListId;
	return qs;
}

async function readAll(
	fetchPage: FetchPage,
	qs: HistoryQuery,
	maxPages?: number,
): Promise<{ rows: CallRow[]; requests: number }> {
	let requests = 0;
	const rows = await paginate<CallRow>(
		async (offset, limit) => {
			requests++;
			const page = await fetchPage({ ...qs, limit, offset });
			return { rows: Array.isArray(page.rows) ? page.rows : [], total: page.total };
		},
		{ pageSize: PAGE_SIZE, maxPages },
	);
	return { rows, requests };
}

async function finish(calls: CallRow[], options: PollOptions): Promise<CallRow[]> {
	const items: CallRow[] = [];
	for (const call of calls) {
		let item = call;
		if (options.decodeTranscript) {
			const { turns, text } = decodeTranscript(call.transcript);
			item = { ...item, transcript_turns: turns, transcript_text: text };
		}
		if (options.enrich) item = await options.enrich(item);
		items.push(item);
	}
	return items;
}

/** One poll: read the whole window, then let the cursor decide what is new. */
export async function pollOnce(
	fetchPage: FetchPage,
	state: unknown,
	nowMs: number,
	options: PollOptions,
): Promise<PollResult> {
	const start = windowStartSeconds(nowMs, options.lookbackMs);
	const { rows, requests } = await readAll(fetchPage, historyQuery(options, start));
	const result = advance(state, rows, nowMs, options);
	const items = await finish(
		result.emit.map((e) => e.row),
		options,
	);
	return { items, state: result.state, baseline: result.baseline, requests };
}

function latest(rows: CallRow[], nowMs: number, options: CursorOptions): CallRow | undefined {
	let best: CallRow | undefined;
	let bestAt = -Infinity;
	for (const row of rows) {
		if (!row || typeof row !== 'object') continue;
		if (row.status !== undefined && row.status !== 'completed') continue;
		if (!matchesClientFilters(row, options)) continue;
		const at = completedAtMs(row, nowMs);
		if (at > bestAt) {
			best = row;
			bestAt = at;
		}
	}
	return best;
}

/**
 * Manual mode ("Fetch Test Event"): the most recently completed matching call of the
 * window, or else of the newest pages of the whole history. Touches no state.
 */
export async function latestOnce(
	fetchPage: FetchPage,
	nowMs: number,
	options: PollOptions,
): Promise<CallRow | undefined> {
	const start = windowStartSeconds(nowMs, options.lookbackMs);
	const inWindow = await readAll(fetchPage, historyQuery(options, start));
	let found = latest(inWindow.rows, nowMs, options);
	if (!found) {
		const qs = historyQuery(options);
		for (let page = 0; page < MANUAL_FALLBACK_PAGES && !found; page++) {
			const { rows } = await fetchPage({ ...qs, limit: PAGE_SIZE, offset: page * PAGE_SIZE });
			const list = Array.isArray(rows) ? rows : [];
			found = latest(list, nowMs, options);
			if (list.length < PAGE_SIZE) break;
		}
	}
	return found ? (await finish([found], options))[0] : undefined;
}

/**
 * The one reader of GET /calling/history: one shape check of every page and one paging rule,
 * used by Get Many, both triggers and Start's watcher.
 *
 * The paging rule: a page shorter than asked is NOT the end, since the service may cap its
 * pages below the size asked for (50 rows for limit=100). Paging stops only on proof: an
 * empty page, a numeric `total` reached (it may be the string "many", then ignored), or a
 * page shorter than the answer's own echoed `limit`.
 */
import type { IDataObject } from 'n8n-workflow';

import { paginate } from '../http/paginate';
import { expectRows, isPlainObject, shapeError } from '../http/shape';
import { apiRequest, type ApiContext, type ApiRequest } from '../http/transport';
import type { CallRow } from './row';

/** Rows asked for per page: public clients use 100, the largest size reported to work. */
export const HISTORY_PAGE_SIZE = 100;

export const HISTORY_PATH = '/calling/history';

export type HistoryQuery = Record<string, string | number>;

export interface HistoryPage {
	rows: CallRow[];
	total?: unknown;
	/** The answer's echoed `limit`: a page shorter than it is the last one. */
	limit?: unknown;
}

/**
 * The service reads a missing start_date or end_date as a fixed day of September 2025 (its
 * reference; one report says current data instead), so every read sends both: a bound the
 * caller left open becomes the history's floor, or a day past now (no call is created later;
 * a day covers any clock difference with the service).
 */
export const HISTORY_FLOOR = '2020-01-01T00:00:00+00:00';
const DAY_MS = 86_400_000;

export function withBothDates<Q extends IDataObject | HistoryQuery>(qs: Q, nowMs: number): Q {
	const end = new Date(nowMs + DAY_MS).toISOString().replace(/\.\d{3}Z$/, '+00:00');
	if (qs.start_date !== undefined && qs.end_date !== undefined) return qs;
	const { start_date: start, end_date: until, ...rest } = qs;
	return { start_date: start ?? HISTORY_FLOOR, end_date: until ?? end, ...rest } as unknown as Q;
}

/** GET /calling/history with these query parameters (limit and offset included). */
export type FetchPage = (qs: HistoryQuery) => Promise<HistoryPage>;

/** Request settings passed through to the transport (item, credentials, retry, pacing). */
export type RequestSettings = Omit<ApiRequest, 'method' | 'path' | 'qs' | 'body'>;

/**
 * One page read from the service, shape-checked: the answer must be an object whose `calls`
 * is a list of objects. A missing list would read as "no calls" forever, so it is refused too.
 */
export function historyFetcher(ctx: ApiContext, settings: RequestSettings = {}): FetchPage {
	return async (qs) => {
		const node = ctx.getNode();
		const i = settings.itemIndex;
		const body: unknown = await apiRequest.call(ctx, {
			...settings,
			method: 'GET',
			path: HISTORY_PATH,
			qs: withBothDates(qs, Date.now()),
		});
		if (!isPlainObject(body)) {
			throw shapeError(node, `the answer of GET ${HISTORY_PATH}`, 'should be an object', i);
		}
		if (body.calls === undefined) throw shapeError(node, 'calls', 'is missing', i);
		const rows = expectRows(node, body.calls, 'calls', i) as CallRow[];
		return { rows, total: body.total, limit: body.limit };
	};
}

export interface ReadHistoryOptions {
	/** Stop once this many rows are collected (Limit); undefined = all. */
	max?: number;
	/** Read at most this many pages (manual mode's bounded look). */
	maxPages?: number;
	/** Rows asked for per page (default HISTORY_PAGE_SIZE). */
	pageSize?: number;
	/** Looked at after every page with the rows so far: true stops (everything wanted seen). */
	enough?: (rows: CallRow[]) => boolean;
}

/**
 * Every row of the history for `qs`, page after page, under the paging rule above. A page
 * holding only calls already read in this pass ends it too: the service ignored the offset
 * (or answered the same page again), and reading on would only repeat it.
 */
export async function readHistory(
	fetchPage: FetchPage,
	qs: HistoryQuery,
	options: ReadHistoryOptions = {},
): Promise<CallRow[]> {
	const read = new Set<string>();
	return await paginate<CallRow>(
		async (offset, limit) => {
			const page = await fetchPage({ ...qs, limit, offset });
			// A fetcher given by a test or simulation may answer anything: no list reads as empty.
			const rows = Array.isArray(page.rows) ? page.rows : [];
			const ids = rows.map(rowId);
			if (rows.length > 0 && ids.every((id) => id !== undefined && read.has(id))) {
				return { rows: [] };
			}
			for (const id of ids) if (id !== undefined) read.add(id);
			return { rows, total: page.total, limit: page.limit };
		},
		{
			pageSize: options.pageSize ?? HISTORY_PAGE_SIZE,
			max: options.max,
			maxPages: options.maxPages,
			trustTotal: true,
			provenEnd: true,
			enough: options.enough,
		},
	);
}

/** History rows are objects with an `id`; anything else is skipped by the readers. */
export function rowId(row: unknown): string | undefined {
	if (!isPlainObject(row)) return undefined;
	const id = (row as IDataObject).id;
	return id === undefined || id === null || id === '' ? undefined : String(id);
}

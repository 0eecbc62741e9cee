/**
 * Duplicate Protection: a call already placed back for the source call, found in the history
 * (GET /calling/history for the assistant within the look-back) by its parent_call_id.
 * Whether history rows carry parent_call_id is not published: a row that has the key is
 * decided by it; a row to the same number that lacks it has its details read (at most
 * DETAILS_BOUND of them) and is decided by theirs.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readCallDetails } from '../../../../shared/calls/details';
import { HISTORY_PAGE_SIZE, historyFetcher, readHistory } from '../../../../shared/calls/history';

/** At most 1,000 calls of the assistant in the window are looked at. */
const MAX_PAGES = 10;
const DETAILS_BOUND = 5;
/** The service's clock may be a little ahead of this one. */
const FUTURE_MARGIN_MS = 60_000;
const DAY_MS = 86_400_000;

export interface DuplicateQuery {
	sourceId: string;
	agentId: string;
	to: string;
	lookBackDays: number;
	nowMs: number;
}

const parentIs = (row: IDataObject, id: string) => row.parent_call_id === id;

export async function findCallBack(
	ctx: IExecuteFunctions,
	q: DuplicateQuery,
	i: number,
): Promise<IDataObject | undefined> {
	const found = (rows: IDataObject[]) => rows.some((row) => parentIs(row, q.sourceId));
	const rows = (await readHistory(
		historyFetcher(ctx, { itemIndex: i }),
		{
			agent_id: q.agentId,
			start_date: new Date(q.nowMs - q.lookBackDays * DAY_MS).toISOString(),
			end_date: new Date(q.nowMs + FUTURE_MARGIN_MS).toISOString(),
		},
		{ pageSize: HISTORY_PAGE_SIZE, maxPages: MAX_PAGES, enough: (r) => found(r as IDataObject[]) },
	)) as IDataObject[];
	const hit = rows.find((row) => parentIs(row, q.sourceId));
	if (hit) return hit;
	const unknown = rows.filter(
		(row) => !('parent_call_id' in row) && row.to_number === q.to && row.id !== q.sourceId,
	);
	for (const row of unknown.slice(0, DETAILS_BOUND)) {
		const details = await readCallDetails(ctx, String(row.id), false, { itemIndex: i });
		if (parentIs(details, q.sourceId)) return row;
	}
	return undefined;
}

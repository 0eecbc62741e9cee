/**
 * Duplicate Protection: a call already placed back for the source call, found in the history
 * (GET /calling/history for the assistant within the look-back) by its parent_call_id.
 * Where the service shows parent_call_id is not published (FACTS gives it only as a request
 * field), so both readings are taken: a row that has the key is decided by it; a row to the
 * same number that lacks it has its details read (at most DETAILS_BOUND of them) and is
 * decided by theirs; where those lack it too, a later call of the assistant to the same number
 * counts as the call-back (never twice, at the price of one call-back skipped when another
 * call reached that number meanwhile).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readCallDetails } from '../../../../shared/calls/details';
import { HISTORY_PAGE_SIZE, historyFetcher, readHistory } from '../../../../shared/calls/history';
import { callIdOf, sameCall } from './source';

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

/** Ids compared in any case: the service may write them otherwise than they were typed. */
const parentIs = (row: IDataObject, id: string) => sameCall(row.parent_call_id, id);

/** The assistant's calls within the look-back (a row naming the source's call-back ends it). */
export async function callsOfAssistant(
	ctx: IExecuteFunctions,
	q: DuplicateQuery,
	i: number,
): Promise<IDataObject[]> {
	return (await readHistory(
		historyFetcher(ctx, { itemIndex: i }),
		{
			agent_id: q.agentId,
			start_date: new Date(q.nowMs - q.lookBackDays * DAY_MS).toISOString(),
			end_date: new Date(q.nowMs + FUTURE_MARGIN_MS).toISOString(),
		},
		{
			pageSize: HISTORY_PAGE_SIZE,
			maxPages: MAX_PAGES,
			enough: (r) => (r as IDataObject[]).some((row) => parentIs(row, q.sourceId)),
		},
	)) as IDataObject[];
}

const createdMs = (row: IDataObject | undefined): number =>
	typeof row?.created_at === 'string' ? Date.parse(row.created_at) : Number.NaN;

/**
 * Where no parent_call_id can be read: how many of the assistant's calls to the number were
 * made up to the source call, itself included. A source not among the rows (made after the
 * window's end by a clock ahead of ours, or before its start) counts every row to the number
 * and itself. Calls outside its chain count too: the cap is reached sooner, never later.
 */
export function callsUpToSource(rows: IDataObject[], sourceId: string, to: string): number {
	const toNumber = rows.filter((row) => row.to_number === to && !sameCall(row.id, sourceId));
	const at = createdMs(rows.find((row) => sameCall(row.id, sourceId)));
	if (Number.isNaN(at)) return toNumber.length + 1;
	return toNumber.filter((row) => createdMs(row) <= at).length + 1;
}

export async function findCallBack(
	ctx: IExecuteFunctions,
	q: DuplicateQuery,
	i: number,
	read?: IDataObject[],
): Promise<IDataObject | undefined> {
	const rows = read ?? (await callsOfAssistant(ctx, q, i));
	const hit = rows.find((row) => parentIs(row, q.sourceId));
	if (hit) return hit;
	const sourceAt = createdMs(rows.find((row) => sameCall(row.id, q.sourceId)));
	const unknown = rows.filter(
		(row) => !('parent_call_id' in row) && row.to_number === q.to && !sameCall(row.id, q.sourceId),
	);
	const untold: IDataObject[] = [];
	for (const row of unknown.slice(0, DETAILS_BOUND)) {
		const details = await readCallDetails(ctx, callIdOf(String(row.id)), false, {
			itemIndex: i,
		});
		if (parentIs(details, q.sourceId)) return row;
		if (!('parent_call_id' in details)) untold.push(row);
	}
	return untold.find((row) => createdMs(row) > sourceAt);
}

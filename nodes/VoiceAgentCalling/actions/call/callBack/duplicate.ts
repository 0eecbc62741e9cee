/**
 * What the history says of a source call: a call already placed back for it (Duplicate
 * Protection), and where the service shows no parent_call_id, its place in its chain.
 *
 * GET /calling/history per assistant the call-back could have been placed by (the source's,
 * and an Assistant ID override), over a window bounded by time alone: from the source call's
 * own time (earlier by Look Back where its earlier attempts are counted) to a minute past now,
 * every page up to the one that proves the end (history.ts's one paging rule), so no page
 * count can cut a busy assistant's history short. The window is read once per run of the node
 * for all its items (runHistory.ts), each item then reading only its own fresh tail. Request
 * cost, per assistant and run: at most ceil((n + 1) / 100) pages for the n calls in the union
 * of the items' windows (one more where the answer echoes neither its limit nor a numeric
 * total; a row naming the source as its parent ends a read at once), plus for every other item
 * its tail (one page while the assistant places under ~100 calls in the two minutes around
 * it); plus, per item, the details of at most DETAILS_BOUND later calls to the callee whose
 * rows do not carry parent_call_id.
 *
 * Whether history rows or call details show parent_call_id is not published (FACTS gives it
 * only as a request field), so both readings are taken, proof first:
 * - a row (or, for a row without the key, its details) whose parent_call_id is the source is
 *   the call-back, proven; one that names another parent, or null, is not;
 * - where neither shows the key, a later call of the assistant to the callee (the source's
 *   number or the override, compared after cleaning to E.164) is presumed to be it: nothing is
 *   placed (never twice), and the output says it is a presumption and which call it rests on.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readCallDetails } from '../../../../shared/calls/details';
import { rowId } from '../../../../shared/calls/history';
import { normalisePhone } from '../../../../shared/dialling/callee/phone';
import { readServiceTime } from '../../../../shared/engine/serviceTime';
import { rowsOfRun, type RunHistory } from './runHistory';
import { callIdOf, sameCall, sourceNumber } from './source';

export { CLOCK_MARGIN_MS } from './runHistory';
/**
 * A time without an offset may be in any zone from UTC-12 to UTC+14: read as UTC, the moment
 * may be up to 14 hours earlier, so a window starting there opens that much sooner.
 */
export const UNZONED_MARGIN_MS = 14 * 3_600_000;
export const DAY_MS = 86_400_000;
/** Later calls to the callee whose details are read for their parent_call_id, at most. */
export const DETAILS_BOUND = 10;

/**
 * A moment the service wrote, read as everywhere (without an offset: UTC); `exact` when it
 * gave its offset, else the search widens by the zone it may really be in.
 */
export function momentOf(value: unknown): { ms: number; exact: boolean } | undefined {
	const time = readServiceTime(value);
	return time && { ms: time.ms, exact: time.zoned };
}

const createdMs = (row: IDataObject): number => momentOf(row.created_at)?.ms ?? Number.NaN;

export interface CallBackSearch {
	/** The source call, in lower case. */
	sourceId: string;
	/** Every assistant it could have been called back by. */
	agentIds: string[];
	/** Every number it could have been called back on, cleaned to E.164. */
	numbers: string[];
	fromMs: number;
	untilMs: number;
}

/**
 * A number as the history writes it, cleaned the way the source's is ("+1 415-555-0123",
 * "14155550100": its country code first); one that cannot be read so, cleaned as a row's is.
 * Generous on purpose: a row matched here caps a chain sooner or is taken for the call-back,
 * never causes a second call.
 */
export function cleanNumber(value: unknown): string {
	if (typeof value !== 'string' && typeof value !== 'number') return '';
	const read = sourceNumber(String(value), null);
	return read.ok ? read.number : normalisePhone(value);
}

/** The distinct non-empty values, in order. */
export const distinct = (values: Array<string | null | undefined>): string[] => [
	...new Set(values.filter((v): v is string => typeof v === 'string' && v !== '')),
];

const namesSource = (row: IDataObject, sourceId: string) => sameCall(row.parent_call_id, sourceId);

/**
 * The calls of each assistant in the window, merged (a call once), from what this run of the
 * node read (runHistory.ts: the window's pages once per run, a fresh tail per item). Paging
 * stops early only on proof: a row whose parent_call_id is the source.
 */
export async function readCalls(
	ctx: IExecuteFunctions,
	runHistory: RunHistory,
	q: CallBackSearch,
	i: number,
): Promise<IDataObject[]> {
	const seen = new Set<string>();
	const rows: IDataObject[] = [];
	const enough = (so: IDataObject[]) => so.some((row) => namesSource(row, q.sourceId));
	for (const agentId of q.agentIds) {
		const ask = { agentId, fromMs: q.fromMs, untilMs: q.untilMs, enough };
		for (const row of await rowsOfRun(ctx, runHistory, ask, i)) {
			const id = rowId(row);
			if (id === undefined || seen.has(callIdOf(id))) continue;
			seen.add(callIdOf(id));
			rows.push(row);
		}
		if (rows.some((row) => namesSource(row, q.sourceId))) break;
	}
	return rows;
}

const isSource = (row: IDataObject, q: CallBackSearch) => sameCall(rowId(row), q.sourceId);

const toCallee = (row: IDataObject, q: CallBackSearch) =>
	q.numbers.includes(cleanNumber(row.to_number));

/**
 * The source's time as the history writes it (its own row), else as the item or details
 * gave it; NaN when neither tells.
 */
export function sourceMs(rows: IDataObject[], q: CallBackSearch, told: number): number {
	const own = rows.find((row) => isSource(row, q));
	const at = own ? createdMs(own) : Number.NaN;
	return Number.isNaN(at) ? told : at;
}

/**
 * Where no parent_call_id can be read: the source's place in its chain, as the number of the
 * assistants' calls to the callee up to the source, itself included. A call without a time,
 * or all of them when the source's time is not known, counts: calls outside its chain count
 * too, so the cap comes sooner, never later.
 */
export function callsUpToSource(rows: IDataObject[], q: CallBackSearch, atMs: number): number {
	const earlier = rows.filter(
		(row) => !isSource(row, q) && toCallee(row, q) && !(createdMs(row) > atMs),
	);
	return earlier.length + 1;
}

/** How a call-back was recognised: by its parent_call_id (proof), or by number and time. */
export type Recognised = 'parent_call_id' | 'number_and_time';

export interface FoundCallBack {
	id: string;
	by: Recognised;
	row: IDataObject;
}

/**
 * The call already placed back for the source among `rows`: one whose parent_call_id names
 * it (a row's, else the details' of a later call to the callee: at most DETAILS_BOUND read,
 * oldest first). A row or details naming another parent, or null, is not it. Where nothing
 * shows the key, the oldest later call to the callee is presumed to be it. (A key left out is
 * read as "not shown", never as "no parent": the service may leave it out of every read.)
 */
export async function findCallBack(
	ctx: IExecuteFunctions,
	rows: IDataObject[],
	q: CallBackSearch,
	atMs: number,
	i: number,
): Promise<FoundCallBack | undefined> {
	const proven = rows.find((row) => namesSource(row, q.sourceId));
	if (proven) return { id: callIdOf(rowId(proven)!), by: 'parent_call_id', row: proven };
	const later = rows
		.filter(
			(row) =>
				!('parent_call_id' in row) &&
				!isSource(row, q) &&
				toCallee(row, q) &&
				!(createdMs(row) < atMs),
		)
		.sort((a, b) => (createdMs(a) || 0) - (createdMs(b) || 0));
	const untold: IDataObject[] = [];
	for (const row of later.slice(0, DETAILS_BOUND)) {
		const id = callIdOf(rowId(row)!);
		const details = await readCallDetails(ctx, id, false, { itemIndex: i });
		if (!('parent_call_id' in details)) untold.push(row);
		else if (namesSource(details, q.sourceId)) return { id, by: 'parent_call_id', row };
	}
	const presumed = untold[0] ?? later[DETAILS_BOUND];
	return presumed
		? { id: callIdOf(rowId(presumed)!), by: 'number_and_time', row: presumed }
		: undefined;
}

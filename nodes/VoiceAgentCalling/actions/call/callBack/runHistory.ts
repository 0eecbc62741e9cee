/**
 * The history Call Back reads, once per run of the node for all its items (engine/run.ts): per
 * assistant, the rows of one span of time, grown as items ask for more. An item asking for a
 * window reads only what the span lacks: the older part before it (rows created then are all
 * there already, so they are read once per run), and its own fresh tail, from a minute before
 * the span's last read began to the item's own end (a minute past its now). So every item sees
 * the calls placed up to its own time, a call-back placed by another execution or worker
 * between two items too, as if it had read alone, and a run of n items reads the span's pages
 * once plus n - 1 tails (one page each while the assistant places under ~100 calls in the
 * minutes between two items). Retry On Fail runs the node again with a new run: it reads
 * afresh. A row the service serves only late (after the run read its time) is missed by the
 * rest of the run, as it is by any read made before it shows.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	HISTORY_PAGE_SIZE,
	historyFetcher,
	readHistory,
	rowId,
} from '../../../../shared/calls/history';
import { readServiceTime } from '../../../../shared/engine/serviceTime';
import { perRun } from '../../../../shared/engine/run';
import { callIdOf } from './source';

/** The service's clock may be a little apart from this one. */
export const CLOCK_MARGIN_MS = 60_000;

/** One assistant's history as this run read it. */
interface Held {
	/** Every row read, by call id in lower case (a later read's version replaces an earlier). */
	rows: Map<string, IDataObject>;
	/** The span read whole: every row created from `fromMs` to `toMs` was served. */
	fromMs: number;
	toMs: number;
}

/** The history this run of the node read, per assistant (lower case). */
export type RunHistory = Map<string, Held>;

/** The history of this run of the node: empty at its first use (see rowsOfRun). */
export const historyOfRun = perRun((): RunHistory => new Map());

/** What an item asks of one assistant's history. */
export interface HistoryAsk {
	agentId: string;
	fromMs: number;
	untilMs: number;
	/** Looked at after each page: true ends that read early (only rows kept, no span). */
	enough?: (rows: IDataObject[]) => boolean;
}

const isoOf = (ms: number) => new Date(ms).toISOString();

/**
 * What a run keeps of a row: what Call Back compares (duplicate.ts), not its transcript or
 * recording, since a run may hold Look Back days of an assistant's calls. The parent key is
 * kept only where the row has it: its presence says the service shows it.
 */
export function slimRow(row: IDataObject): IDataObject {
	const slim: IDataObject = { id: row.id, to_number: row.to_number, created_at: row.created_at };
	if ('parent_call_id' in row) slim.parent_call_id = row.parent_call_id;
	return slim;
}

const createdMs = (row: IDataObject): number => readServiceTime(row.created_at)?.ms ?? Number.NaN;

/** Reads [fromMs, untilMs] of one assistant; whether it read it whole (no early end). */
async function readSpan(
	ctx: IExecuteFunctions,
	held: Held,
	ask: HistoryAsk,
	fromMs: number,
	untilMs: number,
	i: number,
): Promise<boolean> {
	let cut = false;
	const rows = (await readHistory(
		historyFetcher(ctx, { itemIndex: i }),
		{ agent_id: ask.agentId, start_date: isoOf(fromMs), end_date: isoOf(untilMs) },
		{
			pageSize: HISTORY_PAGE_SIZE,
			enough: (so) => (cut = ask.enough?.(so as IDataObject[]) ?? false),
		},
	)) as IDataObject[];
	for (const row of rows) {
		const id = rowId(row);
		if (id !== undefined) held.rows.set(callIdOf(id), slimRow(row));
	}
	return !cut;
}

/**
 * The rows of `ask.agentId` created in [fromMs, untilMs] (and those whose time cannot be read:
 * they count, as a generous reading should), reading only what this run has not read whole.
 * Where the older part is read, a new row cannot appear in it; the tail is read from a minute
 * before the last read began, since a call the service made then may not have been served.
 */
export async function rowsOfRun(
	ctx: IExecuteFunctions,
	runHistory: RunHistory,
	ask: HistoryAsk,
	i: number,
): Promise<IDataObject[]> {
	const startedMs = Date.now();
	const held = runHistory.get(ask.agentId) ?? {
		rows: new Map<string, IDataObject>(),
		fromMs: Number.NaN,
		toMs: Number.NaN,
	};
	runHistory.set(ask.agentId, held);
	const older = ask.fromMs < held.fromMs;
	const newer = ask.untilMs > held.toMs;
	// Nothing read whole yet (a first read, or one that ended early), or both an older part and
	// a tail while the run holds under half a page: the window in one read, not two.
	if (Number.isNaN(held.fromMs) || (older && newer && held.rows.size < HISTORY_PAGE_SIZE / 2)) {
		if (await readSpan(ctx, held, ask, ask.fromMs, ask.untilMs, i)) {
			held.fromMs = ask.fromMs;
			held.toMs = Math.min(ask.untilMs, startedMs - CLOCK_MARGIN_MS);
		}
	} else {
		if (older && ask.untilMs >= ask.fromMs) {
			const to = Math.min(held.fromMs, ask.untilMs);
			if ((await readSpan(ctx, held, ask, ask.fromMs, to, i)) && to === held.fromMs)
				held.fromMs = ask.fromMs;
		}
		if (newer) {
			const from = Math.max(held.toMs, ask.fromMs);
			if ((await readSpan(ctx, held, ask, from, ask.untilMs, i)) && from === held.toMs)
				held.toMs = Math.min(ask.untilMs, startedMs - CLOCK_MARGIN_MS);
		}
	}
	return [...held.rows.values()].filter((row) => {
		const at = createdMs(row);
		return Number.isNaN(at) || (at >= ask.fromMs && at <= ask.untilMs);
	});
}

/**
 * The safety net: a slow sweep of the call history that emits every completed call whose
 * primary event never arrived (dropped after the service's last retry, a subscription
 * replaced by someone else, n8n down for longer than the retries last).
 *
 * It reuses the polling trigger's cursor (shared/calls), which tells which completed calls of the lookback
 * window it sees for the first time. A call seen for the first time is not judged at once:
 * its event may still be on the way (processing takes seconds, retries minutes). It waits
 * in `pending` (call id -> when first seen, by our clock, so the service's clock does not
 * matter) until the grace period has passed, and is emitted then only if its event has not
 * arrived meanwhile. The first sweep, at activation, records what exists and emits nothing.
 * Pure: requests go through the callbacks, nothing is stored on failure.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	advance,
	completedAtMs,
	windowStartSeconds,
	type CursorOptions,
} from '../shared/calls/cursor';
import { readHistory, type FetchPage } from '../shared/calls/history';
import type { CallRow } from '../shared/calls/row';
import { historyQuery, isoSeconds } from '../shared/calls/poll';
import { mergeRecords, recordFromDetails, recordFromHistory } from '../shared/calls/record';

/** At most this many calls wait for their grace period; beyond it the oldest are judged now. */
export const PENDING_CAP = 2000;

export interface SweepState {
	/** The polling trigger's cursor state. */
	cursor?: unknown;
	/** When the last sweep ran (ms). */
	at?: number;
	/** Call id -> when the sweep first saw it completed (ms). */
	pending?: Record<string, number>;
}

export interface SweepOptions {
	lookbackMs: number;
	graceMs: number;
	agentId?: string;
	/** event_type the emitted items stand in for. */
	eventType: string;
}

export interface SweepResult {
	items: IDataObject[];
	state: SweepState;
	baseline: boolean;
}

/** Call details with both analyses (GET /calling/call-details?send_analysis=true). */
export type FetchDetails = (callId: string) => Promise<IDataObject>;

export function cursorOptions(options: SweepOptions): CursorOptions {
	return {
		lookbackMs: options.lookbackMs,
		emitRecentMs: 0,
		agentId: options.agentId,
		callTypes: [],
		voicemail: 'any',
	};
}

function readPending(raw: unknown): Record<string, number> {
	const out: Record<string, number> = {};
	if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return out;
	for (const [id, at] of Object.entries(raw as Record<string, unknown>)) {
		if (typeof at === 'number' && Number.isFinite(at)) out[id] = at;
	}
	return out;
}

/** The call record of a call whose event never came, completed by its details (analyses). */
function toItem(row: CallRow, details: IDataObject, options: SweepOptions, nowMs: number) {
	return {
		event_type: options.eventType,
		event_id: null,
		occurred_at: isoSeconds(Math.floor(completedAtMs(row, nowMs) / 1000)),
		source: 'safety_net',
		...mergeRecords(recordFromHistory(row as IDataObject), recordFromDetails(details)),
	} as IDataObject;
}

/**
 * One sweep. `covered(callId)` tells whether the call's primary event was already emitted.
 * Returns the items to emit (in the order the calls completed) and the state to store.
 */
export async function sweep(
	raw: SweepState | undefined,
	nowMs: number,
	options: SweepOptions,
	fetchPage: FetchPage,
	fetchDetails: FetchDetails,
	covered: (callId: string) => boolean,
): Promise<SweepResult> {
	const cursor = cursorOptions(options);
	const qs = historyQuery(cursor, windowStartSeconds(nowMs, options.lookbackMs));
	const rows = await readHistory(fetchPage, qs);
	const result = advance(raw?.cursor, rows, nowMs, cursor);
	const pending = readPending(raw?.pending);
	for (const { row } of result.emit) {
		const id = String(row.id);
		if (!covered(id) && pending[id] === undefined) pending[id] = nowMs;
	}

	const byId = new Map<string, CallRow>();
	for (const row of rows) if (row && row.id !== undefined) byId.set(String(row.id), row);
	const order = Object.entries(pending).sort((a, b) => a[1] - b[1]);
	const overflow = Math.max(0, order.length - PENDING_CAP);
	const due: CallRow[] = [];
	for (const [index, [id, firstSeen]] of order.entries()) {
		if (covered(id)) {
			delete pending[id];
			continue;
		}
		if (nowMs - firstSeen < options.graceMs && index >= overflow) continue;
		delete pending[id];
		const row = byId.get(id);
		// Gone from the window (or from the completed calls): nothing left to stand in for.
		if (row) due.push(row);
	}
	due.sort((a, b) => completedAtMs(a, nowMs) - completedAtMs(b, nowMs));
	const items: IDataObject[] = [];
	for (const row of due)
		items.push(toItem(row, await fetchDetails(String(row.id)), options, nowMs));
	return {
		items,
		state: { cursor: result.state, at: nowMs, pending },
		baseline: result.baseline,
	};
}

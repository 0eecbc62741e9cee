/**
 * The trigger's memory, as a pure function: (state, rows, now, options) -> {emit, state}.
 * No HTTP and no n8n types: poll() and the simulation drive it the same way.
 *
 * The history filter works on creation time, while a call may complete hours after it was
 * created (long calls, retries, scheduled calls). So the polls re-read the calls created
 * inside a lookback window (its older parts less often: rereads.ts) and emit those not seen
 * yet; a poll may hand over the rows of part of the window only. What it has seen is
 * remembered per call as (created_at second, short hash of the id); a call that leaves the
 * window is forgotten, which keeps the state bounded by the calls in the window. This
 * assumes a call keeps its created_at (retries and scheduling change its attempt time).
 *
 * Packed format of `ids`, entries sorted by created_at second (insertion order inside one
 * second), base64url characters only:
 *   delta  seconds since the previous entry (the first: since `base`), as a varint of
 *          5 bits per character, low bits first; characters 32..63 mean "more follows".
 *   hash   4 characters (24 bits) for the first call of its second, 5 characters (30 bits)
 *          for further calls created in the same second.
 * A call spread out in time costs 5 characters, so 10,000 calls in a day are about 50 KB;
 * the worst case (everything created in bursts) is 6 characters a call.
 *
 * A completed row without a created_at cannot be placed by creation second. It is kept in a
 * second list, `loose` (same packing, every hash 5 characters / 30 bits), under the second
 * it completed (call_attempt_time + call_duration) or, without those, the second it was
 * first seen, and looked up by its hash alone. The service stops listing it once its real
 * created_at (never later than either second) leaves the window, so forgetting it when
 * that second leaves the window is safe.
 *
 * Collision odds: a new call is taken for an already seen one only when a remembered call
 * was created in the same second AND its hash matches. With m calls remembered in that
 * second the chance is about 1/2^24 + (m - 1)/2^30 per new call: 6e-8 for a lone call, and
 * a burst of 1,000 calls created in one second expects about 5e-4 missed calls in all.
 */

import { serviceTimeMs } from '../engine/serviceTime';
import type { ReadSchedule } from './rereads';
import { hash30, type CallRow } from './row';
import { isTerminalStatus } from './statuses';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * A call whose created_at is up to this far before the window start is still remembered:
 * it covers a service that compares start_date at a coarser precision than ours.
 */
export const MARGIN_SECONDS = 300;

export const STATE_VERSION = 1;

export type VoicemailFilter = 'any' | 'exclude' | 'only';

export interface CursorOptions {
	/** How far back (by creation time) completed calls are re-read, in ms. */
	lookbackMs: number;
	/** On a first poll (baseline) still emit calls that completed this many ms before now. */
	emitRecentMs: number;
	/** Sent as history filters; part of what the state is about. */
	agentId?: string;
	bulkListId?: string;
	/** Applied to the rows here, since the history has no such filters. Empty = all. */
	callTypes: string[];
	voicemail: VoicemailFilter;
	/**
	 * Call Ended: every call with a final status is an event (the history is read without a
	 * status filter). Absent for Call Completed, whose key and rule stay as they were.
	 */
	ended?: boolean;
}

/** What the trigger keeps in workflow static data. Plain JSON. */
export interface CursorState {
	v: number;
	/** Fingerprint of the filters; a different one starts over with a baseline. */
	key: string;
	/** Epoch second from which every seen call is remembered. */
	cut: number;
	/** Epoch second the first entry's delta counts from. */
	base: number;
	ids: string;
	/** Calls listed without created_at (see above); absent when there are none. */
	loose?: string;
	/** Epoch second the first `loose` entry's delta counts from. */
	looseBase?: number;
	/** Which parts of the window were read when (rereads.ts); absent: read it whole. */
	reads?: ReadSchedule;
}

export interface Emitted {
	row: CallRow;
	/** When the call completed (ms), or when it was created if that is unknown. */
	completedAt: number;
}

export interface CursorResult {
	emit: Emitted[];
	state: CursorState;
	/** True when there was no usable state for these filters: a baseline was recorded. */
	baseline: boolean;
}

interface Entry {
	sec: number;
	/** 24 bits (w = 4) or 30 bits (w = 5) of the id's hash. */
	hash: number;
	w: 4 | 5;
}

// Bound once: the loops below run per row and per character on every poll, and a global
// lookup there is slow where code runs in a vm context (sandboxes, test runners).
const { floor } = Math;

/** `chars` base64url digits of a value below 2^30, most significant first. */
function encodeInt(value: number, chars: number): string {
	let out = '';
	for (let shift = 6 * (chars - 1); shift >= 0; shift -= 6) out += ALPHABET[(value >>> shift) & 63];
	return out;
}

function encodeVarint(value: number): string {
	let out = '';
	let rest = value;
	do {
		const low = rest % 32;
		rest = rest < 0x40000000 ? rest >>> 5 : floor(rest / 32);
		out += ALPHABET[rest > 0 ? low + 32 : low];
	} while (rest > 0);
	return out;
}

/** Value of a base64url character code, or -1. */
function digitValue(code: number): number {
	if (code >= 65 && code <= 90) return code - 65;
	if (code >= 97 && code <= 122) return code - 71;
	if (code >= 48 && code <= 57) return code + 4;
	if (code === 45) return 62;
	if (code === 95) return 63;
	return -1;
}

function pack(entries: Entry[]): { base: number; ids: string } {
	if (entries.length === 0) return { base: 0, ids: '' };
	const base = entries[0].sec;
	const parts: string[] = [];
	let prev = base;
	for (const e of entries) {
		parts.push(encodeVarint(e.sec - prev), encodeInt(e.hash, e.w));
		prev = e.sec;
	}
	return { base, ids: parts.join('') };
}

/** Reads packed entries; undefined when the text is not in the format. `fixed`: every hash 5 wide. */
function unpack(base: number, ids: string, fixed = false): Entry[] | undefined {
	const entries: Entry[] = [];
	let pos = 0;
	let prev = base;
	const digit = () => (pos < ids.length ? digitValue(ids.charCodeAt(pos++)) : -1);
	while (pos < ids.length) {
		let delta = 0;
		let scale = 1;
		for (;;) {
			const d = digit();
			if (d < 0 || scale > 2 ** 40) return undefined;
			delta += (d % 32) * scale;
			scale *= 32;
			if (d < 32) break;
		}
		const w: 4 | 5 = fixed || (entries.length > 0 && delta === 0) ? 5 : 4;
		let hash = 0;
		for (let i = 0; i < w; i++) {
			const d = digit();
			if (d < 0) return undefined;
			hash = hash * 64 + d;
		}
		prev += delta;
		entries.push({ sec: prev, hash, w });
	}
	return entries;
}

/** Index of the first entry at or after `sec` in entries sorted by second. */
function firstAtOrAfter(entries: Entry[], sec: number): number {
	let lo = 0;
	let hi = entries.length;
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if (entries[mid].sec < sec) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

/** Merges two lists sorted by second; on equal seconds `older` entries come first. */
function mergeBySecond(older: Entry[], newer: Entry[]): Entry[] {
	if (newer.length === 0) return older;
	const out: Entry[] = [];
	let i = 0;
	let j = 0;
	while (i < older.length || j < newer.length) {
		if (j >= newer.length || (i < older.length && older[i].sec <= newer[j].sec))
			out.push(older[i++]);
		else out.push(newer[j++]);
	}
	return out;
}

function entryMatches(entry: Entry, hash: number): boolean {
	return entry.w === 5 ? entry.hash === hash : entry.hash === hash >>> 6;
}

/** Fingerprint of everything that decides which calls the trigger is about. */
export function filterKey(options: CursorOptions): string {
	const text = JSON.stringify([
		options.agentId ?? '',
		options.bulkListId ?? '',
		[...options.callTypes].sort(),
		options.voicemail,
		// Only Call Ended adds to the key: Call Completed's stored states stay valid.
		...(options.ended ? ['ended'] : []),
	]);
	return encodeInt(hash30(text), 5);
}

/** The first created_at second the history is asked for: now - lookback. */
export function windowStartSeconds(nowMs: number, lookbackMs: number): number {
	return Math.floor((nowMs - lookbackMs) / 1000);
}

/** A service time (UTC when written without an offset), never in n8n's own zone. */
const toMs = serviceTimeMs;

/**
 * When a call completed: call_attempt_time (start of the last attempt) + call_duration
 * (seconds). Without both, its created_at stands in, and without that, `fallback`.
 */
export function completedAtMs(row: CallRow, fallback: number): number {
	const attempt = toMs(row.call_attempt_time);
	const raw = row.call_duration;
	const duration = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
	if (attempt !== undefined && Number.isFinite(duration) && duration >= 0) {
		return attempt + Math.round(duration * 1000);
	}
	return toMs(row.created_at) ?? fallback;
}

export function matchesClientFilters(row: CallRow, options: CursorOptions): boolean {
	if (options.callTypes.length > 0 && !options.callTypes.includes(String(row.call_type))) {
		return false;
	}
	if (options.voicemail === 'exclude' && row.voicemail_detected === true) return false;
	if (options.voicemail === 'only' && row.voicemail_detected !== true) return false;
	return true;
}

interface Remembered {
	cut: number;
	entries: Entry[];
	loose: Entry[];
}

function readState(state: unknown, key: string): Remembered | undefined {
	if (!state || typeof state !== 'object') return undefined;
	const s = state as Partial<CursorState>;
	if (s.v !== STATE_VERSION || s.key !== key) return undefined;
	if (!Number.isInteger(s.cut) || !Number.isInteger(s.base) || typeof s.ids !== 'string') {
		return undefined;
	}
	const entries = unpack(s.base as number, s.ids);
	let loose: Entry[] | undefined = [];
	if (s.loose !== undefined) {
		if (typeof s.loose !== 'string' || !Number.isInteger(s.looseBase)) return undefined;
		loose = unpack(s.looseBase as number, s.loose, true);
	}
	return entries && loose ? { cut: s.cut as number, entries, loose } : undefined;
}

/** Whether a stored state is one these options' polls go on from (else: a baseline). */
export function isUsable(state: unknown, options: CursorOptions): boolean {
	return readState(state, filterKey(options)) !== undefined;
}

/**
 * One poll's worth of rows (all pages of the window, duplicates allowed) against the state.
 * Emits each completed call not seen before, in the order the calls completed, and returns
 * the state to store. Without a usable state it records a baseline and emits only calls
 * that completed within `emitRecentMs`.
 */
export function advance(
	state: unknown,
	rows: CallRow[],
	nowMs: number,
	options: CursorOptions,
): CursorResult {
	const key = filterKey(options);
	const cut = windowStartSeconds(nowMs, options.lookbackMs) - MARGIN_SECONDS;
	const previous = readState(state, key);
	const memory = openMemory(previous, cut);
	const baseline = previous === undefined;
	// Calls created before the previous cut may have been forgotten already (the lookback
	// grew, or the clock went back): remember them without emitting.
	const coveredFrom = previous ? previous.cut : Infinity;
	const recentFrom = nowMs - options.emitRecentMs;

	const emit: Emitted[] = [];
	for (const row of rows) {
		if (!isCompletedCall(row, options)) continue;
		const sec = remember(memory, row, nowMs);
		if (sec === undefined) continue;
		const completedAt = completedAtMs(row, nowMs);
		// A baseline is silent unless asked otherwise: a reported completion time can lie in
		// the future (clock skew, durations reported ahead), and must not leak the backlog.
		const silent = baseline
			? options.emitRecentMs <= 0 || completedAt < recentFrom
			: sec < coveredFrom;
		if (!silent) emit.push({ row, completedAt });
	}
	emit.sort(
		(a, b) =>
			a.completedAt - b.completedAt ||
			String(a.row.created_at ?? '').localeCompare(String(b.row.created_at ?? '')) ||
			String(a.row.id).localeCompare(String(b.row.id)),
	);
	return { emit, state: closeMemory(memory, key), baseline };
}

/** A row that is a completed call with an id, inside the client-side filters. */
function isCompletedCall(row: CallRow, options: CursorOptions): boolean {
	if (!row || typeof row !== 'object') return false;
	const id = row.id;
	if (id === undefined || id === null || id === '') return false;
	return isEventStatus(row, options) && matchesClientFilters(row, options);
}

/**
 * Whether a row's status makes it an event. Call Completed asks the history for completed
 * calls, so a row without a status counts; anything else is not an event (yet). Call Ended
 * reads every status: only a final one counts, and a row in progress is not remembered, so
 * it is emitted once it ends, however long after its creation.
 */
export function isEventStatus(row: CallRow, options: CursorOptions): boolean {
	if (options.ended) return isTerminalStatus(row.status);
	return row.status === undefined || row.status === 'completed';
}

/** The calls one poll remembers: those kept from the state, and those it adds. */
interface Memory {
	cut: number;
	/** Packed entries, sorted by second (looked up by binary search: no per-entry allocation). */
	kept: Entry[];
	added: Entry[];
	addedBySecond: Map<number, Entry[]>;
	/** Rows without created_at: looked up by hash alone (30 bits), whatever their second. */
	looseKept: Entry[];
	looseAdded: Entry[];
	looseHashes: Set<number>;
}

function openMemory(previous: Remembered | undefined, cut: number): Memory {
	const all = previous?.entries ?? [];
	const looseKept = (previous?.loose ?? []).filter((e) => e.sec >= cut);
	return {
		cut,
		kept: all.slice(firstAtOrAfter(all, cut)),
		added: [],
		addedBySecond: new Map(),
		looseKept,
		looseAdded: [],
		looseHashes: new Set(looseKept.map((e) => e.hash)),
	};
}

/**
 * Remembers a call seen for the first time and returns its second (creation, or completion
 * for a row without created_at); undefined for a call already remembered, or older than
 * what the state can hold (remembering it is impossible, so emitting it would repeat on
 * every poll that still gets it).
 */
function remember(m: Memory, row: CallRow, nowMs: number): number | undefined {
	const createdMs = toMs(row.created_at);
	const hash = hash30(`${row.id as string}`);
	if (createdMs === undefined) {
		// Its completion second when reported, else now (the first time it is seen).
		const sec = floor(completedAtMs(row, nowMs) / 1000);
		if (sec < m.cut || m.looseHashes.has(hash)) return undefined;
		m.looseHashes.add(hash);
		m.looseAdded.push({ sec: Math.min(sec, Math.floor(nowMs / 1000)), hash, w: 5 });
		return sec;
	}
	const sec = floor(createdMs / 1000);
	if (sec < m.cut) return undefined;
	let secondTaken = false;
	for (let i = firstAtOrAfter(m.kept, sec); i < m.kept.length && m.kept[i].sec === sec; i++) {
		secondTaken = true;
		if (entryMatches(m.kept[i], hash)) return undefined;
	}
	const group = m.addedBySecond.get(sec);
	if (group?.some((e) => entryMatches(e, hash))) return undefined;
	const entry: Entry = secondTaken || group ? { sec, hash, w: 5 } : { sec, hash: hash >>> 6, w: 4 };
	m.added.push(entry);
	if (group) group.push(entry);
	else m.addedBySecond.set(sec, [entry]);
	return sec;
}

/** The state after a poll: kept and added calls, packed. */
function closeMemory(m: Memory, key: string): CursorState {
	// Stable: calls of one second keep their order (older first), so each keeps its width.
	m.added.sort((a, b) => a.sec - b.sec);
	const { base, ids } = pack(mergeBySecond(m.kept, m.added));
	const next: CursorState = { v: STATE_VERSION, key, cut: m.cut, base, ids };
	if (m.looseKept.length + m.looseAdded.length > 0) {
		m.looseAdded.sort((a, b) => a.sec - b.sec);
		const packed = pack(mergeBySecond(m.looseKept, m.looseAdded));
		next.loose = packed.ids;
		next.looseBase = packed.base;
	}
	return next;
}

/** Number of calls a state remembers (for tests and figures). */
export function rememberedCount(state: CursorState): number {
	const loose =
		typeof state.loose === 'string' ? unpack(state.looseBase ?? 0, state.loose, true) : [];
	return (unpack(state.base, state.ids)?.length ?? 0) + (loose?.length ?? 0);
}

/** Whether a state (for these options) remembers the call with this id. */
export function remembers(state: unknown, row: CallRow, options: CursorOptions): boolean {
	const known = readState(state, filterKey(options));
	if (!known || row.id === undefined || row.id === null || row.id === '') return false;
	const hash = hash30(`${row.id as string}`);
	const createdMs = toMs(row.created_at);
	if (createdMs === undefined) return known.loose.some((e) => e.hash === hash);
	const sec = floor(createdMs / 1000);
	const { entries } = known;
	for (let i = firstAtOrAfter(entries, sec); i < entries.length && entries[i].sec === sec; i++) {
		if (entryMatches(entries[i], hash)) return true;
	}
	return false;
}

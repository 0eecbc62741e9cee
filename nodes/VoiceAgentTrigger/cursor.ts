/**
 * The trigger's memory, as a pure function: (state, rows, now, options) -> {emit, state}.
 * No HTTP and no n8n types: poll() and the simulation drive it the same way.
 *
 * The history filter works on creation time, while a call may complete hours after it was
 * created (long calls, retries, scheduled calls). So every poll re-reads all completed calls
 * created inside a lookback window and emits those it has not seen yet. What it has seen is
 * remembered per call as (created_at second, short hash of the id); a call that leaves the
 * window is forgotten, which keeps the state bounded by the calls in the window.
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
 * Collision odds: a new call is taken for an already seen one only when a remembered call
 * was created in the same second AND its hash matches. With m calls remembered in that
 * second the chance is about 1/2^24 + (m - 1)/2^30 per new call: 6e-8 for a lone call, and
 * a burst of 1,000 calls created in one second expects about 5e-4 missed calls in all.
 */

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
}

export type CallRow = Record<string, unknown>;

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

/** 30 bits of a 2 x 32-bit multiply-xor hash (cyrb53 style); no crypto needed here. */
export function hash30(text: string): number {
	let h1 = 0xdeadbeef;
	let h2 = 0x41c6ce57;
	for (let i = 0; i < text.length; i++) {
		const ch = text.charCodeAt(i);
		h1 = Math.imul(h1 ^ ch, 2654435761);
		h2 = Math.imul(h2 ^ ch, 1597334677);
	}
	h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
	h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
	return (h1 ^ (h2 << 7)) >>> 2;
}

function encodeInt(value: number, chars: number): string {
	let out = '';
	for (let i = chars - 1; i >= 0; i--) out += ALPHABET[Math.floor(value / 64 ** i) % 64];
	return out;
}

function encodeVarint(value: number): string {
	let out = '';
	let rest = value;
	do {
		const low = rest % 32;
		rest = Math.floor(rest / 32);
		out += ALPHABET[rest > 0 ? low + 32 : low];
	} while (rest > 0);
	return out;
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

/** Reads packed entries; undefined when the text is not in the format. */
function unpack(base: number, ids: string): Entry[] | undefined {
	const entries: Entry[] = [];
	let pos = 0;
	let prev = base;
	const digit = () => {
		const d = pos < ids.length ? ALPHABET.indexOf(ids[pos]) : -1;
		pos++;
		return d;
	};
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
		const w: 4 | 5 = entries.length > 0 && delta === 0 ? 5 : 4;
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

function sameCall(entry: Entry, hash: number): boolean {
	return entry.w === 5 ? entry.hash === hash : entry.hash === hash >>> 6;
}

/** Fingerprint of everything that decides which calls the trigger is about. */
export function filterKey(options: CursorOptions): string {
	const text = JSON.stringify([
		options.agentId ?? '',
		options.bulkListId ?? '',
		[...options.callTypes].sort(),
		options.voicemail,
	]);
	return encodeInt(hash30(text), 5);
}

/** The first created_at second the history is asked for: now - lookback. */
export function windowStartSeconds(nowMs: number, lookbackMs: number): number {
	return Math.floor((nowMs - lookbackMs) / 1000);
}

function toMs(value: unknown): number | undefined {
	if (typeof value !== 'string' || value === '') return undefined;
	const ms = Date.parse(value);
	return Number.isFinite(ms) ? ms : undefined;
}

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

function readState(state: unknown, key: string): { cut: number; entries: Entry[] } | undefined {
	if (!state || typeof state !== 'object') return undefined;
	const s = state as Partial<CursorState>;
	if (s.v !== STATE_VERSION || s.key !== key) return undefined;
	if (!Number.isInteger(s.cut) || !Number.isInteger(s.base) || typeof s.ids !== 'string') {
		return undefined;
	}
	const entries = unpack(s.base as number, s.ids);
	return entries ? { cut: s.cut as number, entries } : undefined;
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
	const baseline = previous === undefined;
	// Calls created before the previous cut may have been forgotten already (the lookback
	// grew, or the clock went back): remember them without emitting.
	const coveredFrom = previous ? previous.cut : Infinity;
	const recentFrom = nowMs - options.emitRecentMs;
	const nowSec = Math.floor(nowMs / 1000);

	const bySecond = new Map<number, Entry[]>();
	const entries: Entry[] = [];
	for (const e of previous?.entries ?? []) {
		if (e.sec < cut) continue;
		entries.push(e);
		const group = bySecond.get(e.sec);
		if (group) group.push(e);
		else bySecond.set(e.sec, [e]);
	}

	const emit: Emitted[] = [];
	for (const row of rows) {
		if (!row || typeof row !== 'object') continue;
		const id = row.id;
		if (id === undefined || id === null || id === '') continue;
		// The history is asked for completed calls; anything else is not an event (yet).
		if (row.status !== undefined && row.status !== 'completed') continue;
		if (!matchesClientFilters(row, options)) continue;
		const createdMs = toMs(row.created_at);
		const sec = createdMs === undefined ? nowSec : Math.floor(createdMs / 1000);
		// Older than what the state can hold: remembering it is impossible, so emitting it
		// would repeat on every poll that still gets it.
		if (sec < cut) continue;
		const hash = hash30(String(id));
		const group = bySecond.get(sec);
		if (group?.some((e) => sameCall(e, hash))) continue;
		const entry: Entry = group ? { sec, hash, w: 5 } : { sec, hash: hash >>> 6, w: 4 };
		entries.push(entry);
		if (group) group.push(entry);
		else bySecond.set(sec, [entry]);

		const completedAt = completedAtMs(row, nowMs);
		const silent = baseline ? completedAt < recentFrom : sec < coveredFrom;
		if (!silent) emit.push({ row, completedAt });
	}

	// Stable: calls of one second keep their order, so each keeps its hash width.
	entries.sort((a, b) => a.sec - b.sec);
	emit.sort(
		(a, b) =>
			a.completedAt - b.completedAt ||
			String(a.row.created_at ?? '').localeCompare(String(b.row.created_at ?? '')) ||
			String(a.row.id).localeCompare(String(b.row.id)),
	);
	const { base, ids } = pack(entries);
	return { emit, state: { v: STATE_VERSION, key, cut, base, ids }, baseline };
}

/** Number of calls a state remembers (for tests and figures). */
export function rememberedCount(state: CursorState): number {
	return unpack(state.base, state.ids)?.length ?? 0;
}

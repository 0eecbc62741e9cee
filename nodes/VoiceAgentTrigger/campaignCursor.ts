/**
 * The memory of the Campaign Ended event, as a pure function: (state, rows) -> {emit, state}.
 * No HTTP and no n8n types: the poll and the tests drive it the same way.
 *
 * A poll reads the whole campaign list (GET /campaign/all) and hands every row to
 * `advanceCampaigns`. A campaign is emitted the first time a poll after the first one sees it
 * in a final status (isFinalCampaignStatus), and never again, whatever its status does later.
 * The first poll (no usable state) only records the campaigns that have already ended.
 *
 * What is remembered:
 *   ended  ids of campaigns seen final, with their created_at second;
 *   mark   a watermark (a created_at second): a campaign created at or before it is never
 *          emitted unless it is in `open`;
 *   open   campaigns created at or before the mark that had not ended when the mark passed
 *          them: they still emit once when they end.
 * Once `ended` holds more than MAX_ENDED dated ids, the mark rises to keep the newest KEEP_ENDED:
 * the older ended ids are forgotten (the mark covers them: they can never be emitted again),
 * and every campaign under the new mark that has not ended goes to `open`. The mark is a
 * creation time, not a place in the list, so the order the service lists campaigns in does
 * not matter (it is not documented). This assumes a campaign keeps its created_at. A campaign
 * listed without a created_at cannot be covered by the mark, so its id stays in `ended`
 * (such rows are not documented, only tolerated).
 */
import { isFinalCampaignStatus } from '../shared/campaigns/campaigns';
import { serviceTimeMs } from '../shared/engine/serviceTime';

export const CAMPAIGN_STATE_VERSION = 1;
/** Dated ended ids kept before the mark rises ... */
export const MAX_ENDED = 100;
/** ... and how many of the newest it keeps when it does. */
export const KEEP_ENDED = 50;
/**
 * An open campaign missing from this many successful polls in a row (each reading past its
 * created_at) is forgotten: it was deleted. A row skipped once by offset paging while the
 * list changes is not taken for that.
 */
export const MAX_MISSES = 3;

export type CampaignRow = Record<string, unknown>;

/** The two bounds above; tests pass small ones to make the mark move often. */
export interface CampaignLimits {
	maxEnded: number;
	keepEnded: number;
}
const LIMITS: CampaignLimits = { maxEnded: MAX_ENDED, keepEnded: KEEP_ENDED };

/** What the trigger keeps in workflow static data. Plain JSON. */
export interface CampaignState {
	v: number;
	/** Epoch second; absent until the memory first had to shrink. */
	mark?: number;
	/** [id (lower case), created_at second or null], newest first. */
	ended: Array<[string, number | null]>;
	/** [id (lower case), created_at second, polls missed in a row]. */
	open: Array<[string, number, number]>;
}

export interface CampaignResult {
	/** Campaigns that ended since the last poll, oldest first (updated_at, then created_at). */
	emit: CampaignRow[];
	state: CampaignState;
	/** True when there was no usable state: the ended campaigns were recorded, not emitted. */
	baseline: boolean;
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** The state as stored, or undefined when there is none or it is not in the format. */
export function readCampaignState(state: unknown): CampaignState | undefined {
	if (!state || typeof state !== 'object') return undefined;
	const s = state as Partial<CampaignState>;
	if (s.v !== CAMPAIGN_STATE_VERSION || !Array.isArray(s.ended) || !Array.isArray(s.open)) {
		return undefined;
	}
	if (s.mark !== undefined && !isInt(s.mark)) return undefined;
	const endedOk = s.ended.every(
		(e) =>
			Array.isArray(e) &&
			e.length === 2 &&
			typeof e[0] === 'string' &&
			(e[1] === null || isInt(e[1])),
	);
	const openOk = s.open.every(
		(e) =>
			Array.isArray(e) && e.length === 3 && typeof e[0] === 'string' && isInt(e[1]) && isInt(e[2]),
	);
	return endedOk && openOk ? (s as CampaignState) : undefined;
}

/** A campaign's id as the memory keys it (ids are UUIDs: compared without case), or undefined. */
export function campaignKey(row: CampaignRow): string | undefined {
	const id = row.id;
	if (typeof id === 'string' && id.trim() !== '') return id.trim().toLowerCase();
	if (typeof id === 'number' && Number.isFinite(id)) return String(id);
	return undefined;
}

/** A service time (UTC when written without an offset), never in n8n's own zone. */
const toMs = serviceTimeMs;

/** A campaign's created_at as an epoch second, or null when it has none that parses. */
export function createdSecond(row: CampaignRow): number | null {
	const ms = toMs(row.created_at);
	return ms === undefined ? null : Math.floor(ms / 1000);
}

/** When a campaign (last) changed: updated_at, else created_at; for an ended one, its end. */
export function changedAtMs(row: CampaignRow): number | undefined {
	return toMs(row.updated_at) ?? toMs(row.created_at);
}

/** Oldest change first; rows without any time last, in the order they were read. */
function byChange(a: { row: CampaignRow; n: number }, b: { row: CampaignRow; n: number }) {
	const at = changedAtMs(a.row) ?? Infinity;
	const bt = changedAtMs(b.row) ?? Infinity;
	if (at !== bt) return at < bt ? -1 : 1;
	const ac = toMs(a.row.created_at) ?? Infinity;
	const bc = toMs(b.row.created_at) ?? Infinity;
	if (ac !== bc) return ac < bc ? -1 : 1;
	return a.n - b.n;
}

/**
 * One poll's rows (every page of the list; duplicates allowed) against the state: the
 * campaigns to emit and the state to store.
 */
export function advanceCampaigns(
	state: unknown,
	rows: CampaignRow[],
	limits: CampaignLimits = LIMITS,
): CampaignResult {
	const previous = readCampaignState(state);
	const baseline = previous === undefined;
	const mark = previous?.mark;
	const ended = new Map<string, number | null>(previous?.ended ?? []);
	const open = new Map<string, { sec: number; misses: number }>(
		(previous?.open ?? []).map(([id, sec, misses]) => [id, { sec, misses }]),
	);

	// One row per campaign; a final copy wins (the status may have moved between two pages).
	const seen = new Map<string, { row: CampaignRow; n: number; final: boolean }>();
	rows.forEach((row, n) => {
		if (!row || typeof row !== 'object' || Array.isArray(row)) return;
		const key = campaignKey(row);
		if (key === undefined) return;
		const final = isFinalCampaignStatus(row.campaign_status);
		const before = seen.get(key);
		if (!before || (final && !before.final)) seen.set(key, { row, n: before?.n ?? n, final });
	});

	const emit: Array<{ row: CampaignRow; n: number }> = [];
	for (const [key, { row, n, final }] of seen) {
		// Seen final once: never again, also when its status goes back and forth.
		if (ended.has(key)) continue;
		const waiting = open.get(key);
		if (waiting) {
			waiting.misses = 0;
			if (final) {
				// Under the mark and no longer open: it can never be emitted again.
				open.delete(key);
				emit.push({ row, n });
			}
			continue;
		}
		const sec = createdSecond(row);
		// At or before the mark and not open: it had ended when the mark passed it.
		if (mark !== undefined && sec !== null && sec <= mark) continue;
		if (!final) continue;
		ended.set(key, sec);
		if (!baseline) emit.push({ row, n });
	}

	// A miss counts only where a row older than the campaign was read: a list served short or
	// empty by mistake does not make open campaigns look deleted.
	let oldest = Infinity;
	for (const { row } of seen.values()) oldest = Math.min(oldest, createdSecond(row) ?? Infinity);
	for (const [key, entry] of open) {
		if (seen.has(key) || oldest >= entry.sec) continue;
		entry.misses += 1;
		if (entry.misses >= MAX_MISSES) open.delete(key);
	}

	let nextMark = mark;
	const dated = [...ended].filter((e): e is [string, number] => e[1] !== null);
	const cut = dated.length > limits.maxEnded ? markFor(dated, seen, limits.keepEnded) : undefined;
	if (cut !== undefined) {
		nextMark = cut;
		for (const [key, { row, final }] of seen) {
			const sec = createdSecond(row);
			if (sec === null || sec > nextMark || (mark !== undefined && sec <= mark)) continue;
			if (final || ended.has(key) || open.has(key)) continue;
			open.set(key, { sec, misses: 0 });
		}
		for (const [key, sec] of dated) if (sec <= nextMark) ended.delete(key);
	}

	const next: CampaignState = {
		v: CAMPAIGN_STATE_VERSION,
		ended: [...ended].sort((a, b) => (b[1] ?? Infinity) - (a[1] ?? Infinity)),
		open: [...open].map(([key, e]) => [key, e.sec, e.misses]),
	};
	if (nextMark !== undefined) next.mark = nextMark;
	return { emit: emit.sort(byChange).map((e) => e.row), state: next, baseline };
}

/**
 * The new mark: the created_at second of the newest ended id beyond the KEEP_ENDED newest
 * (every id at or below it leaves `ended`, ties included), kept below the newest second listed
 * so that a campaign created later in that same second is never taken as older than the
 * mark. Undefined (no change) when no such second exists: a burst of ended campaigns all
 * created in the newest second waits for a later poll.
 */
function markFor(
	dated: Array<[string, number]>,
	seen: Map<string, { row: CampaignRow }>,
	keep: number,
): number | undefined {
	dated.sort((a, b) => b[1] - a[1]);
	let newest = dated[0][1];
	for (const { row } of seen.values()) newest = Math.max(newest, createdSecond(row) ?? -Infinity);
	for (let i = keep; i < dated.length; i++) if (dated[i][1] < newest) return dated[i][1];
	return undefined;
}

/**
 * The most recently ended campaign among the rows (Fetch Test Event): the latest updated_at,
 * then created_at; rows without times rank below dated ones, and among equals the first
 * listed wins (the list is newest first).
 */
export function latestEnded(rows: CampaignRow[]): CampaignRow | undefined {
	let best: CampaignRow | undefined;
	for (const row of rows) {
		if (!row || typeof row !== 'object' || campaignKey(row) === undefined) continue;
		if (!isFinalCampaignStatus(row.campaign_status)) continue;
		if (!best || later(row, best)) best = row;
	}
	return best;
}

function later(a: CampaignRow, b: CampaignRow): boolean {
	const at = changedAtMs(a) ?? -Infinity;
	const bt = changedAtMs(b) ?? -Infinity;
	if (at !== bt) return at > bt;
	return (toMs(a.created_at) ?? -Infinity) > (toMs(b.created_at) ?? -Infinity);
}

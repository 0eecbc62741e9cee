/**
 * How much of its lookback window a trigger poll reads: the re-read schedule.
 *
 * The history filters on creation time, while a call may end (or first be listed) hours after
 * it was created, so an old part of the window can still hold a call to emit. Reading the
 * whole window on every poll costs ⌈rows in the window / 100⌉ requests a poll: about 100 at
 * 10,000 calls a day. Instead the window is cut into levels by age, each re-read on a period
 * that grows with its depth:
 *   level 0   the newest part holding about one page of the window's rows (a page as the
 *             service really answers it), read every poll;
 *   level k   twice the depth of level k - 1, read again once a quarter of its depth has passed;
 *   the top   the whole window, read again every twelfth of the lookback.
 * A poll reads one window, from the deepest level due to now, so the levels below it come
 * with it. A call that ends at an age a is read final by a level at most twice a deep, within
 * a quarter of that depth: it is emitted within about half its age (plus a poll interval); one
 * that ends within level 0's depth, at the next poll.
 *
 * Nothing is missed on this account: each level reads its depth plus its own period, so the
 * top, re-read every P = lookback / 12, reads lookback + P. A call the whole-window trigger
 * would catch (listed final while its created_at is inside the lookback) is still inside
 * lookback + P at the next top read. The cursor remembers calls that far back (the memory is
 * about 1/12 larger; its cut moving back is the case the cursor already covers).
 *
 * A window of at most WHOLE_WINDOW_ROWS rows (at its last whole read) is read whole on every
 * poll, as before: reading less would not save a request.
 */

import { HISTORY_PAGE_SIZE } from './history';

/** A window with at most this many rows at its last whole read is read whole on every poll. */
export const WHOLE_WINDOW_ROWS = 2 * HISTORY_PAGE_SIZE;

/** A level is re-read once 1/REREAD_RATIO of its depth has passed. */
export const REREAD_RATIO = 4;

/** The whole window is re-read every lookback / TOP_SHARE. */
export const TOP_SHARE = 12;

/** The shallowest level is never shorter than this (seconds). */
const MIN_DEPTH = 60;

/** What the trigger stores of its schedule (inside its cursor state). Plain JSON. */
export interface ReadSchedule {
	/** Rows the last whole read returned. */
	n: number;
	/** Rows in its largest page, when below the size asked for (a service capping pages). */
	p?: number;
	/** The lookback (seconds) the levels were made for. */
	lb: number;
	/** Epoch second of the last read of each level, shallowest first. */
	at: number[];
}

export interface Level {
	/** How far back from now the level reads (seconds). */
	depth: number;
	/** It is due once this long has passed since its last read (seconds; 0: every poll). */
	period: number;
}

export interface ReadPlan {
	/** The level read: the deepest one due (the last one is the whole window). */
	level: number;
	levels: Level[];
	/** The window read: from now - depthMs. */
	depthMs: number;
	/** How far back the cursor remembers calls: the top level's depth. */
	memoryMs: number;
	/** The lookback in seconds. */
	lookback: number;
	/** The schedule this plan was made from (undefined: none usable). */
	from?: ReadSchedule;
}

/**
 * The levels for a window of `rows` rows over `lookback` seconds, read in pages of `page`
 * rows: level 0 is one page's worth of the window.
 */
export function levelsFor(rows: number, lookback: number, page = HISTORY_PAGE_SIZE): Level[] {
	if (rows <= WHOLE_WINDOW_ROWS) return [{ depth: lookback, period: 0 }];
	const top = Math.ceil(lookback / TOP_SHARE);
	const first = Math.max(MIN_DEPTH, Math.floor((lookback * page) / rows));
	const levels: Level[] = [{ depth: Math.min(first, lookback), period: 0 }];
	for (let depth = 2 * first; depth < lookback; depth *= 2) {
		const period = Math.ceil(depth / REREAD_RATIO);
		// Levels re-read no more often than the whole window would add nothing.
		if (period >= top) break;
		levels.push({ depth: depth + period, period });
	}
	levels.push({ depth: lookback + top, period: top });
	return levels;
}

/** The stored schedule when it is one for this lookback, else undefined. */
function readSchedule(value: unknown, lookback: number): ReadSchedule | undefined {
	if (!value || typeof value !== 'object') return undefined;
	const s = value as Partial<ReadSchedule>;
	if (!Number.isInteger(s.n) || (s.n as number) < 0 || s.lb !== lookback) return undefined;
	if (!Array.isArray(s.at) || !s.at.every((t) => Number.isInteger(t))) return undefined;
	const page = s.p ?? HISTORY_PAGE_SIZE;
	if (!Number.isInteger(page) || page < 1 || page > HISTORY_PAGE_SIZE) return undefined;
	const schedule: ReadSchedule = { n: s.n as number, lb: lookback, at: s.at as number[] };
	if (s.p !== undefined) schedule.p = page;
	return schedule.at.length === levelsFor(schedule.n, lookback, page).length ? schedule : undefined;
}

/**
 * What a poll at `nowMs` reads. Without a usable schedule (first poll, new filters, new
 * lookback, a state from before the schedule) it reads the whole lookback window.
 */
export function planRead(stored: unknown, lookbackMs: number, nowMs: number): ReadPlan {
	const lookback = Math.max(1, Math.round(lookbackMs / 1000));
	const schedule = readSchedule(stored, lookback);
	if (!schedule) {
		const levels = [{ depth: lookback, period: 0 }];
		return { level: 0, levels, depthMs: lookbackMs, memoryMs: lookbackMs, lookback };
	}
	const levels = levelsFor(schedule.n, lookback, schedule.p);
	const now = Math.floor(nowMs / 1000);
	let level = 0;
	for (let k = levels.length - 1; k > 0; k--) {
		const since = now - schedule.at[k];
		// A clock that went back makes the level due too: its last read is not to be trusted.
		if (since >= levels[k].period || since < 0) {
			level = k;
			break;
		}
	}
	return {
		level,
		levels,
		depthMs: levels[level].depth * 1000,
		memoryMs: levels[levels.length - 1].depth * 1000,
		lookback,
		from: schedule,
	};
}

/**
 * The schedule to store after a successful poll that read `plan` and got `rows` rows, at most
 * `largestPage` in one page.
 */
export function afterRead(
	plan: ReadPlan,
	nowMs: number,
	rows: number,
	largestPage = HISTORY_PAGE_SIZE,
): ReadSchedule {
	const now = Math.floor(nowMs / 1000);
	const { lookback } = plan;
	if (!plan.from || plan.level === plan.levels.length - 1) {
		// A whole read: its rows set the levels, all of them read just now. A largest page
		// below the size asked for, with more rows than it, is the service's own page size.
		const capped = largestPage > 0 && largestPage < Math.min(rows, HISTORY_PAGE_SIZE);
		const next: ReadSchedule = { n: rows, lb: lookback, at: [] };
		if (capped) next.p = largestPage;
		next.at = levelsFor(rows, lookback, next.p).map(() => now);
		return next;
	}
	const at = plan.from.at.map((t, k) => (k <= plan.level ? now : t));
	return { ...plan.from, at };
}

/**
 * Two polls that overlapped both stored a schedule: the reads of both count. `mine` is the
 * one storing last; `theirs` the one already stored.
 */
export function mergeSchedules(theirs: unknown, mine: ReadSchedule): ReadSchedule {
	const other = readSchedule(theirs, mine.lb);
	if (!other || other.at.length !== mine.at.length || other.n !== mine.n || other.p !== mine.p) {
		return mine;
	}
	return { ...mine, at: mine.at.map((t, k) => Math.max(t, other.at[k])) };
}

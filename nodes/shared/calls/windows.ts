/**
 * Which history pages to read in one check of many calls. The history lists calls newest first
 * and can be narrowed to a creation-time range, so a check reads, per assistant, one or more
 * time windows that together hold every pending call. A window costs one request per 100
 * calls created in it (finished calls of the batch included, and the assistant's other calls)
 * down to its oldest pending call. Knowing when each call was created, which have ended, and
 * how many other calls the service showed per millisecond, it picks the windows that cost the
 * fewest requests: one wide window when pending calls are close together, several when
 * finished or other calls pile up between them. Pure: no HTTP, no clock.
 */

export interface WindowCall {
	/** Creation time of the call as the service reported it, epoch ms. */
	createdMs: number;
	pending: boolean;
}

export interface HistoryWindow {
	/** Creation-time range to ask for (inclusive), epoch ms. */
	fromMs: number;
	toMs: number;
	/** How many pending calls of the batch it holds. */
	pending: number;
	/** Requests it should take: the batch's own calls, and the others at the rate given. */
	pages: number;
}

/** Index of the first value greater than `value` in ascending `sorted`. */
export function upperBound(sorted: number[], value: number): number {
	let lo = 0;
	let hi = sorted.length;
	while (lo < hi) {
		const mid = (lo + hi) >> 1;
		if (sorted[mid] <= value) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

/** Index of the first value not less than `value` in ascending `sorted`. */
export function lowerBound(sorted: number[], value: number): number {
	let lo = 0;
	let hi = sorted.length;
	while (lo < hi) {
		const mid = (lo + hi) >> 1;
		if (sorted[mid] < value) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

/**
 * Windows covering every pending call with the fewest requests. `marginMs` widens each
 * window on both sides, for a service whose created_at differs a little from the start
 * answer's initiated_at; calls in the margin are counted too. `othersPerMs`: the calls of the
 * assistant beyond `calls` per millisecond, as a read showed them (0 before any read). On a
 * tie the fewer windows win: calls not known yet only ever make a split window dearer.
 */
export function planWindows(
	calls: WindowCall[],
	pageSize: number,
	marginMs: number,
	othersPerMs = 0,
): HistoryWindow[] {
	const all = calls.map((c) => c.createdMs).sort((a, b) => a - b);
	const pending = calls
		.filter((c) => c.pending)
		.map((c) => c.createdMs)
		.sort((a, b) => a - b);
	const n = pending.length;
	if (n === 0) return [];
	// Rows read by a window from pending[m] to pending[k]: newest first, from its upper edge
	// down to its oldest pending call (ties with it included): top[k] - bottom[m], each known
	// once (a window's rows in O(1)).
	const top = pending.map((ms) => upperBound(all, ms + marginMs) + othersPerMs * (ms + marginMs));
	const bottom = pending.map((ms) => lowerBound(all, ms) + othersPerMs * ms);
	const cost = (m: number, k: number) =>
		Math.max(1, Math.ceil((top[k] - bottom[m]) / pageSize - 1e-9));
	// best[k]: fewest requests covering pending[0..k-1]; from[k]: where its last window starts.
	const best = new Array<number>(n + 1).fill(Number.POSITIVE_INFINITY);
	const from = new Array<number>(n + 1).fill(0);
	best[0] = 0;
	// The widest last window of each cost (best[] only grows), from the narrowest on: a
	// binary search per page count, not a scan per call.
	const widest = (pages: number, end: number) => {
		let lo = 0;
		let hi = end;
		while (lo < hi) {
			const mid = (lo + hi) >> 1;
			if (cost(mid, end) <= pages) hi = mid;
			else lo = mid + 1;
		}
		return lo;
	};
	for (let k = 1; k <= n; k++) {
		// Covering one call more never costs less: when the last window takes it at no cost,
		// that is the best (and the widest of the best: ties went to the widest before).
		const last = from[k - 1];
		if (k > 1 && best[last] + cost(last, k - 1) === best[k - 1]) {
			best[k] = best[k - 1];
			from[k] = last;
			continue;
		}
		for (let pages = cost(k - 1, k - 1); pages <= best[k]; ) {
			const widestStart = widest(pages, k - 1);
			let start = widestStart;
			// Calls created at the same instant cannot be split between windows.
			if (start > 0 && pending[start - 1] === pending[start])
				start = upperBound(pending, pending[start]);
			if (start <= k - 1 && best[start] + cost(start, k - 1) <= best[k]) {
				best[k] = best[start] + cost(start, k - 1);
				from[k] = start;
			}
			if (widestStart === 0) break;
			pages = cost(widestStart - 1, k - 1);
		}
	}
	const windows: HistoryWindow[] = [];
	for (let k = n; k > 0; k = from[k]) {
		const m = from[k];
		windows.unshift({
			fromMs: pending[m] - marginMs,
			toMs: pending[k - 1] + marginMs,
			pending: k - m,
			pages: cost(m, k - 1),
		});
	}
	return windows;
}

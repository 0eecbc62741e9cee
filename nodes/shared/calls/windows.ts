/**
 * Which history pages to read in one check of many calls. The history lists calls newest first
 * and can be narrowed to a creation-time range, so a check reads, per assistant, one or more
 * time windows that together hold every pending call. A window costs one request per 100
 * calls created in it (finished calls of the batch included) down to its oldest pending call.
 * Knowing when each call was created and which have ended, it picks the windows that cost the
 * fewest requests: one wide window when pending calls are close together, several when
 * finished calls pile up between them. Pure: no HTTP, no clock.
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
	/** Requests it should take, counting only the batch's own calls. */
	pages: number;
}

function upperBound(sorted: number[], value: number): number {
	let lo = 0;
	let hi = sorted.length;
	while (lo < hi) {
		const mid = (lo + hi) >> 1;
		if (sorted[mid] <= value) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

function lowerBound(sorted: number[], value: number): number {
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
 * answer's initiated_at; calls in the margin are counted too.
 */
export function planWindows(
	calls: WindowCall[],
	pageSize: number,
	marginMs: number,
): HistoryWindow[] {
	const all = calls.map((c) => c.createdMs).sort((a, b) => a - b);
	const pending = calls
		.filter((c) => c.pending)
		.map((c) => c.createdMs)
		.sort((a, b) => a - b);
	const n = pending.length;
	if (n === 0) return [];
	// Rows read by a window from pending[m] to pending[k]: newest first, from its upper edge
	// down to its oldest pending call (ties with it included).
	const rows = (m: number, k: number) =>
		upperBound(all, pending[k] + marginMs) - lowerBound(all, pending[m]);
	const cost = (m: number, k: number) => Math.max(1, Math.ceil(rows(m, k) / pageSize));
	// best[k]: fewest requests covering pending[0..k-1]; from[k]: where its last window starts.
	const best = new Array<number>(n + 1).fill(Number.POSITIVE_INFINITY);
	const from = new Array<number>(n + 1).fill(0);
	best[0] = 0;
	for (let k = 1; k <= n; k++) {
		for (let m = k; m >= 1; m--) {
			// Calls created at the same instant cannot be split between windows.
			if (m > 1 && pending[m - 2] === pending[m - 1]) continue;
			const total = best[m - 1] + cost(m - 1, k - 1);
			if (total < best[k]) {
				best[k] = total;
				from[k] = m - 1;
			}
			// A window never gets cheaper by growing once it spans many pages more than the best.
			if (cost(m - 1, k - 1) > best[k]) break;
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

import fc from 'fast-check';

import { planWindows, type WindowCall } from '../../../nodes/shared/calls/windows';

const pending = (createdMs: number): WindowCall => ({ createdMs, pending: true });
const ended = (createdMs: number): WindowCall => ({ createdMs, pending: false });

test('nothing pending: no window, no request', () => {
	expect(planWindows([ended(1), ended(2)], 100, 0)).toEqual([]);
});

test('pending calls close together: one window, one page', () => {
	expect(planWindows([pending(1000), ended(1500), pending(2000), pending(3000)], 100, 0)).toEqual([
		{ fromMs: 1000, toMs: 3000, pending: 3, pages: 1 },
	]);
});

test('a pile of ended calls between two pending ones: two windows of a page each, not one of three', () => {
	const pile = Array.from({ length: 250 }, (_, n) => ended(1000 * (n + 1)));
	expect(planWindows([pending(0), ...pile, pending(1_000_000)], 100, 0)).toEqual([
		{ fromMs: 0, toMs: 0, pending: 1, pages: 1 },
		{ fromMs: 1_000_000, toMs: 1_000_000, pending: 1, pages: 1 },
	]);
});

test('the margin widens each window, and the calls in it are counted', () => {
	const margin = Array.from({ length: 100 }, () => ended(5500));
	expect(planWindows([pending(5000), ...margin], 100, 1000)).toEqual([
		{ fromMs: 4000, toMs: 6000, pending: 1, pages: 2 },
	]);
});

test("the assistant's other calls, at the rate a read showed: two windows where the batch alone would take one", () => {
	const calls = [pending(0), pending(3 * 3_600_000)];
	expect(planWindows(calls, 100, 1000)).toEqual([
		{ fromMs: -1000, toMs: 3 * 3_600_000 + 1000, pending: 2, pages: 1 },
	]);
	// 30,000 other calls in those 3 hours.
	expect(planWindows(calls, 100, 1000, 30_000 / (3 * 3_600_000))).toEqual([
		{ fromMs: -1000, toMs: 1000, pending: 1, pages: 1 },
		{ fromMs: 3 * 3_600_000 - 1000, toMs: 3 * 3_600_000 + 1000, pending: 1, pages: 1 },
	]);
});

test('a tie goes to the fewer windows: calls not known yet only make split windows dearer', () => {
	const calls = Array.from({ length: 200 }, (_, n) => pending(n * 10));
	expect(planWindows(calls, 100, 0)).toEqual([{ fromMs: 0, toMs: 1990, pending: 200, pages: 2 }]);
});

/** The fewest pages, by trying every last window for every prefix (the plain definition). */
function fewestPages(all: WindowCall[], size: number, margin: number, others: number): number {
	const times = all.map((c) => c.createdMs);
	const open = all
		.filter((c) => c.pending)
		.map((c) => c.createdMs)
		.sort((a, b) => a - b);
	const best = [0];
	for (let k = 1; k <= open.length; k++) {
		best[k] = Infinity;
		for (let m = 1; m <= k; m++) {
			if (m > 1 && open[m - 2] === open[m - 1]) continue;
			const [low, high] = [open[m - 1], open[k - 1] + margin];
			const rows = times.filter((t) => t >= low && t <= high).length + others * (high - low);
			best[k] = Math.min(best[k], best[m - 1] + Math.max(1, Math.ceil(rows / size - 1e-9)));
		}
	}
	return best[open.length];
}

test('property: the fewest pages there are, with or without other calls', () => {
	fc.assert(
		fc.property(
			fc.array(fc.record({ createdMs: fc.integer({ min: 0, max: 5000 }), pending: fc.boolean() }), {
				maxLength: 60,
			}),
			fc.integer({ min: 1, max: 20 }),
			fc.integer({ min: 0, max: 50 }),
			fc.constantFrom(0, 0.001, 0.01, 0.1),
			(all, size, margin, others) => {
				const windows = planWindows(all, size, margin, others);
				expect(windows.reduce((n, w) => n + w.pages, 0)).toBe(
					all.some((c) => c.pending) ? fewestPages(all, size, margin, others) : 0,
				);
			},
		),
	);
});

test('property: every pending call is in a window, never at more cost than one window for all', () => {
	const calls = fc.array(
		fc.record({ createdMs: fc.integer({ min: 0, max: 10_000 }), pending: fc.boolean() }),
		{ maxLength: 300 },
	);
	fc.assert(
		fc.property(
			calls,
			fc.integer({ min: 1, max: 50 }),
			fc.integer({ min: 0, max: 100 }),
			(all, size, margin) => {
				const windows = planWindows(all, size, margin);
				const open = all.filter((c) => c.pending).map((c) => c.createdMs);
				for (const ms of open)
					expect(windows.some((w) => w.fromMs <= ms && ms <= w.toMs)).toBe(true);
				expect(windows.reduce((n, w) => n + w.pending, 0)).toBe(open.length);
				if (open.length === 0) return;
				const low = Math.min(...open);
				const high = Math.max(...open) + margin;
				const one = Math.max(
					1,
					Math.ceil(all.filter((c) => c.createdMs >= low && c.createdMs <= high).length / size),
				);
				expect(windows.reduce((n, w) => n + w.pages, 0)).toBeLessThanOrEqual(one);
				for (const w of windows) expect(w.pages).toBeGreaterThanOrEqual(1);
			},
		),
	);
});

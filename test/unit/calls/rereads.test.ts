/** The trigger's re-read schedule: which part of the window a poll reads, and what it keeps. */
import fc from 'fast-check';

import {
	afterRead,
	levelsFor,
	mergeSchedules,
	planRead,
	TOP_SHARE,
	WHOLE_WINDOW_ROWS,
	type ReadSchedule,
} from '../../../nodes/shared/calls/rereads';

const S = 1000;
const MIN = 60 * S;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const T0 = Date.parse('2026-11-25T12:00:00Z');

describe('levelsFor', () => {
	test('a window of at most 200 rows is one level: the whole lookback, every poll', () => {
		expect(levelsFor(0, 86_400)).toEqual([{ depth: 86_400, period: 0 }]);
		expect(levelsFor(WHOLE_WINDOW_ROWS, 86_400)).toEqual([{ depth: 86_400, period: 0 }]);
	});

	test('10,000 rows over a day: a page of the window every poll, doubling levels, the top every 2 h', () => {
		expect(levelsFor(10_000, 86_400)).toEqual([
			{ depth: 864, period: 0 },
			{ depth: 1728 + 432, period: 432 },
			{ depth: 3456 + 864, period: 864 },
			{ depth: 6912 + 1728, period: 1728 },
			{ depth: 13_824 + 3456, period: 3456 },
			{ depth: 27_648 + 6912, period: 6912 },
			{ depth: 86_400 + 7200, period: 7200 },
		]);
	});

	test('any rows and lookback: deeper levels read more and less often; the top reads lookback + its period', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 0, max: 1_000_000 }),
				fc.integer({ min: 1, max: 7 * 86_400 }),
				(rows, lb) => {
					const levels = levelsFor(rows, lb);
					const top = levels[levels.length - 1];
					expect(levels[0].period).toBe(0);
					if (rows <= WHOLE_WINDOW_ROWS) {
						expect(levels).toEqual([{ depth: lb, period: 0 }]);
						return;
					}
					expect(top).toEqual({
						depth: lb + Math.ceil(lb / TOP_SHARE),
						period: Math.ceil(lb / TOP_SHARE),
					});
					for (let k = 1; k < levels.length; k++) {
						expect(levels[k].depth).toBeGreaterThanOrEqual(levels[k - 1].depth);
						expect(levels[k].period).toBeGreaterThanOrEqual(levels[k - 1].period);
					}
				},
			),
		);
	});
});

describe('planRead', () => {
	const lookback = DAY;
	const whole = { level: 0, depthMs: DAY, memoryMs: DAY, lookback: 86_400 };

	test('no usable schedule: the whole window, and the cursor remembers that far back', () => {
		for (const stored of [
			undefined,
			null,
			'x',
			{},
			{ n: -1, lb: 86_400, at: [] },
			{ n: 5, lb: 3600, at: [0] },
		]) {
			expect(planRead(stored, lookback, T0)).toMatchObject(whole);
		}
		// Levels that do not fit the row count (a schedule made by other code): whole too.
		expect(planRead({ n: 10_000, lb: 86_400, at: [0, 0] }, lookback, T0)).toMatchObject(whole);
	});

	test('after a whole read of 10,000 rows: level 0 next poll, the top once 2 h have passed', () => {
		const first = planRead(undefined, lookback, T0);
		const stored = afterRead(first, T0, 10_000);
		expect(stored).toEqual({ n: 10_000, lb: 86_400, at: Array(7).fill(T0 / S) });
		expect(planRead(stored, lookback, T0 + MIN)).toMatchObject({
			level: 0,
			depthMs: 864 * S,
			memoryMs: 93_600 * S,
		});
		expect(planRead(stored, lookback, T0 + 432 * S)).toMatchObject({ level: 1, depthMs: 2160 * S });
		expect(planRead(stored, lookback, T0 + 2 * HOUR)).toMatchObject({
			level: 6,
			depthMs: 93_600 * S,
		});
		// A clock that went back: the last reads are not to be trusted, the whole window is due.
		expect(planRead(stored, lookback, T0 - MIN)).toMatchObject({ level: 6 });
	});

	test('a level read marks it and the levels below it read; a whole read sets the row count', () => {
		const stored: ReadSchedule = { n: 10_000, lb: 86_400, at: Array(7).fill(T0 / S) };
		const at = T0 + 864 * S;
		const plan = planRead(stored, lookback, at);
		expect(plan.level).toBe(2);
		expect(afterRead(plan, at, 500)).toEqual({
			n: 10_000,
			lb: 86_400,
			at: [at / S, at / S, at / S, T0 / S, T0 / S, T0 / S, T0 / S],
		});
		const top = planRead(stored, lookback, T0 + 2 * HOUR);
		expect(afterRead(top, T0 + 2 * HOUR, 150)).toEqual({
			n: 150,
			lb: 86_400,
			at: [(T0 + 2 * HOUR) / S],
		});
	});

	test('a service answering pages of 50 rows: level 0 is 50 rows of the window deep', () => {
		const stored = afterRead(planRead(undefined, lookback, T0), T0, 10_000, 50);
		expect(stored).toMatchObject({ n: 10_000, p: 50 });
		expect(planRead(stored, lookback, T0 + MIN)).toMatchObject({ level: 0, depthMs: 432 * S });
		// Full pages, or fewer rows than a page: no cap to learn.
		expect(afterRead(planRead(undefined, lookback, T0), T0, 10_000, 100)).not.toHaveProperty('p');
		expect(afterRead(planRead(undefined, lookback, T0), T0, 40, 40)).not.toHaveProperty('p');
	});

	test('overlapping polls: both reads count when the levels agree, else the last one stored', () => {
		const mine: ReadSchedule = { n: 10_000, lb: 86_400, at: [5, 5, 1, 1, 1, 1, 1] };
		const theirs = { n: 10_000, lb: 86_400, at: [4, 4, 4, 4, 1, 1, 1] };
		expect(mergeSchedules(theirs, mine)).toEqual({ ...mine, at: [5, 5, 4, 4, 1, 1, 1] });
		expect(mergeSchedules({ n: 150, lb: 86_400, at: [9] }, mine)).toEqual(mine);
		expect(mergeSchedules(undefined, mine)).toEqual(mine);
	});
});

/**
 * The promise, over any lookback, row count and polls at most `gap` apart (some failing, so
 * storing nothing): a call listed final at an age a with a + gap <= lookback is read by a
 * successful poll whose window reaches its creation, within a/2 + 2 gaps of being listed
 * (within a gap when it ended inside level 0); and the cursor remembers what each poll reads.
 */
test('every call listed final within the lookback is read by a poll within half its age', () => {
	fc.assert(
		fc.property(
			fc.record({
				lookbackMin: fc.integer({ min: 10, max: 24 * 60 }),
				rows: fc.integer({ min: 0, max: 100_000 }),
				gapS: fc.integer({ min: 60, max: 600 }),
				seed: fc.integer(),
				calls: fc.array(
					fc.tuple(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 0, max: 1e6 })),
					{
						minLength: 1,
						maxLength: 20,
					},
				),
			}),
			({ lookbackMin, rows, gapS, seed, calls }) => {
				const lookback = lookbackMin * MIN;
				const gap = gapS * S;
				let r = seed >>> 0;
				const rand = () => (r = (Math.imul(r, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32;
				// Successful polls: [time, first created ms read].
				const reads: Array<[number, number]> = [];
				let stored: unknown;
				let now = T0;
				const end = T0 + 2.5 * lookback;
				let lastOk = T0;
				while (now <= end) {
					const plan = planRead(stored, lookback, now);
					expect(plan.memoryMs).toBeGreaterThanOrEqual(plan.depthMs);
					// Fail at random, but never longer than a gap in a row (the premise).
					const fails = now - lastOk + gap / 2 < gap && rand() < 0.3;
					if (!fails) {
						stored = afterRead(plan, now, rows);
						reads.push([now, Math.floor((now - plan.depthMs) / S) * S]);
						lastOk = now;
					}
					now += Math.max(S, Math.floor((rand() * gap) / 2 / S) * S);
				}
				for (const [x, y] of calls) {
					// Ages up to lookback - gap, listed final after the first poll, early enough to judge.
					const age = Math.floor((y / 1e6) * (lookback - gap));
					const listed = T0 + gap + Math.floor((x / 1e6) * 1.5 * lookback);
					const created = listed - age;
					const bound = listed + age / 2 + 2 * gap;
					if (bound > end) continue;
					const hit = reads.find(([at, from]) => at >= listed && from <= created);
					expect(hit).toBeDefined();
					expect(hit![0]).toBeLessThanOrEqual(bound);
				}
			},
		),
		{ numRuns: 25 },
	);
});

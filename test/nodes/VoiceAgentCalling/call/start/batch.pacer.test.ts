import fc from 'fast-check';

import { Pacer } from '../../../../../nodes/VoiceAgentCalling/actions/call/start/batch';
import { runPool } from '../../../../../nodes/shared/engine/pool';

/** A virtual clock: wait() resolves when run() moves time to its deadline, earliest first. */
function fakeClock() {
	let now = 0;
	const timers: Array<{ at: number; resolve: () => void }> = [];
	const flush = () => new Promise((r) => setImmediate(r));
	return {
		now: () => now,
		wait: async (ms: number) =>
			await new Promise<void>((resolve) => timers.push({ at: now + ms, resolve })),
		async run<T>(work: Promise<T>): Promise<T> {
			let done = false;
			void work.then(() => (done = true));
			while (!done) {
				await flush();
				if (done || timers.length === 0) continue;
				timers.sort((a, b) => a.at - b.at);
				const timer = timers.shift()!;
				now = Math.max(now, timer.at);
				timer.resolve();
			}
			return await work;
		},
	};
}

test('paces starts to the rate, across concurrent callers', async () => {
	const clock = fakeClock();
	const pacer = new Pacer(120, { now: clock.now, wait: clock.wait }); // one every 500 ms
	const starts: number[] = [];
	await clock.run(
		runPool(6, 3, async () => {
			await pacer.acquire();
			starts.push(clock.now());
		}),
	);
	expect(starts).toEqual([0, 500, 1000, 1500, 2000, 2500]);
});

test('no pacing when the rate is 0', async () => {
	const clock = fakeClock();
	const pacer = new Pacer(0, { now: clock.now, wait: clock.wait });
	for (let i = 0; i < 5; i++) await pacer.acquire();
	expect(clock.now()).toBe(0);
});

test('a pause holds every caller back', async () => {
	const clock = fakeClock();
	const pacer = new Pacer(0, { now: clock.now, wait: clock.wait });
	await pacer.acquire();
	pacer.pause(2000);
	await clock.run(pacer.acquire());
	expect(clock.now()).toBe(2000);
});

/**
 * A pool of `concurrency` workers over `count` requests, each answered `answerMs` after it
 * left, on the virtual clock; with `spread`, every answer time is told to the pacer.
 * Returns when each request left, and when the last answer came.
 */
async function pooled(
	count: number,
	concurrency: number,
	answerMs: (index: number) => number,
	{ spread = true, perMinute = 0 } = {},
) {
	const clock = fakeClock();
	const pacer = new Pacer(perMinute, { concurrency, now: clock.now, wait: clock.wait });
	const starts: number[] = [];
	await clock.run(
		runPool(count, concurrency, async (i) => {
			await pacer.acquire();
			const sent = clock.now();
			starts[i] = sent;
			await clock.wait(answerMs(i));
			if (spread) pacer.answered(clock.now() - sent);
		}),
	);
	return { starts, end: clock.now() };
}

test('answers that free their slots together are spread over half the answer time', async () => {
	// 10 at a time, 100 ms answers: the first round leaves at once (nothing is known yet);
	// its answers come back together and the next round leaves 5 ms apart, and stays so.
	const { starts, end } = await pooled(30, 10, () => 100);
	expect(starts.slice(0, 10)).toEqual(new Array(10).fill(0));
	expect(starts.slice(10, 20)).toEqual([100, 105, 110, 115, 120, 125, 130, 135, 140, 145]);
	expect(starts.slice(20)).toEqual([200, 205, 210, 215, 220, 225, 230, 235, 240, 245]);
	expect(end).toBe(345);
	// Without the answer times, every round is a burst.
	const burst = await pooled(30, 10, () => 100, { spread: false });
	expect(new Set(burst.starts)).toEqual(new Set([0, 100, 200]));
	expect(burst.end).toBe(300);
});

test('one worker is never spread, and a gap under a millisecond spaces nothing', async () => {
	expect((await pooled(5, 1, () => 100)).starts).toEqual([0, 100, 200, 300, 400]);
	// 10 at a time, 1 ms answers: 0.05 ms apart is no gap at all.
	expect((await pooled(20, 10, () => 1)).starts).toEqual([
		...new Array(10).fill(0),
		...new Array(10).fill(1),
	]);
});

test('the spread follows the median answer time: one slow answer does not stretch it', async () => {
	// Request 3 hangs for a minute; the others take 200 ms. 4 at a time: 25 ms apart.
	const { starts } = await pooled(12, 4, (i) => (i === 3 ? 60000 : 200));
	expect(starts.slice(4, 7)).toEqual([200, 225, 250]);
	expect(starts.slice(7, 12)).toEqual([400, 425, 450, 600, 625]);
});

test('Calls per Minute wins when it asks for more room than the spread', async () => {
	// 60 per minute is one a second; the spread alone would be 5 ms.
	const { starts } = await pooled(4, 2, () => 20, { perMinute: 60 });
	expect(starts).toEqual([0, 1000, 2000, 3000]);
});

test('after a pause the workers come back one gap apart, not all at once', async () => {
	const clock = fakeClock();
	const pacer = new Pacer(0, { concurrency: 4, now: clock.now, wait: clock.wait });
	for (let i = 0; i < 4; i++) pacer.answered(80); // 0.5 x 80 / 4 = 10 ms apart
	await clock.run(pacer.acquire()); // claims 0; the next slot is at 10
	pacer.pause(1000);
	const back: number[] = [];
	await clock.run(
		Promise.all(
			Array.from({ length: 3 }, async () => {
				await pacer.acquire();
				back.push(clock.now());
			}),
		),
	);
	expect(back).toEqual([1000, 1010, 1020]);
});

test('spreading never holds back a steady stream by more than its first round', async () => {
	await fc.assert(
		fc.asyncProperty(
			fc.integer({ min: 2, max: 50 }),
			fc.integer({ min: 2, max: 2000 }),
			fc.integer({ min: 1, max: 8 }),
			async (concurrency, answerMs, rounds) => {
				const count = concurrency * rounds;
				const spread = await pooled(count, concurrency, () => answerMs);
				const burst = await pooled(count, concurrency, () => answerMs, { spread: false });
				const gap = Math.floor((0.5 * answerMs) / concurrency);
				// Requests never leave closer than the gap once answers are known...
				const later = spread.starts.slice(concurrency).sort((a, b) => a - b);
				for (let k = 1; k < later.length; k++)
					expect(later[k] - later[k - 1]).toBeGreaterThanOrEqual(gap);
				// ...and the whole run ends at most one spread-out round after the bursts would.
				expect(spread.end).toBeLessThanOrEqual(burst.end + (concurrency - 1) * gap);
				expect(spread.starts).toHaveLength(count);
			},
		),
		{ numRuns: 60 },
	);
});

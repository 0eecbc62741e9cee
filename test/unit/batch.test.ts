import { Pacer, runPool } from '../../nodes/shared/batch';

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
	const pacer = new Pacer(120, clock.now, clock.wait); // one every 500 ms
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
	const pacer = new Pacer(0, clock.now, clock.wait);
	for (let i = 0; i < 5; i++) await pacer.acquire();
	expect(clock.now()).toBe(0);
});

test('a pause holds every caller back', async () => {
	const clock = fakeClock();
	const pacer = new Pacer(0, clock.now, clock.wait);
	await pacer.acquire();
	pacer.pause(2000);
	await clock.run(pacer.acquire());
	expect(clock.now()).toBe(2000);
});

test('runPool keeps order, bounds concurrency and stops on request', async () => {
	let running = 0;
	let peak = 0;
	const results = await runPool(20, 4, async (i) => {
		running++;
		peak = Math.max(peak, running);
		await new Promise((r) => setImmediate(r));
		running--;
		return i * 2;
	});
	expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i * 2));
	expect(peak).toBe(4);

	let started = 0;
	const partial = await runPool(
		10,
		2,
		async (i) => {
			started++;
			return i;
		},
		() => started >= 3,
	);
	expect(started).toBe(3);
	expect(partial.filter((r) => r !== undefined)).toEqual([0, 1, 2]);
});

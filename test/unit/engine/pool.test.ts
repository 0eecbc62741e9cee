import { runPool } from '../../../nodes/shared/engine/pool';

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

/**
 * A bounded pool for work on many items at once (Start's dialling, the reads of many calls'
 * states): at most `concurrency` tasks in flight, results in input order.
 */

/**
 * Runs task(0..count-1) with at most `concurrency` at once. Stops starting new tasks once
 * `stop()` says so (tasks already started finish). Results stay in input order.
 */
export async function runPool<T>(
	count: number,
	concurrency: number,
	task: (index: number) => Promise<T>,
	stop: () => boolean = () => false,
): Promise<Array<T | undefined>> {
	const results: Array<T | undefined> = new Array(count);
	let next = 0;
	const worker = async () => {
		while (next < count && !stop()) {
			const index = next++;
			results[index] = await task(index);
		}
	};
	await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, count)) }, worker));
	return results;
}

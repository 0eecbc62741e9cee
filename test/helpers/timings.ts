/** A suite's stopwatch: each timed step's duration is pushed to `timings` for its summary. */
export function stopwatch(timings: string[]) {
	return async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
		const started = Date.now();
		try {
			return await work();
		} finally {
			timings.push(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
		}
	};
}

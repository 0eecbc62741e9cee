import { sleep } from 'n8n-workflow';

/**
 * Batch scheduling for operations that run many items at once. Both objects live for one
 * execution only (created inside execute), so scale-out workers share nothing.
 */

/**
 * Spaces request starts to at most `perMinute` (0 = no pacing) and lets a rate-limited answer
 * pause every worker until the service's Retry-After has passed.
 */
export class Pacer {
	private nextSlot = 0;

	private pausedUntil = 0;

	constructor(
		private readonly perMinute: number,
		private readonly now: () => number = Date.now,
		private readonly wait: (ms: number) => Promise<void> = sleep,
	) {}

	/** Resolves when the caller may send its next request. */
	async acquire(): Promise<void> {
		const now = this.now();
		const gap = this.perMinute > 0 ? 60000 / this.perMinute : 0;
		// Claim the slot before sleeping, so concurrent callers each get their own.
		const at = Math.max(now, this.nextSlot, this.pausedUntil);
		this.nextSlot = at + gap;
		if (at > now) await this.wait(at - now);
		// A 429 seen by another worker while this one slept holds it back too.
		while (this.pausedUntil > this.now()) await this.wait(this.pausedUntil - this.now());
	}

	/** Called on a 429: nobody sends before the delay has passed. */
	pause(delayMs: number): void {
		this.pausedUntil = Math.max(this.pausedUntil, this.now() + delayMs);
	}
}

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

import { sleep } from 'n8n-workflow';

/**
 * Batch scheduling for operations that run many items at once. Both objects live for one
 * execution only (created inside execute), so scale-out workers share nothing.
 */

/** Starts are spread over at most this share of an answer's time (see Pacer.answered). */
const SPREAD = 0.5;

/**
 * Spaces request starts to at most `perMinute` (0 = no pacing) and lets a rate-limited answer
 * pause every worker until the service's Retry-After has passed. Given the concurrency, it
 * also spreads starts over the service's answer time instead of sending them in bursts.
 */
export class Pacer {
	private nextSlot = 0;

	private pausedUntil = 0;

	/** Answer times of the latest requests (ms), oldest first. */
	private readonly answers: number[] = [];

	private spreadGap = 0;

	private readonly now: () => number;

	private readonly wait: (ms: number) => Promise<void>;

	private readonly concurrency: number;

	constructor(
		private readonly perMinute: number,
		options: {
			/** Requests in flight at most; with more than one, starts are spread. */
			concurrency?: number;
			now?: () => number;
			wait?: (ms: number) => Promise<void>;
		} = {},
	) {
		this.concurrency = options.concurrency ?? 1;
		this.now = options.now ?? Date.now;
		this.wait = options.wait ?? sleep;
	}

	/** Resolves when the caller may send its next request. */
	async acquire(): Promise<void> {
		const gap = Math.max(this.perMinute > 0 ? 60000 / this.perMinute : 0, this.spreadGap);
		for (;;) {
			const now = this.now();
			// Claim the slot before sleeping, so concurrent callers each get their own.
			const at = Math.max(now, this.nextSlot, this.pausedUntil);
			this.nextSlot = at + gap;
			if (at > now) await this.wait(at - now);
			// A 429 seen by another worker while this one slept: claim a slot after the pause,
			// so the workers come back one gap apart, not all at once.
			if (this.pausedUntil <= this.now()) return;
		}
	}

	/** Called on a 429: nobody sends before the delay has passed. */
	pause(delayMs: number): void {
		this.pausedUntil = Math.max(this.pausedUntil, this.now() + delayMs);
	}

	/**
	 * Told how long a request took to be answered. Workers that free their slots together
	 * (the first round, a burst of answers) would otherwise send together again, round after
	 * round: the service gets bursts, and in n8n, which opens a new connection per request,
	 * each request of a burst waits for the others' work before it leaves. So starts are kept
	 * at least SPREAD x (median answer time) / concurrency apart: at most twice the rate the
	 * answers allow, which breaks bursts up and never holds back a steady stream.
	 */
	answered(ms: number): void {
		if (this.concurrency < 2 || !(ms >= 0)) return;
		this.answers.push(ms);
		if (this.answers.length > 2 * this.concurrency) this.answers.shift();
		const sorted = [...this.answers].sort((a, b) => a - b);
		const median = sorted[Math.floor(sorted.length / 2)];
		// Below a millisecond the timers cannot space anything.
		this.spreadGap = Math.floor((SPREAD * median) / this.concurrency);
	}
}

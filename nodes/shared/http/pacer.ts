import { createHash } from 'crypto';
import { sleep } from 'n8n-workflow';

/**
 * One pace per workspace for each node run (its context: the items of one run, all its
 * requests): nothing in module scope outlives an execution (DESIGN: queue-mode workers share
 * nothing, so no process-wide state may matter). The service's request limit counts the whole
 * workspace's requests; n8n gives executions and workers no limiter in common, so each run
 * paces itself on the 429s it meets, as TCP flows do: on a 429 its requests pause
 * (Retry-After, or a backoff without it) and fewer are sent at once (halved, at least one);
 * every answer that is not a 429 lets one more in again, a whole step per `limit` answers
 * (additive increase), until the limit is gone. Another run (another execution, a second
 * worker) meets the same 429s and slows down too, so together they stay at the limit.
 */

export const PACING = {
	/**
	 * A 429 without Retry-After pauses this long, doubled for each 429 in a row, up to 2 s: the
	 * window is unknown, and a longer pause left most of a per-second limit unused when two
	 * workers shared it (bench/pacing.js); the halved concurrency keeps the 429s few.
	 */
	backoffBaseMs: 250,
	backoffMaxMs: 2000,
	/** With this many requests at once allowed again, the workspace has no limit of its own. */
	openAt: 64,
	/** No 429 for this long (nothing sent meanwhile): the pace is forgotten, full speed again. */
	forgetAfterMs: 60000,
};

/** A request let through: when, so that a 429 of an earlier burst cuts only once. */
export interface Slot {
	at: number;
}

export class WorkspacePace {
	/** Requests at once; undefined: no limit of the workspace's own (each batch has its own). */
	limit: number | undefined;

	inFlight = 0;

	/** The most in flight since the last cut: what the service was asked to carry. */
	private peak = 0;

	pausedUntil = 0;

	/** 429s since the last answer that was not one. */
	strikes = 0;

	/** Answers since the limit last moved. */
	private credit = 0;

	private cutAt = Number.NEGATIVE_INFINITY;

	private limitedAt = Number.NEGATIVE_INFINITY;

	private readonly waiting: Array<() => void> = [];

	constructor(
		private readonly now: () => number = Date.now,
		private readonly wait: (ms: number) => Promise<void> = sleep,
	) {}

	/** Resolves when a request may leave: the pause is over and a slot is free. */
	async acquire(): Promise<Slot> {
		for (;;) {
			const now = this.now();
			if (this.limit !== undefined && now - this.limitedAt >= PACING.forgetAfterMs) this.open();
			if (this.pausedUntil > now) {
				await this.wait(this.pausedUntil - now);
				continue;
			}
			if (this.limit === undefined || this.inFlight < this.limit) {
				this.inFlight++;
				this.peak = Math.max(this.peak, this.inFlight);
				return { at: now };
			}
			// Woken by an answer (a slot freed) or a raised limit: never by a timer.
			await new Promise<void>((resolve) => this.waiting.push(resolve));
		}
	}

	/** The answer was not a 429: the slot is free, and the pace speeds up a little. */
	answered(): void {
		this.inFlight--;
		this.strikes = 0;
		if (this.limit !== undefined) {
			// Counted whole: a sum of 1/limit would fall short of 1 by rounding.
			if (++this.credit >= this.limit) {
				this.credit = 0;
				this.limit++;
				if (this.limit >= PACING.openAt) this.open();
			}
		}
		this.wake();
	}

	/**
	 * The answer was a 429: pause every request of the workspace for Retry-After (or the
	 * backoff), and halve the requests at once, once per burst: the 429s of requests sent
	 * before the last cut are the same overload answered late. Returns the pause asked for.
	 */
	limited(slot: Slot, retryAfterMs: number | undefined): number {
		const now = this.now();
		this.strikes++;
		this.limitedAt = now;
		const delay =
			retryAfterMs ?? Math.min(PACING.backoffMaxMs, PACING.backoffBaseMs * 2 ** (this.strikes - 1));
		this.pausedUntil = Math.max(this.pausedUntil, now + delay);
		this.inFlight--;
		if (slot.at > this.cutAt) {
			// Half of what the service carried when it refused, not of what is left in flight
			// when its answer arrives (the others may have just come back).
			this.limit = Math.max(1, Math.floor(Math.min(this.limit ?? this.peak, this.peak) / 2));
			this.credit = 0;
			this.cutAt = now;
			this.peak = this.inFlight;
		}
		this.wake();
		return delay;
	}

	/** Sent, but no answer (a lost connection): the slot is free, the pace unchanged. */
	dropped(): void {
		this.inFlight--;
		this.wake();
	}

	private open(): void {
		this.limit = undefined;
		this.credit = 0;
		this.wake();
	}

	/** Wakes as many waiters as there are free slots; each checks again for itself. */
	private wake(): void {
		let free = this.limit === undefined ? this.waiting.length : this.limit - this.inFlight;
		while (free-- > 0 && this.waiting.length > 0) this.waiting.shift()?.();
	}
}

/**
 * Each node run's paces, by workspace (the Base URL and a hash of the key, never the key),
 * held by the run's context: they go with it, as once.ts's ledger goes with its items.
 */
let paces = new WeakMap<object, Map<string, WorkspacePace>>();

export function workspaceKey(baseUrl: string, apiKey: unknown): string {
	const hash = createHash('sha256')
		.update(String(apiKey ?? ''))
		.digest('hex')
		.slice(0, 16);
	return `${baseUrl} ${hash}`;
}

/** The pace of `run` (a node run's context) for a workspace. */
export function paceOf(run: object, baseUrl: string, apiKey: unknown): WorkspacePace {
	const key = workspaceKey(baseUrl, apiKey);
	let byWorkspace = paces.get(run);
	if (!byWorkspace) {
		byWorkspace = new Map();
		paces.set(run, byWorkspace);
	}
	let pace = byWorkspace.get(key);
	if (!pace) {
		pace = new WorkspacePace();
		byWorkspace.set(key, pace);
	}
	return pace;
}

/** Forgets every pace (tests start each case at full speed, whatever context they reuse). */
export function forgetPaces(): void {
	paces = new WeakMap();
}

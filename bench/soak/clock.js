// @ts-check
'use strict';

/**
 * One clock for the whole soak: the sandbox's manual clock, which Date.now reads too (the
 * package's clock and the service's never drift apart), moved only here. n8n's `sleep` (Retry
 * On Fail's wait, the package's pacing and retry waits) waits for this clock, not the real one:
 * the clock jumps to the next thing due once nothing is on the wire, so a week of schedules
 * runs in minutes while every wait is as long as it says.
 */
class SoakClock {
	/** @param {{ now(): number, advance(ms: number): number }} sandbox @param {() => number} inFlight */
	constructor(sandbox, inFlight) {
		this.sandbox = sandbox;
		this.inFlight = inFlight;
		/** @type {Array<{at: number, resolve: () => void}>} */
		this.sleepers = [];
		/** @type {Array<{at: number, seq: number, run: () => Promise<void> | void}>} */
		this.events = [];
		this.seq = 0;
		/** Executions running now. */
		this.active = 0;
		/** @type {Error[]} what an execution threw that it should not have (the driver's own faults) */
		this.faults = [];
	}

	now() {
		return this.sandbox.now();
	}

	/** n8n's sleep, on this clock. @param {number} ms */
	sleep(ms) {
		const at = this.now() + Math.max(0, Number(ms) || 0);
		return new Promise((resolve) => this.sleepers.push({ at, resolve: () => resolve(undefined) }));
	}

	/** Runs `run` as an execution at sandbox instant `at`. @param {number} at @param {() => Promise<void> | void} run */
	at(at, run) {
		this.events.push({ at, seq: this.seq++, run });
	}

	/** @param {() => Promise<void> | void} run */
	start(run) {
		this.active++;
		Promise.resolve()
			.then(run)
			.catch((error) => this.faults.push(error))
			.finally(() => this.active--);
	}

	/** Resolves once nothing is on the wire for a few turns of the event loop. */
	async settle() {
		for (let quiet = 0; quiet < 3; ) {
			await new Promise((resolve) => setTimeout(resolve, quiet === 0 ? 0 : 1));
			quiet = this.inFlight() === 0 ? quiet + 1 : 0;
		}
	}

	/**
	 * Runs everything due until `end`: when every execution is waiting on this clock (or none
	 * runs), the clock jumps to the next wake-up or event, which then runs.
	 * @param {number} end
	 */
	async runUntil(end) {
		let shown = performance.now();
		for (;;) {
			await this.settle();
			if (process.env.SOAK_DEBUG && performance.now() - shown > 2000) {
				shown = performance.now();
				process.stderr.write(
					`soak clock ${new Date(this.now()).toISOString()} active ${this.active} sleepers ${this.sleepers.length} events ${this.events.length}\n`,
				);
			}
			if (this.faults.length > 0) throw this.faults[0];
			if (this.active > 0 && this.sleepers.length === 0) continue; // still working
			let next = Infinity;
			for (const s of this.sleepers) next = Math.min(next, s.at);
			for (const e of this.events) next = Math.min(next, e.at);
			if (next > end) {
				// Nothing more before the end: what still waits is what the week leaves open.
				if (end > this.now()) this.sandbox.advance(end - this.now());
				return;
			}
			if (next > this.now()) this.sandbox.advance(next - this.now());
			const now = this.now();
			const due = this.sleepers.filter((s) => s.at <= now);
			this.sleepers = this.sleepers.filter((s) => s.at > now);
			for (const s of due) s.resolve();
			const events = this.events
				.filter((e) => e.at <= now)
				.sort((a, b) => a.at - b.at || a.seq - b.seq);
			this.events = this.events.filter((e) => e.at > now);
			for (const e of events) this.start(e.run);
		}
	}
}

module.exports = { SoakClock };

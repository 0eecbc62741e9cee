/**
 * What this n8n process knows of each Webhook Trigger's memory (memory.ts), beside the copy
 * n8n hands each request.
 *
 * n8n (1.123.81 and 2.41.1) reads a workflow's whole static data from the database for each
 * production webhook request, and once the request is answered writes that whole copy back
 * if it changed: one UPDATE, no lock, no version, no merge. Of two overlapping requests, the
 * save that lands last drops whatever the other remembered, in one process or in two. So a
 * request:
 *   - learns the keys of the copy it was given (another process's keys too),
 *   - judges deliveries and swept calls against that copy and what this process knows,
 *   - and, whenever its copy lacks any key this process knows, writes them all into it, so
 *     that whichever of this process's saves lands last carries them (`toWrite`).
 * Keys are kept as long as the memory keeps them (MEMORY_DAYS, the newest MEMORY_CAP), not
 * only until they are read back: a request that read its copy before a key was saved may
 * save after another request read the key back (a sweep waiting for the history), and that
 * save must carry it too.
 *
 * The one state of the package that outlives a request (docs/queue-mode.md), for the
 * reason above; it only ever adds keys the trigger remembered, so no process depends on it
 * to be correct. At most MAX_TRIGGERS triggers (the least recently used go first), each
 * bounded like its memory.
 */
import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import { MEMORY_CAP, MEMORY_DAYS, memoryKey, readMemory, type Memory } from './memory';

/** Triggers whose keys one process keeps at most (each at most MEMORY_CAP keys). */
export const MAX_TRIGGERS = 16;

/** Per trigger (workflow and node): stored key -> epoch second it was remembered. */
const ledgers = new Map<string, Map<string, number>>();

function ledgerOf(ctx: IHookFunctions | IWebhookFunctions): Map<string, number> {
	const scope = `${ctx.getWorkflow().id ?? ''}|${ctx.getNode().id}`;
	let ledger = ledgers.get(scope);
	if (ledger) ledgers.delete(scope);
	else ledger = new Map();
	ledgers.set(scope, ledger);
	for (const oldest of ledgers.keys()) {
		if (ledgers.size <= MAX_TRIGGERS) break;
		ledgers.delete(oldest);
	}
	return ledger;
}

/** Newest first; a tie by key, so every process keeps the same entries at the cap. */
const newestFirst = (a: [string, number], b: [string, number]) =>
	b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/** The trigger's memory as one request sees it: its copy, and what this process knows. */
export class TriggerMemory {
	private constructor(
		private readonly copy: Memory,
		private readonly ledger: Map<string, number>,
		private readonly nowSec: number,
	) {}

	/** For a request or hook whose copy of the static data holds `raw` as the memory. */
	static of(ctx: IHookFunctions | IWebhookFunctions, raw: unknown, nowMs: number): TriggerMemory {
		const copy = readMemory(raw);
		const ledger = ledgerOf(ctx);
		for (const [key, at] of Object.entries(copy)) {
			if ((ledger.get(key) ?? -Infinity) < at) ledger.set(key, at);
		}
		return new TriggerMemory(copy, ledger, Math.floor(nowMs / 1000));
	}

	has(key: string): boolean {
		const stored = memoryKey(key);
		return this.ledger.has(stored) || this.copy[stored] !== undefined;
	}

	/** Remembered at once for every request of this process, and by this request's save. */
	remember(key: string): void {
		this.ledger.set(memoryKey(key), this.nowSec);
	}

	/**
	 * The memory this request's copy must hold: its own entries and every key this process
	 * knows, without those older than MEMORY_DAYS and beyond the newest MEMORY_CAP; undefined
	 * when the copy already holds exactly that (nothing to save). Call it last, after every
	 * await: it also carries what other requests of this process remembered meanwhile.
	 */
	toWrite(): Memory | undefined {
		const from = this.nowSec - MEMORY_DAYS * 86400;
		const all = new Map(this.ledger);
		for (const [key, at] of Object.entries(this.copy)) {
			if ((all.get(key) ?? -Infinity) < at) all.set(key, at);
		}
		const kept = [...all].filter(([, at]) => at >= from);
		kept.sort(newestFirst);
		const memory: Memory = Object.fromEntries(kept.slice(0, MEMORY_CAP));
		// The process keeps what the memory keeps.
		for (const key of [...this.ledger.keys()]) {
			if (memory[key] === undefined) this.ledger.delete(key);
		}
		const same =
			Object.keys(memory).length === Object.keys(this.copy).length &&
			Object.entries(memory).every(([key, at]) => this.copy[key] === at);
		return same ? undefined : memory;
	}
}

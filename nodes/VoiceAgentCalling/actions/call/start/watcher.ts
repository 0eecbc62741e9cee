import type { IDataObject, IExecuteFunctions, NodeApiError } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { readCallStates, type CallToRead } from '../../../../shared/calls/callStates';
import { HISTORY_PAGE_SIZE, type RequestSettings } from '../../../../shared/calls/history';
import type { CallRecord } from '../../../../shared/calls/record';
import { runPool } from '../../../../shared/engine/pool';
import {
	asItemError,
	type ItemResult,
	type OperationOutput,
} from '../../../../shared/engine/router';
import type { ApiCredentials } from '../../../../shared/http/transport';
import { isTerminal, waitOutput } from '../../../../shared/calls/waitedRow';

/** Longest single sleep, so the watcher notices new calls and a stopped batch quickly. */
const TICK_MS = 250;

/** One started call the watcher looks after until it ends or its Max Wait is reached. */
export interface WatchedCall {
	index: number;
	callId: string;
	agentId: string;
	/** Creation time as the service reported it (initiated_at); undefined when not given. */
	createdMs?: number;
	/** When the start answer arrived (this machine's clock). */
	startedAt: number;
	pollMs: number;
	maxWaitMs: number;
	includeAnalysis: boolean;
	/**
	 * The variables the call was started with (the start answer's, else the request's): call
	 * details and some history rows do not carry them, and the record must still say them.
	 */
	sentVariables?: IDataObject | null;
	/** The latest record read (from the history or the call details). */
	last?: CallRecord;
	lastError?: Error;
}

/**
 * Run on every call that ended, before its row is output (the Download Recording option).
 * Gets the output and returns it, changed or not (with a file: a BinaryOutput).
 */
export type FinishStep = (
	ctx: IExecuteFunctions,
	call: WatchedCall,
	output: IDataObject,
) => Promise<OperationOutput>;

export interface WatcherOptions {
	credentials: ApiCredentials;
	/** How many details reads may run at once. */
	concurrency: number;
	/** A rate-limited read slows the dialling down too. */
	onRateLimited?: (delayMs: number) => void;
	/** The batch stopped (a failure without Continue On Fail): stop watching. */
	stop: () => boolean;
	finish?: FinishStep;
	now?: () => number;
}

/** What the watcher asked the service for, for benchmarks and tests. */
export interface WatchStats {
	rounds: number;
	historyRequests: number;
	detailsRequests: number;
	/** Sum over rounds of ⌈pending ÷ 100⌉: the history budget. */
	historyBudget: number;
}

const STARTED_NOTE = (callId: string) =>
	`The call ${callId} was started; only waiting for it to end failed. Do not start it again.`;

/** Adds the "started, do not dial again" wording to an error of the wait. */
function waitError(ctx: IExecuteFunctions, call: WatchedCall, error: unknown): Error {
	const e = asItemError(ctx, error, call.index) as NodeApiError;
	const note = STARTED_NOTE(call.callId);
	if (!String(e.description ?? '').startsWith(note)) {
		e.description = `${note} ${e.description ?? ''}`.trim();
	}
	return e;
}

const httpCode = (error: unknown) => Number((error as { httpCode?: unknown })?.httpCode);

/**
 * One watcher for the whole batch: every started call that should be waited for is handed to
 * it, and each round it checks all pending calls together, from history pages (100 calls a
 * request, narrowed by assistant and creation time), reading a call's details only when the
 * history cannot tell (analysis wanted, or the call is not listed). A failed check is
 * retried next round; a call still open at its Max Wait is output with timed_out: true.
 */
export class Watcher {
	readonly stats: WatchStats = {
		rounds: 0,
		historyRequests: 0,
		detailsRequests: 0,
		historyBudget: 0,
	};

	private readonly calls: WatchedCall[] = [];

	private readonly results = new Map<number, ItemResult>();

	private dialling = true;

	private lastRound: number | undefined;

	private readonly now: () => number;

	constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly options: WatcherOptions,
	) {
		this.now = options.now ?? Date.now;
	}

	/** Hands a started call over. */
	add(call: WatchedCall): void {
		this.calls.push(call);
	}

	/** Every row has been dialled: once nothing is pending, the watcher ends. */
	dialFinished(): void {
		this.dialling = false;
	}

	/** Whether the row's call was handed over. */
	watches(index: number): boolean {
		return this.calls.some((c) => c.index === index);
	}

	/** The final result of a watched row. */
	result(index: number): ItemResult | undefined {
		return this.results.get(index);
	}

	/** Whether any watched row ended in an error. */
	hasFailures(): boolean {
		return [...this.results.values()].some((r) => !r.ok);
	}

	private pending(): WatchedCall[] {
		return this.calls.filter((c) => !this.results.has(c.index));
	}

	/** Runs rounds until every call is finished and dialling is over (or the batch stops). */
	async run(): Promise<void> {
		for (;;) {
			if (this.options.stop()) return;
			const pending = this.pending();
			if (pending.length === 0) {
				if (!this.dialling) return;
				await sleep(TICK_MS);
				continue;
			}
			const interval = Math.min(...pending.map((c) => c.pollMs));
			const first = Math.min(...pending.map((c) => c.startedAt));
			const due = (this.lastRound ?? first) + interval;
			const wait = due - this.now();
			if (wait > 0) {
				await sleep(Math.min(wait, TICK_MS));
				continue;
			}
			this.lastRound = this.now();
			await this.round(pending);
		}
	}

	/** One check of every pending call: read what is known of each, then settle the ended ones. */
	private async round(pending: WatchedCall[]): Promise<void> {
		this.stats.rounds++;
		this.stats.historyBudget += Math.ceil(pending.length / HISTORY_PAGE_SIZE);
		// One moment per round for "has its wait run out": read before the reads, so that a call
		// judged out of time when it is output is the one whose last state was read for it.
		const at = this.now();
		const toRead = (c: WatchedCall): CallToRead => ({
			callId: c.callId,
			agentId: c.agentId,
			createdMs: c.createdMs,
			itemIndex: c.index,
			includeAnalysis: c.includeAnalysis,
		});
		const byId = new Map(pending.map((c) => [c.callId, c]));
		const { seen, failed } = await readCallStates(this.ctx, pending.map(toRead), {
			settings: (itemIndex) => this.settings(itemIndex),
			concurrency: this.options.concurrency,
			known: this.calls,
			// The analysis of a call that ended, or whose wait runs out this round.
			wantsDetails: (call, row) => {
				const watched = byId.get(call.callId) as WatchedCall;
				return call.includeAnalysis && (isTerminal(row) || this.timedOut(watched, at));
			},
			stats: this.stats,
		});
		const finished = this.settle(pending, seen, failed, at);
		await runPool(finished.length, this.options.concurrency, async (n) => {
			await this.finishCall(finished[n].call, finished[n].timedOut);
		});
	}

	/** Whether a call's wait runs out before the round after the one at `at`. */
	private timedOut(c: WatchedCall, at: number): boolean {
		return at + c.pollMs > c.startedAt + c.maxWaitMs;
	}

	/**
	 * Each call's latest record kept; the ended and timed-out ones returned to be output. A call
	 * that cannot be read fails at once when the key stopped working (waiting changes nothing),
	 * else when its wait runs out.
	 */
	private settle(
		pending: WatchedCall[],
		seen: Map<string, CallRecord>,
		failed: Map<string, Error>,
		at: number,
	): Array<{ call: WatchedCall; timedOut: boolean }> {
		const finished: Array<{ call: WatchedCall; timedOut: boolean }> = [];
		for (const call of pending) {
			const record = seen.get(call.callId);
			if (record) {
				call.last = record;
				call.lastError = undefined;
				if (isTerminal(record)) finished.push({ call, timedOut: false });
				else if (this.timedOut(call, at)) finished.push({ call, timedOut: true });
				continue;
			}
			const error = failed.get(call.callId);
			call.lastError = error;
			if (error && [401, 403].includes(httpCode(error))) {
				this.results.set(call.index, { ok: false, error: waitError(this.ctx, call, error) });
			} else if (this.timedOut(call, at)) {
				if (call.last) finished.push({ call, timedOut: true });
				else
					this.results.set(call.index, {
						ok: false,
						error: waitError(this.ctx, call, error ?? new Error('The call was not found')),
					});
			}
		}
		return finished;
	}

	/** A call's output once it ended or its wait ran out (after the finish step, if any). */
	private async finishCall(call: WatchedCall, timedOut: boolean): Promise<void> {
		try {
			const output = waitOutput(
				call.last as CallRecord,
				call.callId,
				timedOut,
				this.now() - call.startedAt,
				call.sentVariables,
			);
			const finish = this.options.finish;
			this.results.set(call.index, {
				ok: true,
				output: finish ? await finish(this.ctx, call, output) : output,
			});
		} catch (error) {
			this.results.set(call.index, { ok: false, error: waitError(this.ctx, call, error) });
		}
	}

	/** Request settings of the watcher's reads: a failed check is simply tried again next round. */
	private settings(itemIndex: number | undefined): RequestSettings {
		return {
			itemIndex,
			credentials: this.options.credentials,
			onRateLimited: this.options.onRateLimited,
			retry: { maxAttempts: 2 },
		};
	}
}

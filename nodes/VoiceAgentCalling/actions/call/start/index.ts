import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { operationOption } from '../../../../shared/engine/operation';
import { serviceTimeMs } from '../../../../shared/engine/serviceTime';
import { Pacer } from './batch';
import { batchParams } from './batchParams';
import { asItemError, type BatchOptions, type ItemResult } from '../../../../shared/engine/router';
import { asJson, recordFromStart } from '../../../../shared/calls/record';
import { getApiCredentials, type ApiCredentials } from '../../../../shared/http/transport';
import { startVerdict, type StartCall, type StartRow } from './body';
import { dialAll } from './dial';
import {
	readDialSettings,
	readWaitSettings,
	type DialSettings,
	type WaitSettings,
} from './settings';
import { downloadRecordingStep } from './recordingStep';
import { batchRefusal, checkPromptVariables, withWarnings } from './promptCheck';
import { findEarlierCalls, guardFailedNote, markEarlier, readRerunGuard } from './rerun';
import { Watcher, type WatchedCall } from './watcher';
import { readStartDoNotCall } from './doNotCall';
import { readStartRow, type StartRowInput } from './row';
import { dryRun } from './dryRun';
import { refusalCode, refusalError, skipOutput } from '../../../../shared/dialling/callee/verdict';

export const option = operationOption({
	name: 'Start',
	value: 'start',
	description: 'Start an outbound call with an assistant, now or at a scheduled time',
	action: 'Start a call',
});

export { properties } from './description';

/** Every row's verdict so far: its checked request, its skip, or its refusal (Continue On Fail). */
type Rows = StartRow[];
type Results = Array<ItemResult | undefined>;

/** A batch stopped at one row, before anyone was called: that row's error, nothing else. */
function stoppedAt(itemCount: number, index: number, error: Error): Results {
	return Object.assign(new Array<ItemResult | undefined>(itemCount).fill(undefined), {
		[index]: { ok: false, error },
	});
}

/** A row with an error is not waited for. */
const NO_WAIT: WaitSettings = {
	wait: false,
	includeAnalysis: false,
	downloadRecording: false,
	pollMs: 0,
	maxWaitMs: 0,
};

export const kind = 'batch';

/**
 * Call → Start for the whole batch: every row is checked first (without Continue On Fail one
 * bad row stops the run before anyone is called, so a rerun cannot dial anyone twice), then
 * rows are dialled at the pace the settings allow, and rows that wait for their call to end
 * are handed to one watcher that checks all of them together.
 */
export async function execute(
	this: IExecuteFunctions,
	itemCount: number,
	{ stopOnError }: BatchOptions,
): Promise<Results> {
	if (itemCount === 0) return [];
	const nowMs = Date.now();
	// Every row read once (row.ts); the run's settings are fields of the first item's.
	const batch = batchParams(this);
	const rows = Array.from({ length: itemCount }, (_, i) => readStartRow(batch, i));
	const first = rows[0].params;
	let settings: DialSettings;
	let guard: { lookbackMs: number } | undefined;
	let doNotCall: Set<string> | undefined;
	try {
		settings = readDialSettings(first);
		// Checked now: the assistant is read before the guard runs, and bad input sends nothing.
		guard = readRerunGuard(first);
		doNotCall = await readStartDoNotCall(first, rows);
	} catch (error) {
		// A setting of the whole run is wrong: no row can run.
		return Array.from({ length: itemCount }, (_, i) => ({
			ok: false as const,
			error: asItemError(this, error, i),
		}));
	}
	// Read from n8n's store while the rows are checked; used only once every row has passed.
	const credentialsRead = settings.dryRun ? undefined : getApiCredentials.call(this, 0);
	credentialsRead?.catch(() => undefined);

	// A Dry Run Report gives every row (why each would be skipped) instead of stopping at one.
	const report = settings.dryRun && settings.dryRunReport;
	const batchStops = stopOnError && !report;
	const read = await readRows(this, rows, batchStops, nowMs, doNotCall);
	if ('stopped' in read) return read.stopped;
	const { requests, waits } = read;
	// The assistant's @{{variables}} each row must give: checked before anyone is called (a
	// Dry Run shows the result). Its warnings go on the row's output.
	const promptWarnings: string[][] = requests.map(() => []);
	const { checks, refused } =
		settings.missingVariables === 'ignore'
			? { checks: [], refused: [] }
			: await checkPromptVariables(
					this,
					requests,
					settings.missingVariables,
					promptWarnings,
					batchStops,
				);
	const stopAt = requests.findIndex((r) => r.verdict === 'refuse');
	const stopper = requests[stopAt];
	if (batchStops && stopper?.verdict === 'refuse') {
		// Rows lacking variables are named together: fixing one must not reveal the next.
		const error =
			refused[0]?.index === stopAt ? batchRefusal(this, refused, requests) : stopper.error;
		return stoppedAt(itemCount, stopAt, error);
	}
	if (settings.dryRun) return dryRun(requests, promptWarnings, checks, { nowMs, report });

	const credentials = await (credentialsRead as ReturnType<typeof getApiCredentials>);
	const results = await dialAndWatch(this, requests, waits, {
		settings,
		credentials,
		stopOnError,
		nowMs,
		guard,
	});
	return results.map((result, i) => {
		const row = requests[i];
		return row.verdict === 'skip'
			? { ok: true, output: skipOutput(row, row.number) }
			: withWarnings(result, promptWarnings[i]);
	});
}

/**
 * Every row's verdict, nobody called yet, from the rows as read once (row.ts). A
 * skipped row (its number listed) keeps its skip; a refused row gets its error here, once;
 * without Continue On Fail the first refused row stops the batch.
 */
async function readRows(
	ctx: IExecuteFunctions,
	rows: readonly StartRowInput[],
	stopOnError: boolean,
	nowMs: number,
	doNotCall: ReadonlySet<string> | undefined,
): Promise<{ requests: Rows; waits: WaitSettings[] } | { stopped: Results }> {
	const requests: Rows = [];
	const waits: WaitSettings[] = [];
	const itemCount = rows.length;
	for (let i = 0; i < itemCount; i++) {
		const row = rows[i];
		const v = await startVerdict(row, nowMs, doNotCall);
		let refused: StartRow;
		if (v.verdict === 'call') {
			try {
				waits.push(readWaitSettings(row.params, i));
				requests.push(v);
				continue;
			} catch (error) {
				refused = { verdict: 'refuse', error: asItemError(ctx, error, i), number: v.number };
			}
		} else if (v.verdict === 'skip') {
			requests.push(v);
			waits.push(NO_WAIT);
			continue;
		} else {
			const error = asItemError(ctx, refusalError(row.params.getNode(), v, i), i);
			refused = { verdict: 'refuse', error, code: refusalCode(v), number: v.number };
		}
		// Every row is checked before anyone is called: one bad row, zero calls.
		if (stopOnError) return { stopped: stoppedAt(itemCount, i, refused.error) };
		requests[i] = refused;
		waits[i] = NO_WAIT;
	}
	return { requests, waits };
}

interface DialRun {
	settings: DialSettings;
	credentials: ApiCredentials;
	stopOnError: boolean;
	nowMs: number;
	guard: { lookbackMs: number } | undefined;
}

/** What the watcher needs of a call to follow it. */
function watchOf(
	index: number,
	callId: string,
	agentId: string,
	initiatedAt: unknown,
	wait: WaitSettings,
): WatchedCall {
	return {
		index,
		callId,
		agentId,
		// Shown without an offset: UTC, whatever zone n8n runs in (its history window).
		createdMs: serviceTimeMs(initiatedAt),
		startedAt: Date.now(),
		pollMs: wait.pollMs,
		maxWaitMs: wait.maxWaitMs,
		includeAnalysis: wait.includeAnalysis,
	};
}

/**
 * The checked rows dialled (never one an earlier attempt of this execution dialled: n8n
 * re-ran it), and the rows that wait followed by one watcher until their calls end.
 */
async function dialAndWatch(
	ctx: IExecuteFunctions,
	requests: Rows,
	waits: WaitSettings[],
	run: DialRun,
): Promise<Results> {
	const { settings, credentials } = run;
	let earlier: Map<number, IDataObject>;
	try {
		earlier = await findEarlierCalls(
			ctx,
			requests.flatMap((row, index) =>
				row.verdict === 'call' ? [{ index, body: row.value.body }] : [],
			),
			{ credentials, concurrency: settings.concurrency, nowMs: run.nowMs, guard: run.guard },
		);
	} catch (error) {
		return guardFailed(ctx, requests, error);
	}
	const pacer = new Pacer(settings.callsPerMinute, { concurrency: settings.concurrency });
	let failed = false;
	const stop = (): boolean => run.stopOnError && (failed || watcher.hasFailures());
	const watcher = new Watcher(ctx, {
		credentials,
		concurrency: settings.concurrency,
		onRateLimited: (delayMs) => pacer.pause(delayMs),
		stop,
		finish: downloadRecordingStep((i) => waits[i].downloadRecording),
	});
	// Without a row that waits, no watcher runs (its idle ticks would only delay the end).
	const watching = waits.some((w) => w.wait) ? watcher.run() : undefined;
	const bodyOf = (i: number) => (requests[i] as StartCall).value.body;
	for (const [i, call] of earlier) {
		if (waits[i].wait)
			watcher.add(watchOf(i, String(call.id), bodyOf(i).agent_id, call.created_at, waits[i]));
	}
	const started = await dialAll(
		ctx,
		requests.map((row, i) => {
			if (row.verdict === 'refuse') return { result: { ok: false as const, error: row.error } };
			// A skipped row's output, and an earlier attempt's call, are set below.
			if (row.verdict === 'skip' || earlier.has(i)) return { result: undefined };
			return { body: row.value.body };
		}),
		{
			concurrency: settings.concurrency,
			pacer,
			credentials,
			stop,
			onFailed: () => {
				failed = true;
			},
			onStarted: (i, data) => {
				if (!waits[i].wait || !data.call_id) return;
				const agentId = String(data.agent_id ?? bodyOf(i).agent_id);
				watcher.add({
					...watchOf(i, String(data.call_id), agentId, data.initiated_at, waits[i]),
					sentVariables: recordFromStart(data, bodyOf(i)).custom_variables,
				});
			},
		},
	);
	watcher.dialFinished();
	await watching;
	return started.map((result, i): ItemResult | undefined => {
		const call = earlier.get(i);
		if (call) return markEarlier(watcher.watches(i) ? watcher.result(i) : undefined, call);
		if (!result?.ok) return result;
		// Not waited for: the call record with what the start answer and the request tell.
		if (!watcher.watches(i)) {
			return { ok: true, output: asJson(recordFromStart(result.output as IDataObject, bodyOf(i))) };
		}
		// undefined: the batch stopped before this row's call was seen to end.
		return watcher.result(i);
	});
}

/** The duplicate check could not be made: no row is dialled, each says why. */
function guardFailed(ctx: IExecuteFunctions, requests: Rows, error: unknown): Results {
	return requests.map((row, i): ItemResult => {
		if (row.verdict === 'refuse') return { ok: false, error: row.error };
		if (row.verdict === 'skip') return { ok: true, output: skipOutput(row, row.number) };
		const e = asItemError(ctx, error, i) as Error & { description?: string | null };
		e.description = `${guardFailedNote()} ${e.description ?? ''}`.trim();
		return { ok: false, error: e };
	});
}

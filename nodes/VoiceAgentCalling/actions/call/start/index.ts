import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { operationOption } from '../../../../shared/engine/operation';
import { Pacer } from './batch';
import { batchParams } from './batchParams';
import { asItemError, type BatchOptions, type ItemResult } from '../../../../shared/engine/router';
import { asJson, recordFromStart } from '../../../../shared/calls/record';
import { getApiCredentials } from '../../../../shared/http/transport';
import { buildStartRequest, type StartRequest } from './body';
import { dialAll } from './dial';
import { readDialSettings, readWaitSettings, type WaitSettings } from './settings';
import { downloadRecordingStep } from './recordingStep';
import { batchRefusal, checkPromptVariables, withWarnings } from './promptCheck';
import { findEarlierCalls, guardFailedNote, markEarlier, readRerunGuard, SKIPPED } from './rerun';
import { Watcher } from './watcher';

export const option = operationOption({
	name: 'Start',
	value: 'start',
	description: 'Start an outbound call with an assistant, now or at a scheduled time',
	action: 'Start a call',
});

export { properties } from './description';

/**
 * Call → Start for the whole batch: every row is checked first (without Continue On Fail one
 * bad row stops the run before anyone is called, so a rerun cannot dial anyone twice), then
 * rows are dialled at the pace the settings allow, and rows that wait for their call to end
 * are handed to one watcher that checks all of them together.
 */
export async function executeBatch(
	this: IExecuteFunctions,
	itemCount: number,
	{ stopOnError }: BatchOptions,
): Promise<Array<ItemResult | undefined>> {
	if (itemCount === 0) return [];
	const nowMs = Date.now();
	let settings;
	try {
		settings = readDialSettings(this);
		// Checked now: the assistant is read before the guard runs, and bad input sends nothing.
		readRerunGuard(this);
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

	const requests: Array<StartRequest | Error> = [];
	const waits: WaitSettings[] = [];
	// Nobody is called before every row is read: read fixed fields once, not once per row.
	const rows = batchParams(this);
	for (let i = 0; i < itemCount; i++) {
		try {
			requests.push(buildStartRequest(rows, i, nowMs));
			waits.push(readWaitSettings(rows, i));
		} catch (error) {
			const itemError = asItemError(this, error, i);
			// Every row is checked before anyone is called: one bad row, zero calls.
			if (stopOnError) {
				return Object.assign(new Array<ItemResult | undefined>(itemCount).fill(undefined), {
					[i]: { ok: false, error: itemError },
				});
			}
			requests[i] = itemError;
			waits[i] = {
				wait: false,
				includeAnalysis: false,
				downloadRecording: false,
				pollMs: 0,
				maxWaitMs: 0,
			};
		}
	}

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
					stopOnError,
				);
	const first = requests.findIndex((request) => request instanceof Error);
	if (stopOnError && first >= 0) {
		// Rows lacking variables are named together: fixing one must not reveal the next.
		const error =
			refused[0]?.index === first
				? batchRefusal(this, refused, requests)
				: (requests[first] as Error);
		return Object.assign(new Array<ItemResult | undefined>(itemCount).fill(undefined), {
			[first]: { ok: false, error },
		});
	}

	if (settings.dryRun) {
		return requests.map((request, i): ItemResult => {
			if (request instanceof Error) return { ok: false, error: request };
			const output: IDataObject = { dry_run: true, body: request.body };
			const warnings = [...request.warnings, ...promptWarnings[i]];
			if (warnings.length) output.warnings = warnings;
			if (checks[i]) output.prompt_variables = { ...checks[i] };
			return { ok: true, output };
		});
	}

	const credentials = await (credentialsRead as ReturnType<typeof getApiCredentials>);
	// Rows an earlier attempt of this execution dialled (n8n re-ran it): never dialled again.
	let earlier: Map<number, IDataObject>;
	try {
		earlier = await findEarlierCalls(
			this,
			requests.flatMap((request, index) =>
				request instanceof Error ? [] : [{ index, body: request.body }],
			),
			{ credentials, concurrency: settings.concurrency, nowMs },
		);
	} catch (error) {
		return requests.map((request, i): ItemResult => {
			if (request instanceof Error) return { ok: false, error: request };
			const e = asItemError(this, error, i) as Error & { description?: string | null };
			e.description = `${guardFailedNote()} ${e.description ?? ''}`.trim();
			return { ok: false, error: e };
		});
	}
	const pacer = new Pacer(settings.callsPerMinute, { concurrency: settings.concurrency });
	let failed = false;
	const stop = (): boolean => stopOnError && (failed || watcher.hasFailures());
	const watcher = new Watcher(this, {
		credentials,
		concurrency: settings.concurrency,
		onRateLimited: (delayMs) => pacer.pause(delayMs),
		stop,
		finish: downloadRecordingStep((i) => waits[i].downloadRecording),
	});
	// Without a row that waits, no watcher runs (its idle ticks would only delay the end).
	const watching = waits.some((w) => w.wait) ? watcher.run() : undefined;
	for (const [i, call] of earlier) {
		const createdMs = Date.parse(String(call.created_at ?? ''));
		if (waits[i].wait)
			watcher.add({
				index: i,
				callId: String(call.id),
				agentId: String((requests[i] as StartRequest).body.agent_id),
				createdMs: Number.isFinite(createdMs) ? createdMs : undefined,
				startedAt: Date.now(),
				pollMs: waits[i].pollMs,
				maxWaitMs: waits[i].maxWaitMs,
				includeAnalysis: waits[i].includeAnalysis,
			});
	}
	const started = await dialAll(
		this,
		requests.map((request, i) => ({
			// A placeholder: dialAll skips a row whose body is an error; its result is set below.
			body: request instanceof Error ? request : earlier.has(i) ? SKIPPED : request.body,
		})),
		{
			concurrency: settings.concurrency,
			pacer,
			credentials,
			stop,
			onFailed: () => {
				failed = true;
			},
			onStarted: (i, data) => {
				const wait = waits[i];
				if (!wait.wait || !data.call_id) return;
				const createdMs = Date.parse(String(data.initiated_at ?? ''));
				watcher.add({
					index: i,
					callId: String(data.call_id),
					agentId: String(data.agent_id ?? (requests[i] as StartRequest).body.agent_id),
					createdMs: Number.isFinite(createdMs) ? createdMs : undefined,
					startedAt: Date.now(),
					pollMs: wait.pollMs,
					maxWaitMs: wait.maxWaitMs,
					includeAnalysis: wait.includeAnalysis,
					sentVariables: recordFromStart(data, (requests[i] as StartRequest).body).custom_variables,
				});
			},
		},
	);
	watcher.dialFinished();
	await watching;
	return started.map((result, i) => withWarnings(outcome(result, i), promptWarnings[i]));

	function outcome(result: ItemResult | undefined, i: number): ItemResult | undefined {
		const call = earlier.get(i);
		if (call) return markEarlier(watcher.watches(i) ? watcher.result(i) : undefined, call);
		if (!result?.ok) return result;
		if (!watcher.watches(i)) {
			// Not waited for: the call record with what the start answer and the request tell.
			const answer = result.output as IDataObject;
			const sent = (requests[i] as StartRequest).body;
			return { ok: true, output: asJson(recordFromStart(answer, sent)) };
		}
		// undefined: the batch stopped before this row's call was seen to end.
		return watcher.result(i);
	}
}

import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { Pacer } from './batch';
import { startPath } from '../../../../shared/dialling/startRequest';
import { sendOnce } from '../../../../shared/engine/once';
import { runPool } from '../../../../shared/engine/pool';
import { asItemError, type ItemResult } from '../../../../shared/engine/router';
import { describeValue, isPlainObject, shapeError } from '../../../../shared/http/shape';
import { apiRequest, type ApiCredentials } from '../../../../shared/http/transport';

/** A row to dial (its checked body), or one not dialled and its result (none yet: undefined). */
export type DialJob = { body: IDataObject } | { result: ItemResult | undefined };

export interface DialOptions {
	concurrency: number;
	pacer: Pacer;
	credentials: ApiCredentials;
	/** Told about every call that started, as soon as it did. */
	onStarted: (index: number, started: IDataObject) => void;
	/** Told about every row that failed to start. */
	onFailed: (index: number) => void;
	/** Start nothing new once this says so. */
	stop: () => boolean;
}

/**
 * Starts every row at the pace the dial settings allow and never waits for a call to end.
 * A row's result is the start answer (data + message). A 429 pauses the whole batch.
 */
export async function dialAll(
	ctx: IExecuteFunctions,
	jobs: DialJob[],
	{ concurrency, pacer, credentials, onStarted, onFailed, stop }: DialOptions,
): Promise<Array<ItemResult | undefined>> {
	return await runPool<ItemResult | undefined>(
		jobs.length,
		concurrency,
		async (i) => {
			const job = jobs[i];
			if (!('body' in job)) return job.result;
			const body = job.body;
			let sentAt = 0;
			try {
				// Sent once per row, also when n8n's Retry On Fail re-runs the node.
				const response = await sendOnce(
					ctx,
					i,
					'start',
					async () =>
						await apiRequest.call(ctx, {
							method: 'POST',
							path: startPath(body),
							body,
							itemIndex: i,
							credentials,
							beforeAttempt: async () => {
								await pacer.acquire();
								sentAt = Date.now();
							},
							onRateLimited: (delayMs) => pacer.pause(delayMs),
							// Only answers that prove nothing happened are retried (RETRY_POLICY.once).
							retry: { maxAttempts: 8 },
						}),
				);
				if (
					response.data !== undefined &&
					response.data !== null &&
					!isPlainObject(response.data)
				) {
					const error = shapeError(
						ctx.getNode(),
						`POST ${startPath(body)}: data`,
						`should be an object but is ${describeValue(response.data)}`,
						i,
					);
					// Accepted with an odd answer: the call may be placed, so it is never re-sent.
					error.description = `${error.description ?? ''} The call may have been placed: check the call history before starting this row again.`;
					throw error;
				}
				// A row answered in an earlier try of the node sent nothing now: no answer time.
				if (sentAt) pacer.answered(Date.now() - sentAt);
				const data = (response.data as IDataObject | undefined) ?? {};
				const started = { ...data, message: response.message };
				onStarted(i, started);
				return { ok: true, output: started };
			} catch (error) {
				onFailed(i);
				return { ok: false, error: asItemError(ctx, error, i) };
			}
		},
		stop,
	);
}

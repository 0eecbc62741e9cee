/** Check Calls' input as the tests write it: items of Start's output, one call each. */
import type { IDataObject } from 'n8n-workflow';

import { AGENT } from './fixtures';

/** Call n's id: 00000000-0000-4000-8000-00000000000n. */
export const callId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * An item of Start's output (its call record, trimmed to what Check Calls reads): call n of
 * the fixtures' assistant, ongoing, created at `createdAt`.
 */
export const startedCall = (
	n: number,
	createdAt: string,
	extra: IDataObject = {},
): IDataObject => ({
	call_id: callId(n),
	status: 'ongoing',
	assistant: { id: AGENT },
	created_at: createdAt,
	...extra,
});

/** A completed 60 s call n of the history, as the trigger's sweep reads it, ended at `endedMs`. */
export const endedCall = (n: number, endedMs: number) => ({
	id: callId(n),
	status: 'completed',
	agent: { id: AGENT },
	created_at: new Date(endedMs - 60_000).toISOString(),
	call_attempt_time: new Date(endedMs - 60_000).toISOString(),
	call_duration: 60,
});

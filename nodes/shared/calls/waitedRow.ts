import type { IDataObject } from 'n8n-workflow';

import type { CallRecord } from './record';
import { isTerminalStatus } from './statuses';

export function isTerminal(record: CallRecord): boolean {
	return isTerminalStatus(record.status);
}

/**
 * The output of a row that waited: the call record as last read (from the history or the
 * call details, the same keys either way) and how the wait went. Where the read carries no
 * variables (call details never do), the ones the call was started with stand in.
 */
export function waitOutput(
	record: CallRecord,
	callId: string,
	timedOut: boolean,
	waitedMs: number,
	sentVariables?: IDataObject | null,
): IDataObject {
	return {
		...(record as unknown as IDataObject),
		call_id: record.call_id ?? callId,
		custom_variables: record.custom_variables ?? sentVariables ?? null,
		timed_out: timedOut,
		waited_seconds: Math.round(Math.max(0, waitedMs) / 1000),
	};
}

import type { IDataObject } from 'n8n-workflow';

import { isTerminalStatus } from '../../../../shared/calls/statuses';
import { withTranscript } from '../transcriptFields';

export function isTerminal(record: IDataObject): boolean {
	return isTerminalStatus(record.call_status);
}

const first = (value: unknown) => (Array.isArray(value) ? (value[0] ?? null) : (value ?? null));

/**
 * A history row in the shape of the call details, so a row's output looks the same whichever
 * of the two reads saw its call end. The history has no sub-status or next attempt time: they
 * are taken when present and null otherwise (a finished call has no next attempt).
 */
export function detailsFromHistory(row: IDataObject): IDataObject {
	const agent = (row.agent ?? {}) as IDataObject;
	return {
		id: row.id,
		call_direction: row.call_type ?? null,
		call_status: row.status ?? null,
		call_sub_status: row.call_sub_status ?? null,
		from_number: row.call_type === 'inbound' ? (row.inbound_from ?? null) : first(row.from_numbers),
		to_number: row.to_number ?? null,
		callee_name: row.name ?? null,
		agent_id: agent.id ?? null,
		initiation_time: row.call_attempt_time ?? row.created_at ?? null,
		recording_url: row.audio_recording ?? null,
		transcription_url: row.transcript ?? null,
		next_attempt_time: row.next_attempt_time ?? null,
	};
}

/** The output of a row that waited: the call details, decoded transcript and how the wait went. */
export function waitOutput(
	record: IDataObject,
	callId: string,
	timedOut: boolean,
	waitedMs: number,
): IDataObject {
	return {
		...withTranscript(record, 'transcription_url'),
		call_id: callId,
		timed_out: timedOut,
		waited_seconds: Math.round(Math.max(0, waitedMs) / 1000),
	};
}

/**
 * The one call record every operation and trigger outputs for a call, whatever answer it was
 * read from: a history row, call details, a start answer, or an event delivery. Every source
 * gives the same keys; what a source does not tell is null. The service's untouched answer
 * stays under `raw` for anything the record leaves out. Documented in docs/call-record.md.
 */
import type { IDataObject } from 'n8n-workflow';

import { serviceTimeMs } from '../engine/serviceTime';
import { isPlainObject } from '../http/shape';
import { analysisFields, type AnalysisFields } from './analysis';
import { outcomeOf, type Outcome } from './outcome';
import { decodeTranscript, type Turn } from './transcript';

export interface CallAssistant {
	id: string | null;
	name: string | null;
	version_id: string | null;
	version_slug: string | null;
}

/** The record; its platform analysis' fields (summary, classification, …) are AnalysisFields. */
export interface CallRecord extends AnalysisFields {
	call_id: string | null;
	status: string | null;
	sub_status: string | null;
	/** One of OUTCOMES (outcome.ts): how the call went, from every field that tells. */
	outcome: Outcome;
	/** A sub-status the outcome table does not know, as served. */
	outcome_detail: string | null;
	/** outbound, inbound or webcall. */
	direction: string | null;
	assistant: CallAssistant;
	from_number: string | null;
	to_number: string | null;
	callee_name: string | null;
	/** When the call was created (queued); the start answer's initiated_at. */
	created_at: string | null;
	/** When its last attempt started. */
	started_at: string | null;
	/** started_at + duration, when both are known. */
	ended_at: string | null;
	duration_seconds: number | null;
	/** In credits; null while the service has not computed it. */
	cost: number | null;
	voicemail_detected: boolean | null;
	/** Event deliveries since 2026-08-04 (vendor reference): the call's overall latency. */
	overall_latency_seconds: number | null;
	/** Event deliveries since 2026-08-04: the first-utterance time. */
	first_utterance_seconds: number | null;
	/** Event deliveries since 2026-08-04, not on all: the telephony provider (plivo, twilio, ...). */
	calling_source: string | null;
	/** Valid for 24 hours after the call. */
	recording_url: string | null;
	transcript_turns: Turn[];
	transcript_text: string;
	platform_analysis: IDataObject | null;
	client_analysis: IDataObject | null;
	/** Event deliveries since 2026-08-04: the tools the assistant called, as served (items not published). */
	tool_call_logs: unknown[] | null;
	custom_variables: IDataObject | null;
	raw: IDataObject;
}

type Source = IDataObject;

// A blank text tells nothing: it must not stand in a merge against the other read's value
// (a blank sub-status from history would hide the details' one, and its outcome_detail).
const text = (value: unknown): string | null =>
	typeof value === 'string' && value.trim() !== ''
		? value
		: typeof value === 'number' && Number.isFinite(value)
			? String(value)
			: null;

/** A number, also when sent as numeric text (durations and costs have been seen as both). */
const num = (value: unknown): number | null => {
	const n =
		typeof value === 'number'
			? value
			: typeof value === 'string' && value.trim() !== ''
				? Number(value)
				: NaN;
	return Number.isFinite(n) ? n : null;
};

const bool = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);

const obj = (value: unknown): IDataObject | null => (isPlainObject(value) ? value : null);

const list = (value: unknown): unknown[] | null => (Array.isArray(value) ? value : null);

/** What only event deliveries tell (since 2026-08-04); null from every other source. */
const NOT_FROM_EVENTS = {
	overall_latency_seconds: null,
	first_utterance_seconds: null,
	calling_source: null,
	tool_call_logs: null,
} as const;

const firstText = (...values: unknown[]): string | null => {
	for (const value of values) {
		const t = text(value);
		if (t !== null) return t;
	}
	return null;
};

/** started_at + duration as ISO 8601 (UTC), when both are usable. */
function endOf(startedAt: string | null, duration: number | null): string | null {
	const startMs = serviceTimeMs(startedAt);
	if (startMs === undefined || duration === null || duration < 0) return null;
	// Past JavaScript's last date (a duration no call has) toISOString would throw.
	const end = new Date(startMs + Math.round(duration * 1000));
	return Number.isFinite(end.getTime()) ? end.toISOString() : null;
}

/** What the record derives (outcome, analysis fields) rather than reads. */
type Derived =
	| 'ended_at'
	| 'transcript_turns'
	| 'transcript_text'
	| 'outcome'
	| 'outcome_detail'
	| keyof AnalysisFields;

type Fields = Omit<CallRecord, Derived> & { transcript: unknown };

/** The outcome from the fields that tell it, the same for every source and after a merge. */
const outcomeFrom = (f: {
	status: string | null;
	sub_status: string | null;
	voicemail_detected: boolean | null;
	duration_seconds: number | null;
	platform_analysis: IDataObject | null;
}) =>
	outcomeOf({
		status: f.status,
		sub_status: f.sub_status,
		voicemail_detected: f.voicemail_detected,
		duration_seconds: f.duration_seconds,
		analysis: f.platform_analysis,
	});

/** The record with its keys always in the same order (what a user sees in n8n's table). */
function build(f: Fields): CallRecord {
	const { turns, text: plain } = decodeTranscript(f.transcript);
	const { outcome, outcome_detail } = outcomeFrom(f);
	return {
		call_id: f.call_id,
		status: f.status,
		sub_status: f.sub_status,
		outcome,
		outcome_detail,
		direction: f.direction,
		assistant: f.assistant,
		from_number: f.from_number,
		to_number: f.to_number,
		callee_name: f.callee_name,
		created_at: f.created_at,
		started_at: f.started_at,
		ended_at: endOf(f.started_at, f.duration_seconds),
		duration_seconds: f.duration_seconds,
		cost: f.cost,
		voicemail_detected: f.voicemail_detected,
		overall_latency_seconds: f.overall_latency_seconds,
		first_utterance_seconds: f.first_utterance_seconds,
		calling_source: f.calling_source,
		recording_url: f.recording_url,
		transcript_turns: turns,
		transcript_text: plain,
		...analysisFields(f.platform_analysis),
		platform_analysis: f.platform_analysis,
		client_analysis: f.client_analysis,
		tool_call_logs: f.tool_call_logs,
		custom_variables: f.custom_variables,
		raw: f.raw,
	};
}

const assistant = (
	id: unknown,
	name: unknown = null,
	versionId: unknown = null,
	versionSlug: unknown = null,
): CallAssistant => ({
	id: text(id),
	name: text(name),
	version_id: text(versionId),
	version_slug: text(versionSlug),
});

/**
 * A row of GET /calling/history: `status`, `name`, `audio_recording`, `transcript` as JSON
 * text, `agent: {id, agent_name, agent_version_id, version: {version_id, version_slug}}`,
 * `call_duration` in seconds, `call_cost` in credits, `from_numbers` (outbound) or
 * `inbound_from` (inbound).
 */
export function recordFromHistory(row: Source): CallRecord {
	const agent = obj(row.agent) ?? {};
	const version = obj(agent.version) ?? {};
	const inbound = row.call_type === 'inbound';
	const fromNumbers = Array.isArray(row.from_numbers) ? row.from_numbers : [];
	return build({
		call_id: text(row.id),
		status: text(row.status),
		sub_status: firstText(row.sub_status, row.call_sub_status),
		direction: text(row.call_type),
		assistant: assistant(
			agent.id ?? row.agent_id,
			agent.agent_name,
			version.version_id ?? agent.agent_version_id,
			version.version_slug,
		),
		from_number: inbound ? text(row.inbound_from) : firstText(fromNumbers[0], row.from_number),
		to_number: text(row.to_number),
		callee_name: text(row.name),
		created_at: text(row.created_at),
		started_at: text(row.call_attempt_time),
		duration_seconds: num(row.call_duration),
		cost: num(row.call_cost),
		voicemail_detected: bool(row.voicemail_detected),
		...NOT_FROM_EVENTS,
		recording_url: firstText(row.audio_recording, row.recording_url),
		transcript: row.transcript,
		platform_analysis: obj(row.platform_analysis),
		client_analysis: obj(row.client_analysis),
		custom_variables: obj(row.custom_args_values),
		raw: row,
	});
}

/**
 * The `data` of GET /calling/call-details: `call_status`, `call_sub_status`,
 * `call_direction`, `callee_name`, `agent_id`, `initiation_time`, `recording_url`,
 * `transcription_url` (the turns: a list as documented, JSON text on the live service), and
 * with send_analysis the two analyses.
 */
export function recordFromDetails(data: Source): CallRecord {
	return build({
		call_id: firstText(data.id, data.call_id),
		status: firstText(data.call_status, data.status),
		sub_status: firstText(data.call_sub_status, data.sub_status),
		direction: firstText(data.call_direction, data.call_type),
		assistant: assistant(data.agent_id, data.agent_name, data.version_id, data.version_slug),
		from_number: text(data.from_number),
		to_number: text(data.to_number),
		callee_name: text(data.callee_name),
		created_at: firstText(data.initiation_time, data.created_at),
		started_at: text(data.call_attempt_time),
		duration_seconds: num(data.call_duration),
		cost: num(data.call_cost),
		voicemail_detected: bool(data.voicemail_detected),
		...NOT_FROM_EVENTS,
		recording_url: text(data.recording_url),
		transcript: data.transcription_url ?? data.transcript,
		platform_analysis: obj(data.platform_analysis),
		client_analysis: obj(data.client_analysis),
		custom_variables: obj(data.custom_args_values),
		raw: data,
	});
}

/**
 * A call just started: the start answer's `data` (`call_id`, `call_status`, `initiated_at`,
 * `agent_id`, `call_direction`, `custom_args_values`) completed by what was sent (the
 * numbers, the callee's name, the assistant). `raw` is the answer (data and message).
 */
export function recordFromStart(answer: Source, sent: Source): CallRecord {
	const variables = obj(answer.custom_args_values) ?? obj(sent.custom_args_values);
	return build({
		call_id: text(answer.call_id),
		status: text(answer.call_status),
		sub_status: text(answer.call_sub_status),
		direction: text(answer.call_direction) ?? 'outbound',
		assistant: assistant(answer.agent_id ?? sent.agent_id, null, sent.version_id),
		from_number: firstText(answer.from_number, sent.from_number),
		to_number: firstText(answer.to_number, sent.mobile_number),
		callee_name: firstText(sent.name, variables?.callee_name),
		created_at: text(answer.initiated_at),
		started_at: null,
		duration_seconds: null,
		cost: null,
		voicemail_detected: null,
		...NOT_FROM_EVENTS,
		recording_url: null,
		transcript: undefined,
		platform_analysis: null,
		client_analysis: null,
		custom_variables: variables,
		raw: answer,
	});
}

/**
 * An event delivery, flat: `call_id`, `status`, `sub_status`, `agent_id`, `agent_name`,
 * `version_id`, `version_slug`, `call_type`, `to_number`, `from_number`, `call_duration`,
 * `call_cost`, `transcript` (a list), `recording_url`, `custom_args_values`, and by event:
 * `timestamp` (call_started), `analysis_data` (platform_/client_analysis_completed), both
 * analyses (all_processing_completed). recording_completed has no status and no agent_id.
 * Since 2026-08-04 every event also carries `overall_latency_seconds`,
 * `first_utterance_seconds` (null before the call connects) and `tool_call_logs` (a list),
 * and many carry `calling_source`; older deliveries lack them: null.
 */
export function recordFromEvent(event: Source, eventType?: string): CallRecord {
	const analysis = obj(event.analysis_data);
	const nested = obj(event.analysis);
	const variables = obj(event.custom_args_values);
	return build({
		call_id: firstText(event.call_id, event.id),
		status: firstText(event.status, event.call_status),
		sub_status: firstText(event.sub_status, event.call_sub_status),
		direction: firstText(event.call_type, event.call_direction),
		assistant: assistant(event.agent_id, event.agent_name, event.version_id, event.version_slug),
		from_number: text(event.from_number),
		to_number: text(event.to_number),
		callee_name: firstText(event.callee_name, event.name, variables?.callee_name),
		created_at: firstText(event.created_at, eventType === 'call_started' ? event.timestamp : null),
		started_at: text(event.call_attempt_time),
		duration_seconds: num(event.call_duration),
		cost: num(event.call_cost),
		voicemail_detected: bool(event.voicemail_detected),
		overall_latency_seconds: num(event.overall_latency_seconds),
		first_utterance_seconds: num(event.first_utterance_seconds),
		calling_source: text(event.calling_source),
		recording_url: firstText(event.recording_url, event.audio_recording),
		transcript: event.transcript ?? event.transcription_url,
		platform_analysis:
			obj(event.platform_analysis) ??
			obj(nested?.platform_analysis) ??
			(eventType === 'platform_analysis_completed' ? analysis : null),
		client_analysis:
			obj(event.client_analysis) ??
			obj(nested?.client_analysis) ??
			(eventType === 'client_analysis_completed' ? analysis : null),
		tool_call_logs: list(event.tool_call_logs),
		custom_variables: variables,
		raw: event,
	});
}

/**
 * One record from two reads of the same call (a history row, then its details): the first
 * record's values, with what it leaves unknown taken from the second. `raw` stays the first
 * answer's; the second is kept under `raw_details`.
 */
export function mergeRecords(first: CallRecord, second: CallRecord): IDataObject {
	const merged: IDataObject = { ...first } as unknown as IDataObject;
	for (const [key, value] of Object.entries(second)) {
		if (key === 'raw' || key === 'assistant' || key === 'ended_at' || key === 'outcome') continue;
		const current = merged[key];
		const unknown =
			current === null || (Array.isArray(current) && current.length === 0) || current === '';
		if (unknown && value !== null) merged[key] = value as IDataObject;
	}
	const a = first.assistant;
	const b = second.assistant;
	merged.assistant = {
		id: a.id ?? b.id,
		name: a.name ?? b.name,
		version_id: a.version_id ?? b.version_id,
		version_slug: a.version_slug ?? b.version_slug,
	};
	merged.ended_at = endOf(
		merged.started_at as string | null,
		merged.duration_seconds as number | null,
	);
	// Derived again from the merged values: the details may bring what decides them.
	Object.assign(
		merged,
		outcomeFrom(merged as unknown as CallRecord),
		analysisFields(merged.platform_analysis as IDataObject | null),
	);
	// Keys in the record's order, raw last.
	const { raw, ...rest } = merged;
	return { ...rest, raw, raw_details: second.raw };
}

/** The record as n8n item JSON. */
export const asJson = (record: CallRecord): IDataObject => record as unknown as IDataObject;

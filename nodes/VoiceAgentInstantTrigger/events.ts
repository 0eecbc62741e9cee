/**
 * What the service POSTs, as pure functions: a delivery body -> what it is, the key it is
 * deduplicated on, and the item the trigger emits. No n8n context here.
 *
 * Two shapes arrive:
 *   event subscription  {event_type, event_id, call_id, agent_id, occurred_at, data}
 *   per-call callback   {status: "success", message, data: {call_id, status, ..., analysis?}}
 * Items are normalised like the polling trigger's: the call's fields at the top level,
 * transcript_turns and transcript_text beside the raw transcript, and the two analyses
 * flattened to platform_analysis / client_analysis where the delivery carries them.
 */
import type { IDataObject } from 'n8n-workflow';

import { TERMINAL_STATUSES } from '../shared/calls/statuses';
import { decodeTranscript } from '../shared/transcript';
import { isPlainObject } from '../shared/shape';

export const EVENT_TYPES = [
	'all_processing_completed',
	'call_completed',
	'recording_completed',
	'platform_analysis_completed',
	'client_analysis_completed',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** event_type of items made from per-call status callbacks. */
export const CALLBACK_EVENT = 'call_status';

export type Delivery =
	| {
			kind: 'event';
			eventType: string;
			callId: string;
			/** Deduplication key: the same on every retry and duplicate of one delivery. */
			key: string;
			/** Terminal for the call (an ended attempt that is not a retry, or a processing event). */
			terminal: boolean;
			item: IDataObject;
	  }
	| {
			kind: 'callback';
			eventType: typeof CALLBACK_EVENT;
			status: string;
			callId: string;
			key: string;
			terminal: boolean;
			item: IDataObject;
	  };

export type Classified = Delivery | { kind: 'unknown'; reason: string };

const text = (value: unknown): string | undefined =>
	typeof value === 'string' && value !== ''
		? value
		: typeof value === 'number' && Number.isFinite(value)
			? String(value)
			: undefined;

/** transcript_turns + transcript_text beside a raw transcript, when there is one. */
function withTranscript(item: IDataObject): IDataObject {
	if (item.transcript === undefined) return item;
	const { turns, text: plain } = decodeTranscript(item.transcript);
	return { ...item, transcript_turns: turns as unknown as IDataObject[], transcript_text: plain };
}

/** `analysis: {platform_analysis, client_analysis}` -> the two at the top level. */
function flattenAnalysis(item: IDataObject): IDataObject {
	const analysis = item.analysis;
	if (!isPlainObject(analysis)) return item;
	const rest = { ...item };
	delete rest.analysis;
	return {
		...rest,
		platform_analysis: (analysis.platform_analysis ?? null) as IDataObject | null,
		client_analysis: (analysis.client_analysis ?? null) as IDataObject | null,
	};
}

function eventItem(body: IDataObject, eventType: string, callId: string): IDataObject {
	const data = isPlainObject(body.data) ? (body.data as IDataObject) : {};
	const meta: IDataObject = {
		event_type: eventType,
		event_id: text(body.event_id) ?? null,
		call_id: callId,
		agent_id: text(body.agent_id) ?? null,
		occurred_at: text(body.occurred_at) ?? null,
		source: 'event',
	};
	if (eventType === 'all_processing_completed') {
		// {call: <history record>, transcript, recording_url, recording_duration, analyses}
		const { call, ...rest } = data;
		const record = isPlainObject(call) ? (call as IDataObject) : {};
		return flattenAnalysis(withTranscript({ ...meta, ...record, ...rest, call_id: callId }));
	}
	return flattenAnalysis(withTranscript({ ...meta, ...data, call_id: callId }));
}

/** Reads one delivery body. Anything that is not one of the two shapes is 'unknown'. */
export function classify(body: unknown): Classified {
	if (!isPlainObject(body)) return { kind: 'unknown', reason: 'the body is not a JSON object' };
	const b = body as IDataObject;
	const eventType = text(b.event_type);
	if (eventType !== undefined) {
		const callId = text(b.call_id) ?? text((b.data as IDataObject | undefined)?.call_id);
		if (!callId) return { kind: 'unknown', reason: 'an event without call_id' };
		const data = isPlainObject(b.data) ? (b.data as IDataObject) : {};
		const attempt = text(data.attempt) ?? '';
		const key = text(b.event_id) ?? `${callId}:${eventType}:${attempt}`;
		const terminal =
			eventType === 'call_completed'
				? text(data.status) !== undefined && text(data.status) !== 'retry'
				: eventType !== 'call_started';
		return {
			kind: 'event',
			eventType,
			callId,
			key,
			terminal,
			item: eventItem(b, eventType, callId),
		};
	}
	if (isPlainObject(b.data)) {
		const data = b.data as IDataObject;
		const callId = text(data.call_id);
		const status = text(data.status);
		if (callId && status) {
			const retry = text(data.retry) ?? '0';
			const item = flattenAnalysis(
				withTranscript({
					event_type: CALLBACK_EVENT,
					event_id: null,
					call_id: callId,
					agent_id: text(data.agent_id) ?? null,
					occurred_at: null,
					source: 'callback',
					...data,
				}),
			);
			return {
				kind: 'callback',
				eventType: CALLBACK_EVENT,
				status,
				callId,
				key: `${callId}:${CALLBACK_EVENT}:${status}:${retry}`,
				terminal: TERMINAL_STATUSES.includes(status),
				item,
			};
		}
	}
	return { kind: 'unknown', reason: 'neither an event nor a call status callback' };
}

/**
 * The one event per call the safety net stands in for, and whose arrival tells it the call
 * was handled: the last of the selected ones to arrive.
 */
export function primaryEvent(events: string[], callbacks: boolean): string | undefined {
	if (events.includes('all_processing_completed')) return 'all_processing_completed';
	if (events.includes('call_completed')) return 'call_completed';
	if (callbacks) return CALLBACK_EVENT;
	return events[0];
}

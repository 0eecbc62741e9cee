/**
 * What the service POSTs, as pure functions: a delivery body -> what it is, the key it is
 * deduplicated on, and the item the trigger emits. No n8n context here.
 *
 * Two shapes arrive:
 *   event subscription  {event_type, event_id, call_id, agent_id, occurred_at, data}
 *   per-call callback   {status: "success", message, data: {call_id, status, ..., analysis?}}
 * Items are the call record every node outputs (shared/calls/record.ts), after how the
 * delivery arrived: event_type, event_id, occurred_at, source.
 */
import type { IDataObject } from 'n8n-workflow';

import { recordFromEvent } from '../shared/calls/record';
import { TERMINAL_STATUSES } from '../shared/calls/statuses';
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

/** The emitted item: how it arrived (event_type, event_id, occurred_at, source), then the call record. */
function item(
	meta: IDataObject,
	payload: IDataObject,
	eventType: string,
	callId: string,
	raw: IDataObject,
): IDataObject {
	const record = recordFromEvent(payload, eventType);
	// `raw` is the delivery's body as it arrived.
	return { ...meta, ...(record as unknown as IDataObject), call_id: record.call_id ?? callId, raw };
}

function eventItem(body: IDataObject, eventType: string, callId: string): IDataObject {
	const data = isPlainObject(body.data) ? (body.data as IDataObject) : {};
	const meta: IDataObject = {
		event_type: eventType,
		event_id: text(body.event_id) ?? null,
		occurred_at: text(body.occurred_at) ?? text(body.timestamp) ?? null,
		source: 'event',
	};
	// The call's fields: at the top level (flat payloads), or under `data` (and its `call`).
	const call = isPlainObject(data.call) ? (data.call as IDataObject) : {};
	const payload: IDataObject = { ...call, ...data, ...body };
	delete payload.data;
	delete payload.call;
	return item(meta, payload, eventType, callId, body);
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
			const meta = {
				event_type: CALLBACK_EVENT,
				event_id: null,
				occurred_at: null,
				source: 'callback',
			};
			return {
				kind: 'callback',
				eventType: CALLBACK_EVENT,
				status,
				callId,
				key: `${callId}:${CALLBACK_EVENT}:${status}:${retry}`,
				terminal: TERMINAL_STATUSES.includes(status),
				item: item(meta, data, CALLBACK_EVENT, callId, b),
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

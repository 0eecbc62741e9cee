/**
 * What the service POSTs, as pure functions: a delivery body -> what it is, the key it is
 * deduplicated on, and the item the trigger emits. No n8n context here.
 *
 * Two shapes arrive:
 *   event subscription  flat JSON, no wrapper (vendor reference, 2026-08): common fields
 *                       {event_type, call_id, call_sid, agent_id, workspace_id, agent_name,
 *                       version_id, version_slug, custom_args_values, bulk_list_id, call_cost}
 *                       plus the event's own; recording_completed has no agent_id or status
 *   per-call callback   {status: "success", message, data: {call_id, status, ..., analysis?}}
 *                       (legacy: removed from the vendor reference on 2026-08-03)
 * Items are the call record every node outputs (shared/calls/record.ts), after how the
 * delivery arrived: event_type, event_id, occurred_at, source.
 */
import type { IDataObject } from 'n8n-workflow';

import { decisiveOutcome, normaliseSubStatus, type Outcome } from '../shared/calls/outcome';
import { recordFromEvent } from '../shared/calls/record';
import { TERMINAL_STATUSES } from '../shared/calls/statuses';
import { isPlainObject } from '../shared/http/shape';

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
	const meta: IDataObject = {
		event_type: eventType,
		event_id: text(body.event_id) ?? null,
		occurred_at: text(body.occurred_at) ?? text(body.timestamp) ?? null,
		source: 'event',
	};
	// Event payloads are flat: the call's fields are at the top level of the body.
	const built = item(meta, body, eventType, callId, body);
	if (eventType !== 'call_completed') return built;
	const { event_type, event_id, occurred_at, source, ...record } = built;
	const attempt_outcome = attemptOutcome(body, record.outcome);
	return { event_type, event_id, occurred_at, source, attempt_outcome, ...record };
}

/**
 * Sub-statuses a retry attempt's event may carry about the call's next attempt (queued), not
 * about the attempt that ended: they say nothing of how that one went.
 */
const NEXT_ATTEMPT = new Set(['queued', 'in_db']);

/**
 * How the attempt a call_completed reports ended. A final attempt's is the call's outcome.
 * A retry attempt (status "retry": the service calls again) has the outcome `pending`, the
 * call not being over; how that attempt went is what the delivery says of it, read as the
 * outcome table reads final calls: a sub-status that decides an outcome (carrier words such
 * as "busy line", "no answer", or VOICEMAIL_DETECTED), else the status of the last entry of
 * `attempts` (oldest first, in its original case, e.g. "Busy Line"), else
 * `voicemail_detected: true`; null when the delivery does not tell (RETRY_SCHEDULED, QUEUED).
 */
export function attemptOutcome(body: IDataObject, outcome: unknown): Outcome | null {
	if (typeof outcome === 'string' && outcome !== 'pending') return outcome as Outcome;
	const told = (value: unknown) => {
		const sub = text(value);
		if (sub === undefined || NEXT_ATTEMPT.has(normaliseSubStatus(sub))) return undefined;
		return decisiveOutcome(sub);
	};
	const attempts = Array.isArray(body.attempts) ? body.attempts : [];
	const last = attempts[attempts.length - 1] as IDataObject | undefined;
	return (
		told(body.sub_status) ??
		told(isPlainObject(last) ? last.status : undefined) ??
		(body.voicemail_detected === true ? 'voicemail' : null)
	);
}

/**
 * The key a delivery is deduplicated on: the same on every retry and duplicate of one
 * delivery, different for different deliveries. `event_id` where the payload has one
 * (call_started); else call + type (the vendor's advice), with the status for call_started
 * (a call that connects quickly sends a second one, status ongoing: another event, not a
 * copy), and for call_completed, which comes once per ended attempt, also the attempt and
 * its status: the retry attempt's event and the final one must not share a key.
 */
export function deliveryKeyOf(body: IDataObject, eventType: string, callId: string): string {
	const id = text(body.event_id);
	if (id) return `event:${id}`;
	if (eventType === 'call_started') return `${callId}:${eventType}:${text(body.status) ?? ''}`;
	if (eventType !== 'call_completed') return `${callId}:${eventType}`;
	return [
		callId,
		eventType,
		text(body.attempts) ?? '',
		text(body.retry_count) ?? '',
		text(body.status) ?? '',
	].join(':');
}

/** Reads one delivery body. Anything that is not one of the two shapes is 'unknown'. */
export function classify(body: unknown): Classified {
	if (!isPlainObject(body)) return { kind: 'unknown', reason: 'the body is not a JSON object' };
	const b = body as IDataObject;
	const eventType = text(b.event_type);
	if (eventType !== undefined) {
		const callId = text(b.call_id);
		if (!callId) return { kind: 'unknown', reason: 'an event without call_id' };
		// A call_completed with status "retry" is an attempt, not the end of the call.
		const status = text(b.status);
		const terminal =
			eventType === 'call_completed'
				? status !== undefined && status !== 'retry'
				: eventType !== 'call_started';
		return {
			kind: 'event',
			eventType,
			callId,
			key: deliveryKeyOf(b, eventType, callId),
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

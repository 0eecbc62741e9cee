/**
 * What a delivery body is (classify), the key it is deduplicated on, how a call_completed's
 * attempt ended, and the one event per call the safety net stands in for. Pure functions.
 */
import fc from 'fast-check';

import {
	attemptOutcome,
	CALLBACK_EVENT,
	classify,
	deliveryKeyOf,
	primaryEvent,
} from '../../../nodes/VoiceAgentInstantTrigger/events';

const RUNS = { numRuns: 300, seed: 20260101 };
const CALL = '11111111-2222-4333-8444-555555555555';
const EVENT_TYPES = [
	'call_started',
	'call_completed',
	'all_processing_completed',
	'recording_completed',
	'platform_analysis_completed',
];

describe('classify', () => {
	test('an event: flat, its type and call; the item says how it arrived and keeps the body', () => {
		const body = {
			event_type: 'all_processing_completed',
			event_id: 'e1',
			occurred_at: '2026-11-25T12:00:00Z',
			call_id: CALL,
			status: 'completed',
		};
		const got = classify(body);
		expect(got).toMatchObject({
			kind: 'event',
			eventType: 'all_processing_completed',
			callId: CALL,
			key: 'event:e1',
			terminal: true,
		});
		expect(got.kind === 'event' && got.item).toMatchObject({
			event_type: 'all_processing_completed',
			event_id: 'e1',
			occurred_at: '2026-11-25T12:00:00Z',
			source: 'event',
			call_id: CALL,
			raw: body,
		});
	});

	test('occurred_at falls back to timestamp, else null; a numeric call_id is text', () => {
		const got = classify({ event_type: 'recording_completed', call_id: 42, timestamp: 't' });
		expect(got).toMatchObject({ kind: 'event', callId: '42', key: '42:recording_completed' });
		expect(got.kind === 'event' && got.item).toMatchObject({
			event_id: null,
			occurred_at: 't',
		});
	});

	test('terminal: a call_completed with a status other than retry, every event but call_started', () => {
		fc.assert(
			fc.property(
				fc.constantFrom(...EVENT_TYPES),
				fc.option(fc.constantFrom('retry', 'completed', 'failed', 'ongoing'), { nil: undefined }),
				(eventType, status) => {
					const got = classify({ event_type: eventType, call_id: CALL, status });
					const terminal =
						eventType === 'call_completed'
							? status !== undefined && status !== 'retry'
							: eventType !== 'call_started';
					expect(got).toMatchObject({ kind: 'event', terminal });
				},
			),
			RUNS,
		);
	});

	test('a call_completed item carries attempt_outcome right after how it arrived', () => {
		const got = classify({
			event_type: 'call_completed',
			call_id: CALL,
			status: 'retry',
			sub_status: 'Busy Line',
			attempts: 1,
		});
		const item = got.kind === 'event' ? got.item : {};
		expect(Object.keys(item).slice(0, 5)).toEqual([
			'event_type',
			'event_id',
			'occurred_at',
			'source',
			'attempt_outcome',
		]);
		expect(item.attempt_outcome).toBe('busy');
	});

	test('a per-call callback: status, retry in the key, terminal by the status', () => {
		const body = {
			status: 'success',
			message: 'x',
			data: { call_id: CALL, status: 'completed', retry: 2 },
		};
		const got = classify(body);
		expect(got).toMatchObject({
			kind: 'callback',
			eventType: CALLBACK_EVENT,
			status: 'completed',
			callId: CALL,
			key: `${CALL}:call_status:completed:2`,
			terminal: true,
		});
		expect(got.kind === 'callback' && got.item).toMatchObject({
			event_type: 'call_status',
			event_id: null,
			occurred_at: null,
			source: 'callback',
			raw: body,
		});
		expect(classify({ data: { call_id: CALL, status: 'ongoing' } })).toMatchObject({
			key: `${CALL}:call_status:ongoing:0`,
			terminal: false,
		});
	});

	test('anything that is not a JSON object is unknown', () => {
		fc.assert(
			fc.property(
				fc.oneof(fc.constant(null), fc.string(), fc.double(), fc.array(fc.jsonValue())),
				(body) => {
					expect(classify(body)).toEqual({
						kind: 'unknown',
						reason: 'the body is not a JSON object',
					});
				},
			),
			RUNS,
		);
	});

	test.each([
		[{ event_type: 'call_completed' }, 'an event without call_id'],
		[{ event_type: 'call_completed', call_id: '' }, 'an event without call_id'],
		[{ data: { call_id: CALL } }, 'neither an event nor a call status callback'],
		[{ data: [] }, 'neither an event nor a call status callback'],
		[{ call_id: CALL, status: 'completed' }, 'neither an event nor a call status callback'],
	])('%j is unknown: %s', (body, reason) => {
		expect(classify(body)).toEqual({ kind: 'unknown', reason });
	});
});

describe('deliveryKeyOf', () => {
	test('event_id when there is one', () => {
		fc.assert(
			fc.property(fc.string({ minLength: 1 }), fc.constantFrom(...EVENT_TYPES), (id, type) => {
				expect(deliveryKeyOf({ event_id: id, status: 'x' }, type, CALL)).toBe(`event:${id}`);
			}),
			RUNS,
		);
	});

	test('else call and type; call_started adds its status, call_completed its attempt', () => {
		expect(deliveryKeyOf({}, 'recording_completed', CALL)).toBe(`${CALL}:recording_completed`);
		expect(deliveryKeyOf({ status: 'ongoing' }, 'call_started', CALL)).toBe(
			`${CALL}:call_started:ongoing`,
		);
		expect(
			deliveryKeyOf({ attempts: 2, retry_count: 1, status: 'retry' }, 'call_completed', CALL),
		).toBe(`${CALL}:call_completed:2:1:retry`);
		expect(deliveryKeyOf({}, 'call_completed', CALL)).toBe(`${CALL}:call_completed:::`);
	});

	test('two call_completed of one call share a key exactly when attempt and status agree', () => {
		const attempt = fc.record({
			attempts: fc.integer({ min: 1, max: 3 }),
			retry_count: fc.integer({ min: 0, max: 2 }),
			status: fc.constantFrom('retry', 'completed', 'failed'),
		});
		fc.assert(
			fc.property(attempt, attempt, (a, b) => {
				const same =
					a.attempts === b.attempts && a.retry_count === b.retry_count && a.status === b.status;
				expect(
					deliveryKeyOf(a, 'call_completed', CALL) === deliveryKeyOf(b, 'call_completed', CALL),
				).toBe(same);
			}),
			RUNS,
		);
	});
});

describe('attemptOutcome', () => {
	test('a final attempt: the call outcome as it is', () => {
		expect(attemptOutcome({ sub_status: 'Busy Line' }, 'answered')).toBe('answered');
	});

	test.each([
		[{ sub_status: 'Busy Line' }, 'busy'],
		[{ sub_status: 'VOICEMAIL_DETECTED' }, 'voicemail'],
		[{ sub_status: 'RETRY_SCHEDULED', attempts: [{ status: 'No Answer' }] }, 'no_answer'],
		[{ sub_status: 'QUEUED', attempts: [{ status: 'busy' }, { status: 'Rejected' }] }, 'rejected'],
		[{ sub_status: 'in_db', voicemail_detected: true }, 'voicemail'],
		[{ sub_status: 'RETRY_SCHEDULED' }, null],
		[{ sub_status: 'QUEUED', attempts: [{ status: 'queued' }] }, null],
		[{ attempts: ['busy'] }, null],
	])('a retry attempt %j ended %p', (body, outcome) => {
		expect(attemptOutcome(body, 'pending')).toBe(outcome);
		expect(attemptOutcome(body, undefined)).toBe(outcome);
	});
});

describe('primaryEvent', () => {
	test.each([
		[
			['call_started', 'call_completed', 'all_processing_completed'],
			true,
			'all_processing_completed',
		],
		[['call_completed', 'recording_completed'], true, 'call_completed'],
		[['call_started'], true, 'call_status'],
		[['recording_completed', 'call_started'], false, 'recording_completed'],
		[[], false, undefined],
	])('%j, callbacks %p: %p', (events, callbacks, primary) => {
		expect(primaryEvent(events, callbacks)).toBe(primary);
	});
});

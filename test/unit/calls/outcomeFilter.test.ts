/**
 * Not Reached, cause by cause: every outcome of a call that did not reach its callee and that
 * a call-back may reach, and `not_placed` only where the service's refusal passes (rate
 * limited, the pre-call API failing, a call reconciled to error from registered); an invalid
 * number, a Do Not Disturb listing, or a refusal that would repeat is not. The same rule for
 * the Polling Trigger (passesOutcomeFilter) and the Webhook Trigger (carriedFilterReason).
 */
import {
	carriedFilterReason,
	passesOutcomeFilter,
} from '../../../nodes/shared/calls/outcomeFilter';
import { outcomeOf } from '../../../nodes/shared/calls/outcome';

const NOT_REACHED = { outcomes: ['not_reached'], classification: '' };

/** The call record's outcome fields of a final call with this status and sub-status. */
const recordOf = (status: string, sub: string | null) => ({
	status,
	sub_status: sub,
	...outcomeOf({
		status,
		sub_status: sub,
		voicemail_detected: null,
		duration_seconds: null,
		analysis: null,
	}),
});

// [status, sub-status as served, its outcome, in Not Reached]
const CAUSES: Array<[string, string | null, string, boolean]> = [
	// The service's own refusals (not_placed), cause by cause.
	['cancelled', 'RATE_LIMITED', 'not_placed', true],
	['error', 'RATE_LIMITED', 'not_placed', true],
	['error', 'PRE_CALL_API_FAILED', 'not_placed', true],
	['error', 'RECONCILED_TO_ERROR_FROM_REGISTERED', 'not_placed', true],
	['error', 'pre call api failed', 'not_placed', true],
	['error', 'NOT_ABLE_TO_CALL', 'not_placed', false],
	['error', 'not_able_to_call', 'not_placed', false],
	['error', 'IN_DB', 'not_placed', false],
	['failed', 'QUEUED', 'not_placed', false],
	['cancelled', 'QUEUED', 'not_placed', false],
	// Calls that rang out, or did not get through: a call-back may reach them.
	['failed', 'busy line', 'busy', true],
	['failed', 'no answer', 'no_answer', true],
	['failed', 'USER_DID_NOT_JOIN', 'no_answer', true],
	['completed', 'VOICEMAIL_DETECTED', 'voicemail', true],
	['failed', 'rejected', 'rejected', true],
	['failed', 'RETRY_LIMIT_REACHED', 'failed', true],
	['error', 'network error', 'failed', true],
	['error', 'RECONCILED_TO_ERROR_FROM_ONGOING', 'failed', true],
	// Reached, or never to be called again.
	['completed', 'ACCEPTED', 'answered', false],
	['error', 'unallocated_number', 'invalid_number', false],
	['failed', 'DND_SKIPPED', 'do_not_disturb', false],
	['cancelled', 'USER_TERMINATED', 'cancelled', false],
	['forwarded', null, 'transferred', false],
];

describe('Not Reached, cause by cause', () => {
	test.each(CAUSES)('%s / %s (%s): in Not Reached %s', (status, sub, outcome, notReached) => {
		const record = recordOf(status, sub);
		expect(record.outcome).toBe(outcome);
		expect(passesOutcomeFilter(record, NOT_REACHED)).toBe(notReached);
		// The Webhook Trigger's final deliveries: the same answer, and why when filtered out.
		expect(carriedFilterReason(record, NOT_REACHED)).toBe(
			notReached ? undefined : `outcome ${outcome} is not selected`,
		);
	});

	test('Not Placed chosen itself takes every refusal, whatever its cause', () => {
		const placed = CAUSES.filter(([, , outcome]) => outcome === 'not_placed');
		for (const [status, sub] of placed)
			expect(
				passesOutcomeFilter(recordOf(status, sub), {
					outcomes: ['not_placed'],
					classification: '',
				}),
			).toBe(true);
	});

	test('an attempt the service retries (Call Attempt Ended): judged by the cause of that attempt', () => {
		// The delivery's sub-status is about the next attempt (QUEUED); the attempt's cause is
		// the last entry of attempts, as attempt_outcome reads it.
		const attempt = (cause: string, attempt_outcome: string) => ({
			outcome: 'pending',
			attempt_outcome,
			sub_status: 'QUEUED',
			raw: { attempts: [{ status: 'busy line' }, { status: cause }] },
		});
		expect(carriedFilterReason(attempt('rate_limited', 'not_placed'), NOT_REACHED)).toBeUndefined();
		expect(carriedFilterReason(attempt('not_able_to_call', 'not_placed'), NOT_REACHED)).toBe(
			'outcome not_placed of this retried attempt is not selected',
		);
		// A cause in the sub-status itself decides first.
		const told = { ...attempt('not_able_to_call', 'not_placed'), sub_status: 'RATE_LIMITED' };
		expect(carriedFilterReason(told, NOT_REACHED)).toBeUndefined();
	});
});

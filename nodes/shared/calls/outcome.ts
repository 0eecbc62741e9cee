/**
 * One outcome per call, from a closed list a Switch node can branch on, so that no user has
 * to read `sub_status` (two vocabularies: the history/details enum, and on failed event
 * deliveries the carrier's free lower-case text). Pure: the table in docs/call-record.md
 * lists every value mapped here.
 */
import { isTerminalStatus } from './statuses';

export const OUTCOMES = [
	'pending',
	'answered',
	'voicemail',
	'no_answer',
	'busy',
	'rejected',
	'invalid_number',
	'do_not_disturb',
	'not_placed',
	'cancelled',
	'transferred',
	'failed',
] as const;

export type Outcome = (typeof OUTCOMES)[number];

export interface OutcomeInput {
	status: string | null;
	sub_status: string | null;
	voicemail_detected: boolean | null;
	duration_seconds: number | null;
	/** The platform analysis, when the source carries it. */
	analysis: Record<string, unknown> | null;
}

export interface OutcomeResult {
	outcome: Outcome;
	/** A sub-status the table does not know, as served; null otherwise. */
	outcome_detail: string | null;
}

/** Any case, any separator: `Busy Line`, `busy line` and `BUSY_LINE` are one value. */
export const normaliseSubStatus = (value: string): string =>
	value
		.trim()
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '_')
		.replace(/^_|_$/g, '');

/** Sub-statuses that decide the outcome of any final call, whatever its status. */
const DECISIVE: Record<string, Outcome> = {
	voicemail_detected: 'voicemail',
	voicemail_detected_via_llm: 'voicemail',
	dnd_skipped: 'do_not_disturb',
	// Carrier causes (event deliveries of failed/error calls).
	busy_line: 'busy',
	busy: 'busy',
	no_answer: 'no_answer',
	ring_timeout_reached: 'no_answer',
	user_did_not_join: 'no_answer',
	rejected: 'rejected',
	unallocated_number: 'invalid_number',
	not_able_to_call: 'not_placed',
	pre_call_api_failed: 'not_placed',
	rate_limited: 'not_placed',
	reconciled_to_error_from_registered: 'not_placed',
	in_db: 'not_placed',
	queued: 'not_placed',
};

/**
 * The outcome a sub-status decides by itself (the first table of docs/call-record.md), in
 * either vocabulary and any case; undefined for one that leaves it to the status, or unknown.
 */
export function decisiveOutcome(subStatus: string | null | undefined): Outcome | undefined {
	if (typeof subStatus !== 'string') return undefined;
	const sub = normaliseSubStatus(subStatus);
	return Object.prototype.hasOwnProperty.call(DECISIVE, sub) ? DECISIVE[sub] : undefined;
}

/**
 * Known sub-statuses that leave the outcome to the status: on `completed` a person was on
 * the line; on `failed`/`error` nothing finer is said.
 */
const BY_STATUS = new Set([
	'accepted',
	'user_terminated',
	'user_left',
	'user_became_idle',
	'max_call_duration',
	'phonos_timeout',
	'reconciled_to_completed_from_ongoing',
	'campaign_time_exceeded',
	'retry_limit_reached',
	'retry_scheduled',
	'failed',
	'network_error',
	'reconciled_to_error_from_retry',
	'reconciled_to_error_from_ongoing',
]);

const hasText = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

/**
 * A completed call whose sub-status says nothing finer: a voicemail flag, then the duration
 * (0 seconds: nobody answered), then the analysis (the service leaves it empty when the call
 * never connected); a completed call without any of them was answered.
 */
function completedBy(input: OutcomeInput): Outcome {
	if (input.voicemail_detected === true) return 'voicemail';
	if (input.duration_seconds !== null) return input.duration_seconds > 0 ? 'answered' : 'no_answer';
	const a = input.analysis;
	if (a === null) return 'answered';
	const spoke =
		hasText(a.summary) ||
		hasText(a.call_disconnect_reason) ||
		(Array.isArray(a.key_points) && a.key_points.length > 0);
	return spoke ? 'answered' : 'no_answer';
}

export function outcomeOf(input: OutcomeInput): OutcomeResult {
	const status = input.status?.trim().toLowerCase() ?? '';
	const sub = input.sub_status === null ? '' : normaliseSubStatus(input.sub_status);
	const known = sub === '' || sub in DECISIVE || BY_STATUS.has(sub);
	const outcome_detail = known ? null : (input.sub_status as string);
	if (!isTerminalStatus(status)) return { outcome: 'pending', outcome_detail };
	if (status === 'forwarded') return { outcome: 'transferred', outcome_detail };
	const decided = DECISIVE[sub];
	// A voicemail flag on a completed call outweighs a sub-status that says it was answered.
	if (status === 'completed' && input.voicemail_detected === true && decided === undefined)
		return { outcome: 'voicemail', outcome_detail };
	if (decided !== undefined) return { outcome: decided, outcome_detail };
	if (status === 'cancelled') return { outcome: 'cancelled', outcome_detail };
	if (status === 'completed') {
		const told = sub !== '' && known;
		return { outcome: told ? 'answered' : completedBy(input), outcome_detail };
	}
	return { outcome: 'failed', outcome_detail };
}

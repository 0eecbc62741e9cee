/**
 * The Outcomes and Classification filters both triggers offer, applied to a call record
 * (record.ts: `outcome`, `classification`). Pure, so both triggers filter the same way.
 */
import type { INodeProperties } from 'n8n-workflow';

import { decisiveOutcome, normaliseSubStatus, OUTCOMES } from './outcome';

/** Every final outcome: `pending` is never the outcome of an ended call. */
export const FINAL_OUTCOMES = OUTCOMES.filter((o) => o !== 'pending');

/**
 * "Not Reached": every outcome of a call that did not reach its callee and may be tried again.
 * One choice, because the sources tell these apart differently: the history reports a call
 * nobody answered, or a busy line, as `failed` (its sub-status enum has no busy), while the
 * Webhook Trigger's events carry the carrier's cause (`no_answer`, `busy`).
 */
export const NOT_REACHED = 'not_reached';
export const NOT_REACHED_OUTCOMES: readonly string[] = [
	'no_answer',
	'busy',
	'voicemail',
	'rejected',
	'failed',
];

/**
 * The causes of `not_placed` that are the service's passing refusals, so Not Reached too: a
 * call-back may get through. The others are not: NOT_ABLE_TO_CALL would likely refuse again,
 * and IN_DB or QUEUED on a final status say only that the call ended before it was placed
 * (a queued call the user cancelled among them).
 */
export const PASSING_REFUSALS: readonly string[] = [
	'rate_limited',
	'pre_call_api_failed',
	'reconciled_to_error_from_registered',
];

/** What the Outcomes field may hold: each final outcome, and Not Reached. */
export const OUTCOME_CHOICES = [NOT_REACHED, ...FINAL_OUTCOMES];

/** The outcomes a selection stands for (Not Reached: each of its outcomes, not_placed apart). */
function chosenOutcomes(selected: readonly string[]): Set<string> {
	return new Set(selected.flatMap((o) => (o === NOT_REACHED ? NOT_REACHED_OUTCOMES : [o])));
}

/** Sub-statuses a retried attempt's delivery carries about the next attempt, not that one. */
const NEXT_ATTEMPT = new Set(['queued', 'in_db']);

interface Judged {
	outcome?: unknown;
	sub_status?: unknown;
	attempt_outcome?: unknown;
	raw?: unknown;
}

/**
 * The cause the outcome was read from, normalised: the sub-status; for a retried attempt
 * (attempt_outcome) the one its outcome was read from, as the Webhook Trigger reads it: the
 * sub-status where it decides one, else the last entry of `attempts`.
 */
function causeOf(record: Judged): string | undefined {
	const norm = (v: unknown) => (typeof v === 'string' ? normaliseSubStatus(v) : undefined);
	const sub = norm(record.sub_status);
	if (record.attempt_outcome === undefined) return sub;
	if (sub && !NEXT_ATTEMPT.has(sub) && decisiveOutcome(sub)) return sub;
	const raw = record.raw as { attempts?: unknown } | null | undefined;
	const attempts = Array.isArray(raw?.attempts) ? (raw.attempts as unknown[]) : [];
	const last = attempts[attempts.length - 1] as { status?: unknown } | null | undefined;
	return norm(last?.status);
}

/** Whether an outcome (the record's, or its attempt's) is chosen: Not Reached by its cause too. */
export function outcomeChosen(outcome: unknown, record: Judged, selected: readonly string[]) {
	if (chosenOutcomes(selected).has(String(outcome))) return true;
	if (outcome !== 'not_placed' || !selected.includes(NOT_REACHED)) return false;
	const cause = causeOf(record);
	return cause !== undefined && PASSING_REFUSALS.includes(cause);
}

export interface OutcomeFilter {
	/** Empty: every outcome. */
	outcomes: string[];
	/** Empty: any classification (none included). */
	classification: string;
}

const label = (value: string) =>
	value
		.split('_')
		.map((w) => w.charAt(0).toUpperCase() + w.slice(1))
		.join(' ');

/** The two filter fields, for a trigger's Filters collection. */
export function outcomeFilterFields(classificationNote: string): INodeProperties[] {
	return [
		{
			displayName: 'Outcomes',
			name: 'outcomes',
			type: 'multiOptions',
			options: [
				{
					name: 'Not Reached',
					value: NOT_REACHED,
					description: `Every call that did not reach its callee: ${NOT_REACHED_OUTCOMES.map(label).join(', ')}, and Not Placed when the service refused for a passing reason (rate limited, its pre-call API failed, reconciled to error from registered)`,
				},
				...FINAL_OUTCOMES.map((value) => ({ name: label(value), value })),
			],
			default: [],
			description:
				'Only calls with one of these outcomes (the record\'s "outcome"); none selected means every outcome',
		},
		{
			displayName: 'Classification Name or ID',
			name: 'classification',
			type: 'options',
			typeOptions: {
				loadOptionsMethod: 'getClassificationLabels',
				loadOptionsDependsOn: ['assistant.value'],
			},
			default: '',
			description: `Only calls the analysis classified with this label (any case); empty means any. Lists the chosen assistant's classification labels; an expression takes free text. ${classificationNote} Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
		},
	];
}

/** Whether a call record passes: its outcome is chosen, and its classification matches. */
export function passesOutcomeFilter(
	record: Judged & { classification?: unknown },
	filter: OutcomeFilter,
): boolean {
	if (filter.outcomes.length > 0 && !outcomeChosen(record.outcome, record, filter.outcomes))
		return false;
	const wanted = filter.classification.trim().toLowerCase();
	if (wanted === '') return true;
	return (
		typeof record.classification === 'string' &&
		record.classification.trim().toLowerCase() === wanted
	);
}

/**
 * The webhook's rule: each filter judges only the deliveries that carry what it reads (a
 * final status for Outcomes, an analysis for Classification); the others pass. An ended
 * attempt (Call Attempt Ended: `attempt_outcome`) is judged by how that attempt ended, so a
 * retry attempt passes Outcomes only when its own outcome (busy, no answer, ...) is selected,
 * never as `pending`; one whose outcome the delivery does not tell (null) does not pass.
 * Returns why a delivery is ignored, or undefined.
 */
export function carriedFilterReason(
	record: Judged & { classification?: unknown; platform_analysis?: unknown },
	filter: OutcomeFilter,
): string | undefined {
	const attempt = record.attempt_outcome !== undefined;
	const judged = attempt ? record.attempt_outcome : record.outcome;
	if (filter.outcomes.length > 0 && attempt && judged === null) {
		const said =
			typeof record.sub_status === 'string' ? ` (sub_status "${record.sub_status}")` : '';
		return `the outcome of this retried attempt is not known${said}`;
	}
	const final = judged !== undefined && judged !== null && judged !== 'pending';
	if (final && filter.outcomes.length > 0 && !outcomeChosen(judged, record, filter.outcomes)) {
		return record.outcome === 'pending'
			? `outcome ${String(judged)} of this retried attempt is not selected`
			: `outcome ${String(judged)} is not selected`;
	}
	const analysed = record.platform_analysis !== null && record.platform_analysis !== undefined;
	if (analysed && !passesOutcomeFilter(record, { ...filter, outcomes: [] }))
		return `classification ${JSON.stringify(record.classification ?? null)} is not selected`;
	return undefined;
}

/**
 * The two closed lists of a row that is not called, for every operation that dials (Start,
 * Campaign Create, Call Back), documented in docs/operations.md ("Rows not called"), whose
 * tables a test holds to these lists:
 *
 *   skip     not called by rule, never an error: the row is output (or left out of a campaign)
 *            with its code and a sentence;
 *   refuse   a value it cannot be called with: an error naming the field and the item (with
 *            Continue On Fail, or in a Dry Run Report, the row's output).
 *
 * `zone_unknown` is in both: the same fact judged by the operation's policy (the judge's
 * `unknownZone` argument): Start refuses the row, Campaign Create leaves it out.
 */

/** Every reason a row is skipped, in the order the docs give them. */
export const SKIP_CODES = [
	/** The number is on the Do Not Call list. */
	'do_not_call',
	/** Campaign Create: the callee's zone is unknown, so the row is left out of the campaigns. */
	'zone_unknown',
	/** A later time a day or more away: `send_from` says from when it can be placed. */
	'too_far_ahead',
	/** Call Back: the source call is the last its chain may have (Max Attempts). */
	'max_attempts',
	/** Call Back: the source call is not over (retry, registered, ongoing): it may still ring. */
	'source_not_over',
	/** Call Back: a call-back of the source is proven (its parent_call_id, or this execution). */
	'already_called_back',
	/** Call Back: only presumed, a later call of the assistant to the callee, no parent shown. */
	'presumed_called_back',
] as const;

export type SkipCode = (typeof SKIP_CODES)[number];

/** Every reason a row is refused, in the order the docs give them. */
export const REFUSAL_CODES = [
	/** The number cannot be read, or no number of its country can be so. */
	'invalid_number',
	/** Start: the assistant's prompt uses a variable the row gives no value (Refuse). */
	'missing_prompt_variable',
	/** Start: the callee's zone is unknown with Call Window in the Callee's Time Zone. */
	'zone_unknown',
	/** Any other value of the row, as its field's reader refuses it. */
	'invalid_input',
] as const;

export type RefusalCode = (typeof REFUSAL_CODES)[number];

/**
 * What a Dry Run counts, every one listed even at 0: the skip a Dry Run of Start or Create can
 * meet (the list) and every refusal code (Create's left-out unknown zone counts as its code).
 */
export const DRY_RUN_CODES = ['do_not_call', ...REFUSAL_CODES] as const;

export type DryRunCode = (typeof DRY_RUN_CODES)[number];

/**
 * Every item Call Back does not call is output the same way, beside its item and never as an
 * error (a Switch on `skipped` routes it): `skipped`, one code of this closed list, and
 * `skip_reason`, a sentence, then what the code adds and the chain's keys (`parent_call_id`,
 * `attempt`, `already_called_back`).
 */
import type { IDataObject } from 'n8n-workflow';

import { DO_NOT_CALL } from '../../../../shared/calls/doNotCall';

export const CALL_BACK_SKIPS = [
	/** The number is on the Do Not Call list. */
	DO_NOT_CALL,
	/** A requested time a day or more away: `send_from` says from when it can be placed. */
	'too_far_ahead',
	/** The source call is the last its chain may have (Max Attempts). */
	'max_attempts',
	/** A call-back of the source is proven (its parent_call_id, or placed by this execution). */
	'already_called_back',
	/** Only presumed: a later call of the assistant to the callee, where no parent is shown. */
	'presumed_called_back',
] as const;

export type CallBackSkip = (typeof CALL_BACK_SKIPS)[number];

export function skipOutput(
	code: CallBackSkip,
	reason: string,
	extra: IDataObject = {},
): IDataObject {
	return { skipped: code, skip_reason: reason, ...extra };
}

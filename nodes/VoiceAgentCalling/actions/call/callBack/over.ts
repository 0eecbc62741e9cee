/**
 * Whether the source call is over. A call in `retry` is called again by the service, and a
 * `registered` (queued, scheduled) or `ongoing` one is not done yet: a call-back then would
 * call the callee twice. Its status is the details' (the service's latest word, over what the
 * item says), from the read Call Back made for the item when it made one, else from one read
 * more; where the details give none, the item's own. A status that is not one that ends a call
 * (statuses.ts), or none at all, is not over: nothing is placed on a guess. A read that fails
 * fails the item, as every read of Call Back does.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readCallDetails } from '../../../../shared/calls/details';
import { recordFromDetails } from '../../../../shared/calls/record';
import { isTerminalStatus } from '../../../../shared/calls/statuses';
import type { Skip } from '../../../../shared/dialling/callee/verdict';
import type { SourceCall } from './source';

/** What a status that is not over means, for the sentence. */
const MEANING = new Map([
	['retry', 'the service will call again'],
	['registered', 'it is queued or scheduled, not placed yet'],
	['ongoing', 'it is in progress'],
]);

function notOverSentence(status: string | null): string {
	const known = status === null ? undefined : MEANING.get(status.toLowerCase());
	const meaning =
		status === null
			? 'the service shows no status for it, so it is not known to be over'
			: known
				? `its status is "${status}": ${known}`
				: `its status is "${status}", which is not one that ends a call`;
	return `The call is not over: ${meaning}. No call-back is placed, so the callee is not called twice: call back once it has ended`;
}

/** Whether the source is known not to be over without a request (its details were read). */
export const knownNotOver = (src: SourceCall): boolean =>
	src.detailsRead && !isTerminalStatus(src.status);

/** The skip of a source that is not over (its chain's keys in `tail`); undefined: it is over. */
export async function sourceNotOver(
	ctx: IExecuteFunctions,
	src: SourceCall,
	i: number,
	tail: IDataObject,
): Promise<Skip | undefined> {
	let status = src.status;
	if (!src.detailsRead) {
		const data = await readCallDetails(ctx, src.id, false, { itemIndex: i });
		const told = recordFromDetails(data).status?.trim();
		if (told) status = told;
	}
	if (isTerminalStatus(status)) return undefined;
	return {
		code: 'source_not_over',
		sentence: notOverSentence(status),
		extra: { source_status: status, ...tail },
	};
}

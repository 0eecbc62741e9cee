/**
 * What Fetch Test Event says when it finds no call to show: n8n shows an empty panel for a
 * poll that returns nothing, and a user who chose No Answer and Busy cannot tell that the
 * history reports such calls as Failed. Pure.
 */
import { NOT_REACHED, NOT_REACHED_OUTCOMES } from '../shared/calls/outcomeFilter';

export interface NoTestEventContext {
	/** The Outcomes chosen (empty: every outcome). */
	outcomes: string[];
	classification: string;
	/** An assistant was chosen. */
	assistant: boolean;
}

/** Why Fetch Test Event found nothing, and what to change: a message and its description. */
export function noTestEventMessage(c: NoTestEventContext): {
	message: string;
	description: string;
} {
	const what: string[] = [];
	if (c.assistant) what.push('of the chosen assistant');
	if (c.outcomes.length) what.push(`with the Outcomes chosen (${c.outcomes.join(', ')})`);
	if (c.classification.trim()) what.push(`classified "${c.classification.trim()}"`);
	const message = `No ended call ${what.length ? what.join(', ') : 'at all'} in the call history`;
	const hints = [
		'Fetch Test Event shows the newest ended call the filters let through; make a call, or widen the filters.',
	];
	const reachedAsFailed = c.outcomes.some((o) => o === 'no_answer' || o === 'busy');
	if (reachedAsFailed && !c.outcomes.includes(NOT_REACHED)) {
		hints.push(
			`The call history reports a call nobody answered, or a busy line, as Failed (it has no busy): choose Not Reached (${NOT_REACHED_OUTCOMES.join(', ')}) to catch them, or use the Webhook Trigger, whose events carry the carrier's cause.`,
		);
	}
	if (c.classification.trim()) {
		hints.push('A call whose analysis is not ready yet has no classification.');
	}
	return { message, description: hints.join(' ') };
}

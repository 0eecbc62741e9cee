/**
 * Call Back's Do Not Call list: read once per run of the node from the first input item (as
 * the fields say: "the first input item"), before any request, and built once for all items.
 * Kept by the run (engine/run.ts), which every item of the execution shares and which dies
 * with it. A list that cannot be read fails every item alike: nobody is called from a list
 * that was not read.
 */
import { readDoNotCall } from '../../../../shared/dialling/callee/doNotCallField';
import { perRun } from '../../../../shared/engine/run';

/** The list as E.164 numbers, or undefined when Do Not Call is None. */
export const doNotCallOfRun = perRun(
	// Its numbers carry their country code: a call back has no Default Country Code.
	(ctx): Promise<Set<string> | undefined> => readDoNotCall(ctx, 0, () => []),
);

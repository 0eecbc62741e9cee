/**
 * Call Back's Do Not Call list: read once per run of the node from the first input item (as
 * the fields say: "the first input item"), before any request, and built once for all items.
 * Kept by the node's execute context, which every item of the run shares and which dies with
 * the run (nothing outlives an execution). A list that cannot be read fails every item alike:
 * nobody is called from a list that was not read.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { readDoNotCall } from '../../../../shared/dialling/callee/doNotCallField';

const listOfRun = new WeakMap<object, Promise<Set<string> | undefined>>();

/** The list as E.164 numbers, or undefined when Do Not Call is None. */
export function doNotCallOfRun(ctx: IExecuteFunctions): Promise<Set<string> | undefined> {
	let list = listOfRun.get(ctx);
	if (!list) {
		// Its numbers carry their country code: a call back has no Default Country Code.
		list = readDoNotCall(ctx, 0, () => []);
		listOfRun.set(ctx, list);
	}
	return list;
}

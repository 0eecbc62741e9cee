/**
 * Do Not Call in Start: the run's list, read once. A row the callee verdict skips (a listed
 * number) keeps its skip verdict through the batch: every later step (prompt check, duplicate
 * guard, dialling) looks only at rows to call, and it is output as skipped at the end, never
 * as an error, whatever Continue On Fail says.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { readCountryCode } from '../../../../shared/dialling/callee/values';
import { readDoNotCall } from '../../../../shared/dialling/callee/doNotCallField';
import { fields } from '../../../../shared/engine/params';
import type { StartRowInput } from './row';

/**
 * Every Default Country Code the rows give (a field of each row: a mixed-country sheet gives
 * several). A code that is not one is left out here: its row is refused by its own check and
 * never called.
 */
function runCountryCodes(rows: readonly StartRowInput[]): string[] {
	const codes = new Set<string>();
	for (const { params, index: i } of rows) {
		try {
			const text = fields(params, i).text('defaultCountryCode', 'Default Country Code');
			codes.add(readCountryCode(params.getNode(), 'Default Country Code', text, i) ?? '');
		} catch {
			// Refused on its row.
		}
	}
	return [...codes];
}

/**
 * The list, read from the first item; undefined when none. A number listed without a country
 * code is completed with every row's Default Country Code (buildDoNotCall): matched with the
 * first row's code only, a mixed sheet's listed 415 555 0101 became +444155550101 and the US
 * row +14155550101 was called. The rows' codes are the ones their rows hold (row.ts).
 */
export async function readStartDoNotCall(
	ctx: IExecuteFunctions,
	rows: readonly StartRowInput[],
): Promise<Set<string> | undefined> {
	return await readDoNotCall(ctx, 0, () => runCountryCodes(rows));
}

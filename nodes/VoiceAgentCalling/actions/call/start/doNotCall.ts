/**
 * Do Not Call in Start: a listed row becomes a Listed marker in place of its request, so every
 * later step (prompt check, duplicate guard, dialling) passes it by as it passes a bad row,
 * and it is output as skipped at the end, never as an error, whatever Continue On Fail says.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readCountryCode } from '../../../../shared/calls/callee';
import { DO_NOT_CALL } from '../../../../shared/calls/doNotCall';
import { readDoNotCall } from '../../../../shared/calls/doNotCallField';
import { fields } from '../../../../shared/engine/params';
import type { ItemResult } from '../../../../shared/engine/router';
import type { StartRequest } from './body';
import { batchParams } from './batchParams';

export class Listed extends Error {
	constructor(readonly number: string) {
		super('on the Do Not Call list');
	}
}

/**
 * Every Default Country Code the rows give (a field of each row: a mixed-country sheet gives
 * several). A code that is not one is left out here: its row is refused by its own check and
 * never called.
 */
function runCountryCodes(ctx: IExecuteFunctions, itemCount: number): string[] {
	const rows = batchParams(ctx);
	const codes = new Set<string>();
	for (let i = 0; i < itemCount; i++) {
		try {
			const text = fields(rows, i).text('defaultCountryCode', 'Default Country Code');
			codes.add(readCountryCode(rows.getNode(), 'Default Country Code', text, i) ?? '');
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
 * row +14155550101 was called.
 */
export async function readStartDoNotCall(
	ctx: IExecuteFunctions,
	itemCount: number,
): Promise<Set<string> | undefined> {
	return await readDoNotCall(ctx, 0, () => runCountryCodes(ctx, itemCount));
}

/** Replaces each checked row whose number is listed with its marker. */
export function markListed(requests: Array<StartRequest | Error>, list: Set<string> | undefined) {
	if (!list?.size) return;
	requests.forEach((request, i) => {
		if (!(request instanceof Error) && list.has(request.body.mobile_number)) {
			requests[i] = new Listed(request.body.mobile_number);
		}
	});
}

export function listedOutput(listed: Listed): IDataObject {
	return { skipped: DO_NOT_CALL, mobile_number: listed.number };
}

export function listedResult(listed: Listed): ItemResult {
	return { ok: true, output: listedOutput(listed) };
}

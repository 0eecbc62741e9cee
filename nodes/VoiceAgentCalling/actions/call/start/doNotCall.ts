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

export class Listed extends Error {
	constructor(readonly number: string) {
		super('on the Do Not Call list');
	}
}

/** The list, read from the first item with its Default Country Code; undefined when none. */
export async function readStartDoNotCall(ctx: IExecuteFunctions): Promise<Set<string> | undefined> {
	const code = () => fields(ctx, 0).text('defaultCountryCode', 'Default Country Code');
	return await readDoNotCall(
		ctx,
		0,
		() => readCountryCode(ctx.getNode(), 'Default Country Code', code(), 0) ?? '',
	);
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

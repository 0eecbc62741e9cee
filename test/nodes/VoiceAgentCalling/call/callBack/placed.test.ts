/**
 * The call-backs this execution sent (placed.ts): each item's is recorded about its source, so
 * another item naming that source finds the call placed (its id in lower case; null when the
 * answer was lost after sending, a 5xx); a send refused with a 4xx placed nothing. The first
 * other item that placed one is the one named.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	placedByAnother,
	sendCallBack,
} from '../../../../../nodes/VoiceAgentCalling/actions/call/callBack/placed';
import { callId } from '../../../../helpers/checkCalls';
import { CALL } from '../../../../helpers/fixtures';
import { probe } from '../../../../helpers/probe';

const failed = (httpCode: string) => Object.assign(new Error('failed'), { httpCode });

/**
 * Each item sends a call-back of its `source` as its `send` says (an answer with `placed` as
 * call_id, or a failure with that HTTP code; nothing when unset), then outputs what it finds
 * another item placed of that source.
 */
const items = (list: IDataObject[]) =>
	probe(
		async (ctx, i) => {
			const { source, send, placed } = ctx.getInputData()[i].json as Record<string, string>;
			if (send === 'ok') await sendCallBack(ctx, i, source, async () => ({ call_id: placed }));
			else if (send)
				await sendCallBack(ctx, i, source, () => Promise.reject(failed(send))).catch(
					() => undefined,
				);
			return placedByAnother(ctx, i, source) ?? 'none';
		},
		{ items: list },
	);

test("another item's call-back of the same source: its call, in lower case", async () => {
	const { values, error } = await items([
		{ source: CALL, send: 'ok', placed: ` ${callId(7).toUpperCase()} ` },
		{ source: CALL },
		{ source: callId(9) },
	]);
	expect(error).toBeUndefined();
	expect(values).toEqual(['none', { item: 0, callId: callId(7) }, 'none']);
});

test('a send that may have placed it (a 5xx): null; one refused (a 4xx): nothing placed', async () => {
	const { values } = await items([
		{ source: CALL, send: '500' },
		{ source: callId(9), send: '400' },
		{ source: CALL },
		{ source: callId(9) },
	]);
	expect(values).toEqual(['none', 'none', { item: 0, callId: null }, 'none']);
});

test('several items placed one: the first of them', async () => {
	const { values } = await items([
		{ source: CALL, send: 'ok', placed: callId(1) },
		{ source: CALL, send: 'ok', placed: callId(2) },
		{ source: CALL },
	]);
	expect(values).toEqual(['none', { item: 0, callId: callId(1) }, { item: 0, callId: callId(1) }]);
});

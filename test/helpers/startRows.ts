/**
 * Call › Start over sheet rows `{ name, phone }` with Default Country Code +1, as the tests of
 * which number a row calls (numbers, Do Not Call) write it: each row's request, the service's
 * answer, a row skipped for the list, and a service that records every number it is sent.
 */
import nock from 'nock';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { AGENT } from './fixtures';
import { BASE_URL } from './harness';
import { sheetStart } from './startParams';

/** The request of the row named `name` calling `number`. */
export const sent = (number: string, name: string) => ({
	name,
	mobile_number: number,
	agent_id: AGENT,
	from_number: '+14155550000',
});

/** The service's answer: call n started. */
export const answer = (n: number) => ({
	status: 'success',
	message: 'ok',
	data: { call_id: `00000000-0000-4000-8000-00000000000${n}`, call_status: 'registered' },
});

/** Rows "Row 0", "Row 1", … with these phones. */
export const rows = (...phones: string[]): INodeExecutionData[] =>
	phones.map((phone, n) => ({ json: { name: `Row ${n}`, phone } }));

/** sheetStart with Default Country Code +1, then `settings` and `extra` fields. */
export const params = (extra: IDataObject = {}, settings: IDataObject = {}) =>
	sheetStart({ defaultCountryCode: '+1', ...settings }, extra);

/** A row's output when its number is on the Do Not Call list. */
export const listed = (number: string) => ({
	skipped: 'do_not_call',
	skip_reason: `Do Not Call: ${number} is on the list, so it is not called`,
	mobile_number: number,
});

/** Answers every start with call 1; the numbers sent, in order. */
export function recordSentTo(): string[] {
	const sentTo: string[] = [];
	nock(BASE_URL)
		.persist()
		.post('/calling/outbound/individual')
		.reply((_uri, body) => {
			sentTo.push((body as IDataObject).mobile_number as string);
			return [200, answer(1)];
		});
	return sentTo;
}

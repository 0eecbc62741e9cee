/**
 * Call › Call Back › Overrides › Variables From Rows when the sheet holds a number twice: rows
 * that send different values are never joined silently (one person's name with another row's
 * appointment): the item of that number is refused naming both rows and the number, before its
 * call is placed; the other items are called back as before. Rows that send the same values are
 * one row.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { callBackApi, callBackParams } from '../../../helpers/callBack';
import { runNode } from '../../../helpers/harness';
import { AGENT, CALL } from '../../../helpers/fixtures';
import { record } from '../../../helpers/record';

const CALL2 = 'a0000000-0000-4000-8000-000000000002';
const NEW_CALL = '11111111-2222-4333-8444-555555555555';
const FROM = '+14155550100';

/** A history row's record (no variables): the Polling Trigger's calls. */
const fromHistory = (callId: string, to: string) =>
	record({
		call_id: callId,
		assistant: { id: AGENT },
		from_number: FROM,
		to_number: to,
		callee_name: 'Ada',
		raw: { id: callId },
	});

/** Every request in order; each call has no parent (attempt 1) and is over; the prompt uses date and time. */
function service() {
	const { log, bodies, scope, onDetails } = callBackApi();
	onDetails((id) => {
		log.push(`details ${id}`);
		return [
			200,
			{ status: 'success', data: { id, parent_call_id: null, call_status: 'completed' } },
		];
	});
	scope.get(/^\/ca\/api\/v0\/agent\/[^/]+$/).reply(() => {
		log.push('agent');
		const agent_config = { agent_prompt: 'On @{{date}} at @{{time}}', intro_message: '' };
		return [200, { agents: { id: AGENT, agent_config } }];
	});
	scope.post('/calling/outbound/individual').reply((_uri, body) => {
		log.push(`start ${(body as IDataObject).mobile_number}`);
		bodies.push(body as IDataObject);
		return [200, { status: 'success', message: 'ok', data: { call_id: NEW_CALL } }];
	});
	return { log, bodies };
}

// The sheet as `$('Contacts').all()` hands it over; +14155550123 twice, written differently.
const contacts = [
	{ json: { name: 'Ada', phone: '(415) 555-0123', date: 'June 9', time: '10:30' } },
	{ json: { name: 'Bo', phone: '+14155550124', date: 'June 9', time: '11:00' } },
	{ json: { name: 'Cy', phone: '+1 415 555 0123', date: 'June 10', time: '10:30' } },
];

const run = (rows: unknown, continueOnFail = false) =>
	runNode({
		type: 'voiceAgentCalling',
		continueOnFail,
		parameters: callBackParams({ duplicateProtection: false, overrides: { variableRows: rows } }),
		items: [fromHistory(CALL, '+14155550123'), fromHistory(CALL2, '+14155550124')].map((json) => ({
			json: structuredClone(json) as IDataObject,
		})),
	});

const REFUSAL =
	'Overrides › Variables From Rows: rows 1 and 3 both have +14155550123, with different values (date: "June 9" in row 1, "June 10" in row 3), so neither is taken: keep one row per number, or give the Variables override';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

describe('Call › Call Back › Variables From Rows: a number in the sheet twice', () => {
	test('rows with different values: the item is refused naming both rows and the number, nothing placed', async () => {
		const { log } = service();
		const { error } = await run(contacts);
		expect(error?.message).toBe(`${REFUSAL} [item 0]`);
		expect(error?.context).toMatchObject({ itemIndex: 0 });
		expect(log).toEqual([`details ${CALL}`]);
	});

	test('Continue On Fail: that item is an error output, the other item is called back with its row', async () => {
		const { log, bodies } = service();
		const { output, error } = await run(contacts, true);
		expect(error).toBeUndefined();
		expect(output.map((o) => [o.json.error ?? null, o.pairedItem])).toEqual([
			[`${REFUSAL} [item 0]`, { item: 0 }],
			[null, { item: 1 }],
		]);
		expect(output[1].json).toMatchObject({ variables_from: 'rows', variables_row: 2 });
		expect(log).toEqual([`details ${CALL}`, `details ${CALL2}`, 'agent', 'start +14155550124']);
		expect(bodies.map((b) => b.custom_args_values)).toEqual([{ date: 'June 9', time: '11:00' }]);
	});

	test('rows of one number sending the same values (the name is left out) are one row: the first is named', async () => {
		const { log, bodies } = service();
		const same = [...contacts.slice(0, 2), { json: { ...contacts[0].json, name: 'Ada L.' } }];
		const { output, error } = await run(same);
		expect(error).toBeUndefined();
		expect(log.filter((l) => l.startsWith('start'))).toEqual([
			'start +14155550123',
			'start +14155550124',
		]);
		expect(bodies.map((b) => b.custom_args_values)).toEqual([
			{ date: 'June 9', time: '10:30' },
			{ date: 'June 9', time: '11:00' },
		]);
		expect(output.map((o) => o.json.variables_row)).toEqual([1, 2]);
	});
});

/**
 * Call › Call Back with a Do Not Call list: a listed number is never called back (output as
 * skipped beside its item, never an error); an unlisted one is placed as before.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { BASE_URL, runNode } from '../../../helpers/harness';
import { AGENT, CALL } from '../../../helpers/fixtures';
import { record } from '../../../helpers/record';

const NEW_CALL = '11111111-2222-4333-8444-555555555555';
const FROM = '+14155550100';

/** Call › Start's output for CALL, to `to`. */
const started = (to: string) =>
	record({
		call_id: CALL,
		status: 'registered',
		direction: 'outbound',
		assistant: { id: AGENT },
		from_number: FROM,
		to_number: to,
		callee_name: 'Ada',
		raw: { call_id: CALL },
	});

/** Every request in order; the details say the call has no parent (attempt 1). */
function service() {
	const log: string[] = [];
	const scope = nock(BASE_URL).persist();
	scope
		.get('/calling/call-details')
		.query(true)
		.reply(() => {
			log.push('details');
			return [200, { status: 'success', data: { id: CALL, parent_call_id: null } }];
		});
	scope.get(/^\/ca\/api\/v0\/agent\/[^/]+$/).reply(() => {
		log.push('agent');
		return [
			200,
			{ agents: { id: AGENT, agent_config: { agent_prompt: 'Hi', intro_message: '' } } },
		];
	});
	scope.post('/calling/outbound/individual').reply((_uri, body) => {
		log.push(`start ${(body as IDataObject).mobile_number}`);
		return [200, { status: 'success', message: 'ok', data: { call_id: NEW_CALL } }];
	});
	return log;
}

const run = (to: string, list: string, continueOnFail = false) =>
	runNode({
		type: 'voiceAgentCalling',
		continueOnFail,
		parameters: {
			resource: 'call',
			operation: 'callBack',
			duplicateProtection: false,
			doNotCall: 'numbers',
			doNotCallNumbers: list,
		},
		items: [{ json: structuredClone(started(to)) as IDataObject }],
	});

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

describe('Call › Call Back: Do Not Call', () => {
	test.each([false, true])(
		'a listed number is skipped, never called (Continue On Fail: %s)',
		async (continueOnFail) => {
			const log = service();
			const { output, error } = await run('+14155550123', '+1 (415) 555-0123', continueOnFail);
			expect(error).toBeUndefined();
			expect(output).toEqual([
				{
					json: {
						skipped: 'do_not_call',
						skip_reason: 'Do Not Call: +14155550123 is on the list, so it is not called back',
						mobile_number: '+14155550123',
						parent_call_id: CALL,
						attempt: 2,
						already_called_back: false,
					},
					pairedItem: { item: 0 },
				},
			]);
			expect(log.filter((l) => l.startsWith('start'))).toEqual([]);
		},
	);

	test('an unlisted number is called back as before', async () => {
		const log = service();
		const { output, error } = await run('+14155550124', '+14155550123');
		expect(error).toBeUndefined();
		expect(log.filter((l) => l.startsWith('start'))).toEqual(['start +14155550124']);
		expect(output[0].json).toMatchObject({ call_id: NEW_CALL, already_called_back: false });
	});

	test('a list number without its country code is named (a call back has no country code)', async () => {
		const log = service();
		const { error } = await run('+14155550123', '4155550123');
		expect(error?.message).toBe(
			'Do Not Call: 1 entry is not a phone number (fix or remove it; nobody was called): Do Not Call Numbers › entry 1 "4155550123": is not a phone number in international format with country code, e.g. +14155550100 [item 0]',
		);
		expect(log).toEqual([]);
	});
});

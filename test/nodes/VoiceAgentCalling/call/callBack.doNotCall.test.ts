/**
 * Call › Call Back with a Do Not Call list: a listed number is never called back (output as
 * skipped beside its item, never an error); an unlisted one is placed as before.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { callBackApi, callBackParams } from '../../../helpers/callBack';
import { runNode } from '../../../helpers/harness';
import { AGENT, CALL } from '../../../helpers/fixtures';
import { record } from '../../../helpers/record';

const NEW_CALL = '11111111-2222-4333-8444-555555555555';
const FROM = '+14155550100';

/** Call › Start's output for CALL, to `to` (from `from`). */
const started = (to: string, from = FROM) =>
	record({
		call_id: CALL,
		status: 'registered',
		direction: 'outbound',
		assistant: { id: AGENT },
		from_number: from,
		to_number: to,
		callee_name: 'Ada',
		raw: { call_id: CALL },
	});

/** Every request in order; the details say the call has no parent (attempt 1). */
function service() {
	const { log, scope, onDetails } = callBackApi();
	onDetails(() => {
		log.push('details');
		return [
			200,
			{ status: 'success', data: { id: CALL, call_status: 'completed', parent_call_id: null } },
		];
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

const run = (
	to: string,
	list: string,
	continueOnFail = false,
	{ from = FROM, overrides }: { from?: string; overrides?: IDataObject } = {},
) =>
	runNode({
		type: 'voiceAgentCalling',
		continueOnFail,
		parameters: callBackParams({
			duplicateProtection: false,
			doNotCall: 'numbers',
			doNotCallNumbers: list,
			...(overrides ? { overrides } : {}),
		}),
		items: [{ json: structuredClone(started(to, from)) as IDataObject }],
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
						skip_reason: 'Do Not Call: +14155550123 is on the list, so it is not called',
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

describe("Call › Call Back: the source call's number, cleaned and checked", () => {
	test.each([
		'+1 (415) 555-0123',
		'14155550123',
		'001 415 555 0123',
		'＋１ ４１５ ５５５ ０１２３',
	])('%p is +14155550123: the listed number is skipped, never called', async (to) => {
		const log = service();
		const { output, error } = await run(to, '+14155550123');
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ skipped: 'do_not_call', mobile_number: '+14155550123' });
		expect(log.filter((l) => l.startsWith('start'))).toEqual([]);
	});

	test('an unlisted number is sent cleaned, in E.164', async () => {
		const log = service();
		const { error } = await run('+44 (0)20 7946 0000', '+14155550123');
		expect(error).toBeUndefined();
		expect(log.filter((l) => l.startsWith('start'))).toEqual(['start +442079460000']);
	});

	test('digits without "+" that may be either of two numbers are refused, naming both', async () => {
		const log = service();
		const { error } = await run('6012345678', '+14155550123', false, { from: '+919876543210' });
		expect(error?.message).toBe(
			'Overrides › Phone Number: the original call\'s number "6012345678" has no "+": it may be +6012345678, or +916012345678 in the caller\'s country: give it here [item 0]',
		);
		expect(log.filter((l) => l.startsWith('start'))).toEqual([]);
	});

	test("an impossible number is refused: the source's, or the one given in Overrides", async () => {
		const log = service();
		const source = await run('+4402079460000', '+14155550123');
		expect(source.error?.message).toBe(
			'Overrides › Phone Number: the original call\'s number "+4402079460000" is not a possible phone number: +4402079460000 has 11 digits after +44, where numbers have 7, 9 or 10: give it here [item 0]',
		);
		const override = await run('+14155550124', '+14155550123', false, {
			overrides: { phoneNumber: '+15550102' },
		});
		expect(override.error?.message).toBe(
			'Overrides › Phone Number: "+15550102" is not a possible phone number: +15550102 has 7 digits after +1, where numbers have 10 [item 0]',
		);
		expect(log.filter((l) => l.startsWith('start'))).toEqual([]);
	});
});

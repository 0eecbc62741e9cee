/**
 * What was sent is never sent again (nodes/shared/engine/once.ts): n8n's Retry On Fail re-runs the
 * whole node, and the same items may run through two nodes or a new execution.
 */
import nock from 'nock';

import { BASE_URL, runNode } from '../../helpers/harness';
import { CALL } from '../../helpers/fixtures';
import { sheetStart, threeRows } from '../../helpers/startParams';
import { unordered } from '../../helpers/unordered';

// n8n reads a wait of 0 between tries as unset (1,000 ms): 1 ms is the shortest it takes.
const RETRY = { retryOnFail: true, maxTries: 3, waitBetweenTries: 1 };

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

const startParams = sheetStart();
const rows = threeRows;

/** Records every start; the third number answers 500 (the call may have been placed). */
function startService() {
	const dialled: string[] = [];
	nock(BASE_URL)
		.post('/calling/outbound/individual')
		.times(100)
		.reply((_uri, body) => {
			const number = String((body as { mobile_number: string }).mobile_number);
			dialled.push(number);
			if (number.endsWith('3')) return [500, { detail: 'upstream failed' }];
			return [200, { message: 'ok', data: { call_id: CALL, call_status: 'registered' } }];
		});
	return dialled;
}

describe("n8n's Retry On Fail re-runs the whole node", () => {
	test('without Continue On Fail: every number is dialled once, the error stays', async () => {
		const dialled = startService();
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: startParams,
			items: rows(),
			settings: RETRY,
		});
		expect(dialled.sort()).toEqual(['+14155551001', '+14155551002', '+14155551003']);
		expect(error?.message).toBe('upstream failed');
		expect(String(error?.description)).toContain('it was not sent again');
	});

	test('with Continue On Fail (first item failing): still once per number', async () => {
		const dialled = startService();
		const { output } = await runNode({
			type: 'voiceAgentCalling',
			parameters: startParams,
			items: rows().reverse(),
			settings: RETRY,
			continueOnFail: true,
		});
		expect(dialled.sort()).toEqual(['+14155551001', '+14155551002', '+14155551003']);
		expect(output.map((o) => [o.pairedItem, o.json.error ?? o.json.call_id])).toEqual([
			[{ item: 0 }, 'upstream failed'],
			[{ item: 1 }, CALL],
			[{ item: 2 }, CALL],
		]);
	});

	test('a 429 proves nothing was placed, so the retry may send the row again', async () => {
		let calls = 0;
		nock(BASE_URL)
			.post('/calling/outbound/individual')
			.times(20)
			.reply(() => {
				calls++;
				return calls <= 8
					? [429, { detail: 'slow down' }, { 'Retry-After': '0' }]
					: [200, { message: 'ok', data: { call_id: CALL } }];
			});
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: startParams,
			items: [rows()[0]],
			settings: RETRY,
		});
		expect(error).toBeUndefined();
		expect(calls).toBe(9);
		expect(output[0].json.call_id).toBe(CALL);
	});

	test('API Key → Regenerate answered 500 is sent once', async () => {
		let sent = 0;
		nock(BASE_URL)
			.patch('/workspace/api-key')
			.times(5)
			.reply(() => {
				sent++;
				return [500, { detail: 'boom' }];
			});
		const { error } = await runNode({
			type: 'voiceAgentWorkspace',
			parameters: { resource: 'apiKey', operation: 'regenerate', confirm: true },
			settings: RETRY,
		});
		expect(sent).toBe(1);
		expect(error?.message).toBe('boom');
	});
});

describe('the same items through two nodes, or a new execution', () => {
	test('each Start node dials once for the same items; a rerun with new items dials again', async () => {
		const dialled = startService();
		const items = rows().slice(0, 2);
		await runNode({ type: 'voiceAgentCalling', parameters: startParams, items, nodeName: 'Call' });
		await runNode({
			type: 'voiceAgentCalling',
			parameters: startParams,
			items,
			nodeName: 'Follow-up',
		});
		await runNode({
			type: 'voiceAgentCalling',
			parameters: startParams,
			items: rows().slice(0, 2),
		});
		// The runs follow one another; a run's two rows leave together, in no promised order.
		expect([0, 2, 4].map((at) => unordered(dialled.slice(at, at + 2)))).toEqual(
			Array(3).fill(['+14155551001', '+14155551002']),
		);
		expect(dialled).toHaveLength(6);
	});
});

describe('a start accepted with an odd answer', () => {
	test('fails its row with "may have been placed" and is never re-sent by Retry On Fail', async () => {
		let sent = 0;
		nock(BASE_URL)
			.post('/calling/outbound/individual')
			.times(5)
			.reply(() => {
				sent++;
				return [200, { message: 'ok', data: 'queued' }];
			});
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: startParams,
			items: [rows()[0]],
			settings: RETRY,
		});
		expect(sent).toBe(1);
		expect(error?.message).toBe(
			'Unexpected answer from the service: POST /calling/outbound/individual: data should be an object but is text',
		);
		expect(String(error?.description)).toContain('The call may have been placed');
	});
});

/** Call › Get Many: the call history, paged and filtered, as call records. */
import { jsonOf, runNode, expectAllMocksUsed, mockApi } from '../../../helpers/harness';
import { record } from '../../../helpers/record';
import { AGENT } from '../../../helpers/fixtures';
import { withDates } from '../../../helpers/historyDates';

expectAllMocksUsed();
const NOW = Date.parse('2026-11-27T10:00:00Z');
beforeEach(() => jest.spyOn(Date, 'now').mockReturnValue(NOW));
afterEach(() => jest.restoreAllMocks());

describe('Call › Get Many', () => {
	const call = (n: number) => ({
		id: `c${n}`,
		status: 'completed',
		transcript: `[{"user":"row ${n}"}]`,
	});

	test('Return All pages by 100 until a short page, filters sent as ISO with offset', async () => {
		const page1 = Array.from({ length: 100 }, (_, n) => call(n));
		const page2 = [call(100), call(101)];
		const filters = {
			agent_id: AGENT,
			status: 'completed',
			bulk_list_id: 'list-9',
			start_date: '2026-11-01T00:00:00+05:30',
			end_date: '2026-11-02T00:00:00+05:30',
		};
		const scope = mockApi()
			.get('/calling/history')
			.query(withDates({ ...filters, limit: '100', offset: '0' }, NOW))
			.reply(200, { calls: page1, limit: 100, offset: 0, count: 100, total: 'many' })
			.get('/calling/history')
			.query(withDates({ ...filters, limit: '100', offset: '100' }, NOW))
			.reply(200, { calls: page2, limit: 100, offset: 100, count: 2, total: 'many' });
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			timezone: 'Asia/Kolkata',
			parameters: {
				resource: 'call',
				operation: 'getMany',
				returnAll: true,
				filters: {
					agentId: { __rl: true, mode: 'list', value: AGENT },
					status: 'completed',
					bulkListId: 'list-9',
					startDate: '2026-11-01T00:00:00',
					endDate: '2026-11-01T18:30:00Z',
				},
			},
		});
		expect(error).toBeUndefined();
		expect(output).toHaveLength(102);
		expect(output[101]).toEqual({
			json: record({
				call_id: 'c101',
				status: 'completed',
				outcome: 'answered',
				transcript_turns: [{ speaker: 'user', text: 'row 101' }],
				transcript_text: 'Caller: row 101',
				raw: call(101),
			}),
			pairedItem: { item: 0 },
		});
		scope.done();
	});

	test('Return All over a service that caps its pages at 50: reads on until the total', async () => {
		const rows = Array.from({ length: 120 }, (_, n) => call(n));
		const scope = mockApi();
		for (const offset of [0, 50, 100]) {
			scope
				.get('/calling/history')
				.query(withDates({ limit: '100', offset: String(offset) }, NOW))
				.reply(200, {
					calls: rows.slice(offset, offset + 50),
					limit: 50,
					offset,
					count: Math.min(50, 120 - offset),
					total: 120,
				});
		}
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: {
				resource: 'call',
				operation: 'getMany',
				returnAll: true,
			},
		});
		expect(error).toBeUndefined();
		expect(output.map((o) => o.json.call_id)).toEqual(rows.map((r) => r.id));
		scope.done();
	});

	test('Limit asks for just that many', async () => {
		const scope = mockApi()
			.get('/calling/history')
			.query(withDates({ limit: '3', offset: '0' }, NOW))
			.reply(200, { calls: [call(1), call(2), call(3)], total: 50 });
		const { output } = await runNode({
			type: 'voiceAgentCalling',
			parameters: { resource: 'call', operation: 'getMany', limit: 3 },
		});
		expect(jsonOf(output).map((json) => json.raw)).toEqual([call(1), call(2), call(3)]);
		expect(jsonOf(output).map((json) => json.call_id)).toEqual(['c1', 'c2', 'c3']);
		scope.done();
	});

	test('400 {error} body reaches the user', async () => {
		const scope = mockApi()
			.get('/calling/history')
			.query(true)
			.reply(400, { error: { code: 'invalid_parameter', message: 'start_date must be ISO 8601' } });
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: { resource: 'call', operation: 'getMany', limit: 3 },
		});
		expect(error?.message).toBe('start_date must be ISO 8601');
		expect(error?.description).toBe(
			'The service rejected a field or parameter. Check the values named in the message.',
		);
		scope.done();
	});
});

describe('lists: answers of the wrong shape', () => {
	test.each([
		[{ calls: {} }, 'calls should be a list but is an object'],
		[{ calls: [null] }, 'calls[0] should be an object but is null'],
	])('call history %j', async (body, problem) => {
		mockApi().get('/calling/history').query(true).reply(200, body);
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: { resource: 'call', operation: 'getMany' },
		});
		expect(error?.message).toBe(`Unexpected answer from the service: ${problem}`);
	});
});

describe('call reads: fields read as their types', () => {
	test.each([
		[{ status: '={{ { $ne: 1 } }}' }, 'Filters › Status: an object is not one of'],
		[{ bulkListId: '={{ [1, 2] }}' }, 'Filters › Contact List ID: a list is not text'],
	])('history filter %j is refused before any request', async (filters, message) => {
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: { resource: 'call', operation: 'getMany', filters },
		});
		expect(error?.message).toContain(message);
	});
});

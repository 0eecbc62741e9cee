import { expectAllMocksUsed, jsonOf, mockApi, runNode } from '../../../helpers/harness';
import { withDates } from '../../../helpers/historyDates';

expectAllMocksUsed();
const NOW = Date.parse('2026-11-27T10:00:00Z');
beforeEach(() => jest.spyOn(Date, 'now').mockReturnValue(NOW));
afterEach(() => jest.restoreAllMocks());

const LIST = 'f6f6f6f6-0000-4000-8000-0000000000aa';
const call = (n: number) => ({
	id: `c0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
	status: 'completed',
	to_number: '+14155550100',
	name: `Row ${n}`,
	bulk_list_id: LIST,
	custom_args_values: { row_key: `r${n}`, clinic: 'East' },
});

describe('Campaign › Get Results', () => {
	test('the history of the list: exact query, call records carrying the row’s variables', async () => {
		mockApi()
			.get('/calling/history')
			.query(withDates({ bulk_list_id: LIST, status: 'completed', limit: '2', offset: '0' }, NOW))
			.reply(200, { calls: [call(1), call(2)], total: 9 });
		const { output, error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: {
				resource: 'campaign',
				operation: 'getResults',
				campaign: { __rl: true, mode: 'list', value: LIST },
				limit: 2,
				status: 'completed',
			},
		});
		expect(error).toBeUndefined();
		const records = jsonOf(output);
		expect(records.map((r) => [r.call_id, r.callee_name, r.outcome, r.custom_variables])).toEqual([
			[call(1).id, 'Row 1', 'answered', { row_key: 'r1', clinic: 'East' }],
			[call(2).id, 'Row 2', 'answered', { row_key: 'r2', clinic: 'East' }],
		]);
	});

	test('Return All pages the history to its end; no status filter by default', async () => {
		mockApi()
			.get('/calling/history')
			.query(withDates({ bulk_list_id: LIST, limit: '100', offset: '0' }, NOW))
			.reply(200, { calls: Array.from({ length: 100 }, (_, n) => call(n)), total: 101 });
		mockApi()
			.get('/calling/history')
			.query(withDates({ bulk_list_id: LIST, limit: '100', offset: '100' }, NOW))
			.reply(200, { calls: [call(100)], total: 101 });
		const { output } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: {
				resource: 'campaign',
				operation: 'getResults',
				campaign: { __rl: true, mode: 'id', value: LIST },
				returnAll: true,
			},
		});
		expect(output).toHaveLength(101);
	});
});

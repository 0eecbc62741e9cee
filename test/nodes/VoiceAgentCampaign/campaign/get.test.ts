import { expectAllMocksUsed, mockApi, runNode } from '../../../helpers/harness';

expectAllMocksUsed();

const id = (n: number) => `e5e5e5e5-0000-4000-8000-${String(n).padStart(12, '0')}`;
const row = (n: number) => ({
	id: id(n),
	name: `C${n}`,
	campaign_status: 'insufficient_balance',
	total_count: 3,
	registered_count: 1,
	completed_count: 2,
});

describe('Campaign › Get', () => {
	test('found on the second page of the list, with its counts, status as served', async () => {
		mockApi()
			.get('/campaign/all')
			.query({ limit: '100', offset: '0', call_count: 'true' })
			.reply(200, {
				campaigns: Array.from({ length: 100 }, (_, n) => row(n + 1)),
				pagination: { total: 150 },
			});
		mockApi()
			.get('/campaign/all')
			.query({ limit: '100', offset: '100', call_count: 'true' })
			.reply(200, {
				campaigns: Array.from({ length: 50 }, (_, n) => row(n + 101)),
				pagination: { total: 150 },
			});
		const { output, error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: {
				resource: 'campaign',
				operation: 'get',
				campaign: { __rl: true, mode: 'id', value: id(120).toUpperCase() },
			},
		});
		expect(error).toBeUndefined();
		expect(output).toEqual([{ json: row(120), pairedItem: { item: 0 } }]);
	});

	test('a campaign not in the list is a clear error, not an empty item', async () => {
		mockApi()
			.get('/campaign/all')
			.query({ limit: '100', offset: '0', call_count: 'true' })
			.reply(200, { campaigns: [row(1)], pagination: { total: 1 } });
		const { error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: {
				resource: 'campaign',
				operation: 'get',
				campaign: { __rl: true, mode: 'id', value: id(9) },
			},
		});
		expect(error?.message).toBe(`Campaign ${id(9)} is not in the workspace's campaign list`);
	});
});

/**
 * The campaign dropdowns, called through n8n-core's real LoadOptionsContext (the context n8n gives
 * listSearch methods), so credentials and HTTP go through n8n's own request helper to nock.
 */
import { getCampaigns, searchCampaigns } from '../../../nodes/shared/campaigns/lists';
import { expectAllMocksUsed, loadOptionsContext, mockApi } from '../../helpers/harness';

expectAllMocksUsed();

const context = () =>
	loadOptionsContext('voiceAgentAssistant', 'parameters.assistant', undefined, {
		resource: 'assistant',
		operation: 'updatePrompt',
	});

describe('campaigns', () => {
	test('without call counts, filtered by name, paged by offset', async () => {
		const campaigns = [
			{ id: 'e0000000-0000-4000-8000-000000000001', name: 'November renewals' },
			{ id: 'e0000000-0000-4000-8000-000000000002', name: 'Payment reminders' },
		];
		const scope = mockApi()
			.get('/campaign/all')
			.query({ limit: '100', offset: '200', call_count: 'false' })
			.reply(200, { campaigns, pagination: { total: 202, limit: 100, offset: 200 } });
		expect(await searchCampaigns.call(context(), 'REMIND', '200')).toEqual({
			results: [{ name: 'Payment reminders', value: campaigns[1].id }],
			paginationToken: undefined,
		});
		scope.done();
	});

	test('getCampaigns (options for multi-select) walks every page, by name', async () => {
		const page = (from: number, n: number) =>
			Array.from({ length: n }, (_, k) => ({
				id: `e0000000-0000-4000-8000-${String(from + k).padStart(12, '0')}`,
				name: `Wave ${from + k}`,
			}));
		const unnamed = { id: 'e0000000-0000-4000-8000-000000000999' };
		const scope = mockApi()
			.get('/campaign/all')
			.query({ limit: '100', offset: '0', call_count: 'false' })
			.reply(200, { campaigns: page(0, 100), pagination: { total: 'many', limit: 100, offset: 0 } })
			.get('/campaign/all')
			.query({ limit: '100', offset: '100', call_count: 'false' })
			.reply(200, {
				campaigns: [...page(100, 1), unnamed, { name: 'no id' }],
				pagination: { total: 'many', limit: 100, offset: 100 },
			});
		const options = await getCampaigns.call(context());
		expect(options).toHaveLength(102);
		expect(options.slice(99)).toEqual([
			{ name: 'Wave 99', value: page(99, 1)[0].id },
			{ name: 'Wave 100', value: page(100, 1)[0].id },
			{ name: unnamed.id, value: unnamed.id },
		]);
		scope.done();
	});

	test('a service error reaches the dropdown with the service text', async () => {
		const scope = mockApi()
			.get('/campaign/all')
			.query(true)
			.reply(401, { detail: 'Invalid credentials' });
		await expect(searchCampaigns.call(context())).rejects.toMatchObject({
			message: 'Invalid credentials',
			httpCode: '401',
		});
		scope.done();
	});
});

import { jsonOf, runNode, expectAllMocksUsed, mockApi } from '../../../helpers/harness';
import { unauthorizedItem } from '../../../helpers/fixtures';

expectAllMocksUsed();

const campaign = (n: number, counts = true) => ({
	id: `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
	name: `Campaign ${n}`,
	campaign_status: 'completed',
	created_at: '2026-01-01T00:00:00Z',
	updated_at: '2026-01-02T00:00:00Z',
	campaign_start_time: '2026-01-01T09:00:00Z',
	campaign_end_time: '2026-01-01T18:00:00Z',
	...(counts ? { total_count: 10, registered_count: 2, completed_count: 8 } : {}),
});
const campaigns = (from: number, count: number, counts = true) =>
	Array.from({ length: count }, (_, k) => campaign(from + k, counts));
const page = (rows: unknown[], total: unknown, limit: number, offset: number) => ({
	campaigns: rows,
	pagination: { total, limit, offset },
});

const params = (extra: Record<string, unknown> = {}) => ({
	resource: 'campaign',
	operation: 'getMany',
	...extra,
});

describe('Campaign › Get Many', () => {
	test('Limit with call counts (default): one exact request, one item per campaign', async () => {
		const scope = mockApi()
			.get('/campaign/all')
			.query({ call_count: 'true', limit: '2', offset: '0' })
			.reply(200, page(campaigns(1, 2), 40, 2, 0));
		const { output, error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: params({ limit: 2 }),
		});
		expect(error).toBeUndefined();
		expect(output).toEqual(campaigns(1, 2).map((json) => ({ json, pairedItem: { item: 0 } })));
		scope.done();
	});

	test('Include Call Counts off sends call_count=false', async () => {
		const scope = mockApi()
			.get('/campaign/all')
			.query({ call_count: 'false', limit: '50', offset: '0' })
			.reply(200, page(campaigns(1, 1, false), 1, 50, 0));
		const { output } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: params({ includeCallCounts: false }),
		});
		expect(jsonOf(output)).toEqual(campaigns(1, 1, false));
		scope.done();
	});

	test('Limit above one page (250): pages of 100 then the rest', async () => {
		const scope = mockApi()
			.get('/campaign/all')
			.query({ call_count: 'true', limit: '100', offset: '0' })
			.reply(200, page(campaigns(0, 100), 1000, 100, 0))
			.get('/campaign/all')
			.query({ call_count: 'true', limit: '100', offset: '100' })
			.reply(200, page(campaigns(100, 100), 1000, 100, 100))
			.get('/campaign/all')
			.query({ call_count: 'true', limit: '50', offset: '200' })
			.reply(200, page(campaigns(200, 50), 1000, 50, 200));
		const { output } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: params({ limit: 250 }),
		});
		expect(jsonOf(output)).toEqual(campaigns(0, 250));
		scope.done();
	});

	test('Return All stops when pagination.total is reached (no extra empty request)', async () => {
		const scope = mockApi()
			.get('/campaign/all')
			.query({ call_count: 'true', limit: '100', offset: '0' })
			.reply(200, page(campaigns(0, 100), 200, 100, 0))
			.get('/campaign/all')
			.query({ call_count: 'true', limit: '100', offset: '100' })
			.reply(200, page(campaigns(100, 100), 200, 100, 100));
		const { output } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: params({ returnAll: true }),
		});
		expect(jsonOf(output)).toEqual(campaigns(0, 200));
		scope.done();
	});

	test('Return All stops on a short page even when total claims more', async () => {
		const scope = mockApi()
			.get('/campaign/all')
			.query({ call_count: 'true', limit: '100', offset: '0' })
			.reply(200, page(campaigns(0, 100), 500, 100, 0))
			.get('/campaign/all')
			.query({ call_count: 'true', limit: '100', offset: '100' })
			.reply(200, page(campaigns(100, 3), 500, 100, 100));
		const { output } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: params({ returnAll: true }),
		});
		expect(output).toHaveLength(103);
		scope.done();
	});

	test('Return All with a non-numeric total keeps paging until a short page', async () => {
		const scope = mockApi()
			.get('/campaign/all')
			.query({ call_count: 'true', limit: '100', offset: '0' })
			.reply(200, page(campaigns(0, 100), 'many', 100, 0))
			.get('/campaign/all')
			.query({ call_count: 'true', limit: '100', offset: '100' })
			.reply(200, page([], 'many', 100, 100));
		const { output } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: params({ returnAll: true }),
		});
		expect(output).toHaveLength(100);
		scope.done();
	});

	test('Limit outside 1..1000 is refused before any request', async () => {
		const { output, error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: params({ limit: '={{ 1001 }}' }),
		});
		expect(error?.message).toBe('Limit: 1001 is not a whole number from 1 to 1000 [item 0]');
		expect(error?.description).toBe(
			'Fix "Limit" in input item 0 and run again. No request was sent for this item.',
		);
		expect(output).toEqual([]);
	});
});

describe('Campaign errors use the {detail} body', () => {
	test.each([
		[
			400,
			'limit: Input should be less than or equal to 1000',
			'The service rejected a field or parameter. Check the values named in the message.',
		],
		[
			401,
			'Invalid credentials',
			'Check the API key in the Voice Agent API credential. A regenerated key makes the old one stop working at once.',
		],
		[404, 'Not Found', 'The service did not find what was asked for. Check the ID.'],
		[
			422,
			'offset must be at least 0',
			'The service could not process the values sent. Check the fields named in the message.',
		],
	])('%i {detail: %s}', async (status, detail, description) => {
		const scope = mockApi().get('/campaign/all').query(true).once().reply(status, { detail });
		const { error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: params({ limit: 5 }),
		});
		expect(error?.message).toBe(detail);
		expect(error?.description).toBe(description);
		expect(error?.httpCode).toBe(String(status));
		scope.done();
	});

	test('500 {detail}: read retried with backoff, then reported', async () => {
		const scope = mockApi()
			.get('/campaign/all')
			.query(true)
			.times(4)
			.reply(500, { detail: 'Internal Server Error' });
		const { error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: params({ limit: 5 }),
		});
		expect(error?.message).toBe('Internal Server Error');
		expect(error?.httpCode).toBe('500');
		scope.done();
	});

	test('Continue On Fail: a 401 becomes the error item of its input item', async () => {
		const scope = mockApi()
			.get('/campaign/all')
			.query({ call_count: 'true', limit: '1', offset: '0' })
			.reply(200, page(campaigns(1, 1), 1, 1, 0))
			.get('/campaign/all')
			.query({ call_count: 'true', limit: '2', offset: '0' })
			.reply(401, { detail: 'Invalid credentials' });
		const { output, error } = await runNode({
			type: 'voiceAgentCampaign',
			continueOnFail: true,
			parameters: params({ limit: '={{ $json.n }}' }),
			items: [{ json: { n: 1 } }, { json: { n: 2 } }],
		});
		expect(error).toBeUndefined();
		expect(output).toEqual([{ json: campaign(1), pairedItem: { item: 0 } }, unauthorizedItem(1)]);
		scope.done();
	});
});

describe('lists: fields read as their types', () => {
	test('Include Call Counts "true" asks for the counts; "false" does not', async () => {
		mockApi()
			.get('/campaign/all')
			.query({ call_count: 'true', limit: '1', offset: '0' })
			.reply(200, { campaigns: [{ id: 'c1' }] });
		mockApi()
			.get('/campaign/all')
			.query({ call_count: 'false', limit: '1', offset: '0' })
			.reply(200, { campaigns: [{ id: 'c2' }] });
		const { output } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: {
				resource: 'campaign',
				operation: 'getMany',
				limit: 1,
				includeCallCounts: '={{ $json.counts }}',
			},
			items: [{ json: { counts: 'true' } }, { json: { counts: 'false' } }],
		});
		expect(jsonOf(output)).toEqual([{ id: 'c1' }, { id: 'c2' }]);
	});
});

describe('lists: answers of the wrong shape', () => {
	test('campaigns with a null row', async () => {
		mockApi()
			.get('/campaign/all')
			.query(true)
			.reply(200, { campaigns: [null] });
		const { error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: { resource: 'campaign', operation: 'getMany' },
		});
		expect(error?.message).toBe(
			'Unexpected answer from the service: campaigns[0] should be an object but is null',
		);
	});
});

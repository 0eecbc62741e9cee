/**
 * Dropdown sources, called through n8n-core's real LoadOptionsContext (the context n8n gives
 * listSearch methods), so credentials and HTTP go through n8n's own request helper to nock.
 */
import {
	getAssistants,
	searchAssistants,
	searchVersions,
	searchVoices,
} from '../../../nodes/shared/assistants/lists';
import { getCampaigns, searchCampaigns } from '../../../nodes/shared/campaigns/lists';
import { searchNumberIds, searchNumbers } from '../../../nodes/shared/workspace/lists';
import { expectAllMocksUsed, loadOptionsContext, mockApi } from '../../helpers/harness';
import { AGENT, locator } from '../../helpers/fixtures';

expectAllMocksUsed();

const context = () =>
	loadOptionsContext('voiceAgentAssistant', 'parameters.assistant', undefined, {
		resource: 'assistant',
		operation: 'updatePrompt',
	});

const AGENT_A = { id: 'a0000000-0000-4000-8000-000000000001', agent_display_name: 'Maya' };
const AGENT_B = { id: 'b0000000-0000-4000-8000-000000000002', agent_display_name: 'Ravi Sales' };
const num = (n: number, agent: typeof AGENT_A | null = AGENT_A) => ({
	id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
	number: `+1415555${String(n).padStart(4, '0')}`,
	created_at: '2026-01-01T00:00:00Z',
	call_count: 0,
	agent,
	is_inbound_enabled: true,
});

describe('workspace numbers', () => {
	const rows = [num(1), num(2, AGENT_B), num(3, null)];

	test('searchNumbers: the number is the value, the attached assistant is shown', async () => {
		const scope = mockApi()
			.get('/workspace/numbers')
			.query({ limit: '100', offset: '0' })
			.reply(200, { workspace_numbers: rows });
		expect(await searchNumbers.call(context())).toEqual({
			results: [
				{ name: '+14155550001 (Maya)', value: '+14155550001' },
				{ name: '+14155550002 (Ravi Sales)', value: '+14155550002' },
				{ name: '+14155550003', value: '+14155550003' },
			],
			paginationToken: undefined,
		});
		scope.done();
	});

	test('searchNumbers: test numbers, spam and pool numbers say so (fields since 2026-06-12)', async () => {
		const scope = mockApi()
			.get('/workspace/numbers')
			.query({ limit: '100', offset: '0' })
			.reply(200, {
				workspace_numbers: [
					{ ...num(1), is_test_number: true, is_spam: false, number_pool_id: null },
					{ ...num(2, null), is_spam: true, spam_message: 'flagged' },
					{ ...num(3, AGENT_B), number_pool_id: '99999999-0000-4000-8000-000000000001' },
				],
			});
		expect((await searchNumbers.call(context())).results).toEqual([
			{ name: '+14155550001 (Maya, test number)', value: '+14155550001' },
			{ name: '+14155550002 (marked as spam)', value: '+14155550002' },
			{ name: '+14155550003 (Ravi Sales, in a number pool)', value: '+14155550003' },
		]);
		scope.done();
	});

	test('searchNumberIds: the number id is the value; the filter matches number or assistant', async () => {
		const scope = mockApi()
			.get('/workspace/numbers')
			.query({ limit: '100', offset: '0' })
			.reply(200, { workspace_numbers: rows })
			.get('/workspace/numbers')
			.query({ limit: '100', offset: '0' })
			.reply(200, { workspace_numbers: rows });
		const ctx = context();
		expect(await searchNumberIds.call(ctx, 'ravi')).toEqual({
			results: [{ name: '+14155550002 (Ravi Sales)', value: num(2).id }],
			paginationToken: undefined,
		});
		expect((await searchNumberIds.call(ctx, '0003')).results).toEqual([
			{ name: '+14155550003', value: num(3).id },
		]);
		scope.done();
	});

	test('a full page gives the next offset as the paging token; the next call uses it', async () => {
		const full = Array.from({ length: 100 }, (_, k) => num(k));
		const scope = mockApi()
			.get('/workspace/numbers')
			.query({ limit: '100', offset: '0' })
			.reply(200, { workspace_numbers: full })
			.get('/workspace/numbers')
			.query({ limit: '100', offset: '100' })
			.reply(200, { workspace_numbers: [num(100)] });
		const ctx = context();
		const first = await searchNumberIds.call(ctx);
		expect(first.results).toHaveLength(100);
		expect(first.paginationToken).toBe('100');
		const second = await searchNumberIds.call(ctx, undefined, first.paginationToken as string);
		expect(second).toEqual({
			results: [{ name: '+14155550100 (Maya)', value: num(100).id }],
			paginationToken: undefined,
		});
		scope.done();
	});
});

describe('assistants', () => {
	test('from GET /agent/all {status, data: {agents}}, filtered by name, paged by offset', async () => {
		const agents = Array.from({ length: 100 }, (_, k) => ({
			id: `c0000000-0000-4000-8000-${String(k).padStart(12, '0')}`,
			agent_display_name: k === 7 ? 'Collections Bot' : `Agent ${k}`,
		}));
		const scope = mockApi()
			.get('/agent/all')
			.query({ limit: '100', offset: '0' })
			.reply(200, { status: 'success', data: { agents } });
		expect(await searchAssistants.call(context(), 'collect')).toEqual({
			results: [{ name: 'Collections Bot', value: agents[7].id }],
			paginationToken: '100',
		});
		scope.done();
	});

	test('a bare {agents} answer with agent_name works too', async () => {
		const scope = mockApi()
			.get('/agent/all')
			.query({ limit: '100', offset: '0' })
			.reply(200, { agents: [{ id: AGENT_A.id, agent_name: 'maya-v2' }] });
		expect(await searchAssistants.call(context())).toEqual({
			results: [{ name: 'maya-v2', value: AGENT_A.id }],
			paginationToken: undefined,
		});
		scope.done();
	});

	test.each([
		[{ status: 'success', data: {} }],
		[{ status: 'success', data: { items: [] } }],
		[{}],
	])(
		'an answer whose list cannot be found (%j) is an error, never an empty dropdown',
		async (answer) => {
			const scope = mockApi()
				.get('/agent/all')
				.query({ limit: '100', offset: '0' })
				.reply(200, answer);
			await expect(searchAssistants.call(context())).rejects.toThrow(
				'Unexpected answer from the service: the assistant list is missing (expected data.agents)',
			);
			scope.done();
		},
	);

	test('a failing list (401) is reported, not replaced by the numbers', async () => {
		const scope = mockApi()
			.get('/agent/all')
			.query({ limit: '100', offset: '0' })
			.reply(401, { error: { code: '401 Unauthorized', message: 'Invalid credentials' } });
		await expect(searchAssistants.call(context())).rejects.toThrow('Invalid credentials');
		scope.done();
	});

	test('without GET /agent/all: the assistants attached to workspace numbers, once each', async () => {
		const page1 = [
			...Array.from({ length: 99 }, (_, k) => num(k, k % 2 ? AGENT_A : null)),
			num(99, AGENT_B),
		];
		const scope = mockApi()
			.get('/agent/all')
			.query({ limit: '100', offset: '0' })
			.once() // not retried: a missing endpoint is not worth waiting for
			.reply(404, { detail: 'Not Found' })
			.get('/workspace/numbers')
			.query({ limit: '100', offset: '0' })
			.reply(200, { workspace_numbers: page1 })
			.get('/workspace/numbers')
			.query({ limit: '100', offset: '100' })
			.reply(200, { workspace_numbers: [num(100, AGENT_B)] });
		expect(await searchAssistants.call(context())).toEqual({
			results: [
				{ name: 'Maya', value: AGENT_A.id },
				{ name: 'Ravi Sales', value: AGENT_B.id },
			],
			paginationToken: undefined,
		});
		scope.done();
	});

	test('getAssistants (options for multi-select) walks every page', async () => {
		const page = (from: number, n: number) =>
			Array.from({ length: n }, (_, k) => ({
				id: `d0000000-0000-4000-8000-${String(from + k).padStart(12, '0')}`,
				agent_display_name: `A${from + k}`,
			}));
		const scope = mockApi()
			.get('/agent/all')
			.query({ limit: '100', offset: '0' })
			.reply(200, { status: 'success', data: { agents: page(0, 100) } })
			.get('/agent/all')
			.query({ limit: '100', offset: '100' })
			.reply(200, { status: 'success', data: { agents: page(100, 2) } });
		const options = await getAssistants.call(context());
		expect(options).toHaveLength(102);
		expect(options[101]).toEqual({ name: 'A101', value: page(100, 2)[1].id });
		scope.done();
	});
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

describe('voice dropdown', () => {
	const context = (parameters: Record<string, unknown>) =>
		loadOptionsContext('voiceAgentAssistant', 'parameters.voiceId', parameters, {
			resource: 'assistant',
			operation: 'updateVoice',
		});
	const voices = [
		{ id: 'v-1', name: 'Aria', gender: 'female', voice_preview: 'https://cdn.example/1.wav' },
		{
			id: 'v-2',
			name: 'Kabir',
			gender: 'male',
			voice_previews: {
				'en-IN': 'https://cdn.example/2-en.wav',
				'hi-IN': 'https://cdn.example/2.wav',
			},
		},
	];

	test('lists the voices of the language chosen in the node, filtered by the search', async () => {
		mockApi().get('/agent/voices').query({ language: 'hi-IN' }).reply(200, { voices });
		expect(
			await searchVoices.call(context({ operation: 'updateVoice', language: 'hi-IN' }), 'kab'),
		).toEqual({
			results: [{ name: 'Kabir (male)', value: 'v-2', url: 'https://cdn.example/2.wav' }],
		});
	});

	test('Update Secondary Voice lists by its Voice Language', async () => {
		mockApi().get('/agent/voices').query({ language: 'mr-IN' }).reply(200, { voices });
		const { results } = await searchVoices.call(
			context({ operation: 'updateSecondaryVoice', voiceLanguage: 'mr-IN' }),
		);
		expect(results.map((r) => r.value)).toEqual(['v-1', 'v-2']);
	});
});

describe('version dropdown', () => {
	const context = (parameters: Record<string, unknown>) =>
		loadOptionsContext('voiceAgentAssistant', 'parameters.version', parameters, {
			resource: 'assistant',
			operation: 'updatePrompt',
		});

	test("lists the chosen assistant's versions with their traffic; nothing without an assistant", async () => {
		mockApi()
			.get(`/agent/${AGENT}`)
			.reply(200, {
				agents: {
					id: AGENT,
					is_ab_live: true,
					active_agent_version_id: null,
					ab_versions: {
						v1: { slug: 'control', call_traffic: 30 },
						v2: { slug: 'variant', call_traffic: 70 },
					},
					version_details: { v1: { version_id: 'v1' }, v2: { version_id: 'v2' } },
				},
			});
		expect(await searchVersions.call(context({ assistant: locator(AGENT) }))).toEqual({
			results: [
				{ name: 'control (30% of calls)', value: 'v1' },
				{ name: 'variant (70% of calls, live)', value: 'v2' },
			],
		});
		expect(await searchVersions.call(context({ assistant: locator('') }))).toEqual({ results: [] });
	});
});

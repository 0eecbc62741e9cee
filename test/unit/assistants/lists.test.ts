/**
 * The assistant dropdowns (assistants, voices, versions), called through n8n-core's real LoadOptionsContext (the context n8n gives
 * listSearch methods), so credentials and HTTP go through n8n's own request helper to nock.
 */
import {
	getAssistants,
	searchAssistants,
	searchVersions,
	searchVoices,
} from '../../../nodes/shared/assistants/lists';
import { expectAllMocksUsed, loadOptionsContext, mockApi } from '../../helpers/harness';
import {
	AGENT_A,
	AGENT_B,
	listContext as context,
	workspaceNumber as num,
} from '../../helpers/lists';
import { AGENT, locator } from '../../helpers/fixtures';

expectAllMocksUsed();

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

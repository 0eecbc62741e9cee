/**
 * Assistant › Get and Get Many, the voice dropdown, and the robustness rules of the
 * assistant edits (typed fields, upper-case IDs, keys n8n would drop).
 */
import nock from 'nock';
import type { INodeProperties } from 'n8n-workflow';

import { VoiceAgentAssistant } from '../../../nodes/VoiceAgentAssistant/VoiceAgentAssistant.node';
import { searchVersions, searchVoices } from '../../../nodes/shared/listSearch';
import {
	API_KEY,
	BASE_URL,
	expectAllMocksUsed,
	jsonOf,
	loadOptionsContext,
	registerNodeType,
	runNode,
} from '../../helpers/harness';
import { AGENT } from '../../helpers/fixtures';

registerNodeType('voiceAgentAssistant', () => new VoiceAgentAssistant());

beforeAll(() => nock.disableNetConnect());
expectAllMocksUsed();

const api = () => nock(BASE_URL).matchHeader('x-api-key', API_KEY);

const agent = (n: number, prompt = 'Hi @{{callee_name}}, about @{{product}}.') => ({
	id: `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
	agent_display_name: `Agent ${n}`,
	agent_prompt: prompt,
	language: 'en-US',
});

const locator = (value: string) => ({ __rl: true, mode: 'id', value });

describe('Assistant › Get', () => {
	const one = {
		id: AGENT,
		agent_display_name: 'Maya',
		language: 'en-US',
		voice: { id: 'v1', name: 'Aria', voice_preview: 'https://cdn.example/v1.wav' },
		agent_config: {
			agent_prompt: 'Hello @{{callee_name}}, your @{{ appointment }} is at @{{time}}. @{{time}}',
			intro_message: 'Hi',
			custom_variables: ['callee_name'],
		},
	};

	test('GET /agent/{id}, flat (reference) shape: normalised beside the raw record', async () => {
		api().get(`/agent/${AGENT}`).reply(200, { agents: one });
		const { output, error } = await runNode({
			type: 'voiceAgentAssistant',
			parameters: { resource: 'assistant', operation: 'get', assistant: locator(AGENT) },
		});
		expect(error).toBeUndefined();
		const flatVersion = {
			version_id: null,
			version_slug: null,
			call_traffic: null,
			prompt: one.agent_config.agent_prompt,
			intro_message: 'Hi',
			custom_variables: ['callee_name'],
			voice: one.voice,
			language: 'en-US',
			secondary_language: null,
			secondary_voice_id: null,
			knowledge_bases: null,
			event_subscriptions: [],
			prompt_variables: ['callee_name', 'appointment', 'time'],
		};
		expect(output).toEqual([
			{
				json: {
					id: AGENT,
					agent_display_name: 'Maya',
					agent_type: null,
					orchestration_mode: null,
					shape: 'flat',
					version: { version_id: null, version_slug: null },
					version_resolved_by: 'flat',
					version_note: null,
					ab_test_live: false,
					prompt: one.agent_config.agent_prompt,
					intro_message: 'Hi',
					custom_variables: ['callee_name'],
					voice: one.voice,
					language: 'en-US',
					secondary_language: null,
					knowledge_bases: null,
					event_subscriptions: [],
					prompt_variables: ['callee_name', 'appointment', 'time'],
					prompt_variables_note: null,
					versions: [flatVersion],
					raw: one,
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	test('versioned (live) shape: prompt sections joined, the active version read', async () => {
		const v1 = 'aaaaaaaa-0000-4000-8000-000000000001';
		const v2 = 'aaaaaaaa-0000-4000-8000-000000000002';
		const detail = (id: string, slug: string, prompt: string, vars: string[]) => ({
			version_id: id,
			version_slug: slug,
			language: 'hi-IN',
			secondary_language: 'en-IN',
			secondary_voice_id: null,
			voice: { id: 'v9', name: 'Kabir', voice_preview: 'https://cdn.example/9.wav' },
			whitelisted_domains: [],
			tools: [],
			knowledge_bases: [{ id: 'kb1', name: 'FAQ' }],
			event_subscriptions: [
				{
					event_type: ['call_completed'],
					callback_url: 'https://crm.example/hook',
					headers: { Authorization: 'Bear***' },
					method_type: 'POST',
				},
			],
			agent_config: {
				agent_prompt: {
					prompt_sections: [
						{ section_title: 'Role', section_content: prompt },
						{ section_title: 'Close', section_content: 'Thank @{{callee_name}}.' },
					],
				},
				custom_variables: vars,
				intro_message: '<p>Namaste</p>',
				vocab: [],
				voice_speed: 1,
			},
		});
		const live = {
			id: AGENT,
			agent_display_name: 'Priya',
			agent_type: 'outbound',
			orchestration_mode: 'single_node',
			form_fields: [],
			classification_labels: [],
			is_ab_live: false,
			active_agent_version_id: v2,
			ab_versions: {
				[v1]: { slug: 'old', description: null, call_traffic: 0 },
				[v2]: { slug: 'new', description: null, call_traffic: 100 },
			},
			version_details: {
				[v1]: detail(v1, 'old', 'Ask about @{{order_id}}.', ['order_id']),
				[v2]: detail(v2, 'new', 'Ask about @{{order_id}} and @{{city}}.', ['order_id', 'city']),
			},
		};
		api().get(`/agent/${AGENT}`).reply(200, { agents: live });
		const { output } = await runNode({
			type: 'voiceAgentAssistant',
			parameters: { resource: 'assistant', operation: 'get', assistant: locator(AGENT) },
		});
		expect(jsonOf(output)[0]).toMatchObject({
			id: AGENT,
			shape: 'versioned',
			version: { version_id: v2, version_slug: 'new' },
			version_resolved_by: 'active',
			version_note: null,
			ab_test_live: false,
			prompt: 'Ask about @{{order_id}} and @{{city}}.\n\nThank @{{callee_name}}.',
			intro_message: '<p>Namaste</p>',
			custom_variables: ['order_id', 'city'],
			voice: { id: 'v9', name: 'Kabir' },
			language: 'hi-IN',
			secondary_language: 'en-IN',
			knowledge_bases: [{ id: 'kb1', name: 'FAQ' }],
			event_subscriptions: live.version_details[v2].event_subscriptions,
			prompt_variables: ['order_id', 'city', 'callee_name'],
			prompt_variables_note: null,
			raw: live,
		});
		expect(
			(jsonOf(output)[0].versions as any[]).map((v) => [v.version_slug, v.call_traffic]),
		).toEqual([
			['old', 0],
			['new', 100],
		]);
	});

	test('an ID typed in upper case is accepted, by the field and by the locator', async () => {
		api().get(`/agent/${AGENT.toUpperCase()}`).reply(200, { agents: one });
		const { error } = await runNode({
			type: 'voiceAgentAssistant',
			parameters: {
				resource: 'assistant',
				operation: 'get',
				assistant: locator(AGENT.toUpperCase()),
			},
		});
		expect(error).toBeUndefined();
		const field = new VoiceAgentAssistant().description.properties.find(
			(p) => p.name === 'assistant',
		) as INodeProperties;
		const byId = field.modes!.find((m) => m.name === 'id')!;
		// n8n compiles the pattern without flags.
		const regex = new RegExp(
			(byId.validation![0] as unknown as { properties: { regex: string } }).properties.regex,
		);
		expect(regex.test(AGENT.toUpperCase())).toBe(true);
		expect(regex.test('not-a-uuid')).toBe(false);
	});

	test('an answer without the assistant is a clear error, not a crash', async () => {
		api().get(`/agent/${AGENT}`).reply(200, { agents: null });
		const { error } = await runNode({
			type: 'voiceAgentAssistant',
			parameters: { resource: 'assistant', operation: 'get', assistant: locator(AGENT) },
		});
		expect(error?.message).toBe(
			'Unexpected answer from the service: agents should be an object but is null',
		);
	});

	test('an unknown assistant: the 404 per item (Continue On Fail), no request for a bad ID', async () => {
		api().get(`/agent/${AGENT}`).reply(404, { detail: 'Agent not found' });
		const { output } = await runNode({
			type: 'voiceAgentAssistant',
			continueOnFail: true,
			parameters: { resource: 'assistant', operation: 'get', assistant: '={{ $json.id }}' },
			items: [{ json: { id: AGENT } }, { json: { id: 'nope' } }],
		});
		expect(jsonOf(output)[0].error).toContain('Agent not found');
		expect(jsonOf(output)[1].error).toBe(
			'Assistant: "nope" is not a valid ID (UUID expected) [item 1]',
		);
	});
});

describe('Assistant › Get Many', () => {
	const list = (rows: unknown[]) => ({ status: 'success', data: { agents: rows } });
	const row = (n: number) => ({ id: agent(n).id, agent_display_name: `Agent ${n}` });

	test('Limit: one list request for that many, then each assistant read and normalised', async () => {
		api()
			.get('/agent/all')
			.query({ limit: '2', offset: '0' })
			.reply(200, list([row(1), row(2)]));
		api()
			.get(`/agent/${agent(1).id}`)
			.reply(200, { agents: agent(1) });
		api()
			.get(`/agent/${agent(2).id}`)
			.reply(200, { agents: agent(2, 'No variables') });
		const { output } = await runNode({
			type: 'voiceAgentAssistant',
			parameters: { resource: 'assistant', operation: 'getMany', limit: 2 },
		});
		expect(jsonOf(output).map((a) => [a.id, a.prompt, a.prompt_variables, a.raw])).toEqual([
			[agent(1).id, agent(1).agent_prompt, ['callee_name', 'product'], agent(1)],
			[agent(2).id, 'No variables', [], agent(2, 'No variables')],
		]);
		expect(output.map((o) => o.pairedItem)).toEqual([{ item: 0 }, { item: 0 }]);
	});

	test('Return All given as the text "false" is false (Limit applies)', async () => {
		api()
			.get('/agent/all')
			.query({ limit: '1', offset: '0' })
			.reply(200, list([row(1)]));
		api()
			.get(`/agent/${agent(1).id}`)
			.reply(200, { agents: agent(1) });
		const { output } = await runNode({
			type: 'voiceAgentAssistant',
			parameters: {
				resource: 'assistant',
				operation: 'getMany',
				returnAll: '={{ "false" }}',
				limit: 1,
			},
		});
		expect(output).toHaveLength(1);
	});

	test('Return All: pages of 100 until a short page', async () => {
		const page = Array.from({ length: 100 }, (_, k) => row(k));
		api().get('/agent/all').query({ limit: '100', offset: '0' }).reply(200, list(page));
		api()
			.get('/agent/all')
			.query({ limit: '100', offset: '100' })
			.reply(200, list([row(100)]));
		api()
			.get(/^\/ca\/api\/v0\/agent\/a0000000-/)
			.times(101)
			.reply(200, (uri) => ({ agents: { id: uri.split('/').pop(), agent_prompt: 'x' } }));
		const { output } = await runNode({
			type: 'voiceAgentAssistant',
			parameters: { resource: 'assistant', operation: 'getMany', returnAll: true },
		});
		expect(jsonOf(output).map((a) => a.id)).toEqual([...page, row(100)].map((r) => r.id));
	});

	test.each([
		[{ status: 'success', data: {} }, 'the assistant list is missing (expected data.agents)'],
		[{ total: 3 }, 'the assistant list is missing (expected data.agents)'],
		[list([row(1), null]), 'data.agents[1] should be an object but is null'],
	])(
		'an answer without a readable list (%j) is an error, never 0 assistants',
		async (answer, problem) => {
			api().get('/agent/all').query({ limit: '50', offset: '0' }).reply(200, answer);
			const { error } = await runNode({
				type: 'voiceAgentAssistant',
				parameters: { resource: 'assistant', operation: 'getMany' },
			});
			expect(error?.message).toBe(`Unexpected answer from the service: ${problem}`);
		},
	);
});

describe('voice dropdown', () => {
	const context = (parameters: Record<string, unknown>) =>
		loadOptionsContext('voiceAgentAssistant', 'parameters.voiceId', parameters, {
			resource: 'assistant',
			operation: 'updateVoice',
		});
	const voices = [
		{ id: 'v-1', name: 'Aria', gender: 'female', voice_preview: 'https://cdn.example/1.wav' },
		{ id: 'v-2', name: 'Kabir', gender: 'male', voice_preview: 'https://cdn.example/2.wav' },
	];

	test('lists the voices of the language chosen in the node, filtered by the search', async () => {
		api().get('/agent/voices').query({ language: 'hi-IN' }).reply(200, { voices });
		expect(
			await searchVoices.call(context({ operation: 'updateVoice', language: 'hi-IN' }), 'kab'),
		).toEqual({
			results: [{ name: 'Kabir (male)', value: 'v-2', url: 'https://cdn.example/2.wav' }],
		});
	});

	test('Update Secondary Voice lists by its Voice Language', async () => {
		api().get('/agent/voices').query({ language: 'mr-IN' }).reply(200, { voices });
		const { results } = await searchVoices.call(
			context({ operation: 'updateSecondaryVoice', voiceLanguage: 'mr-IN' }),
		);
		expect(results.map((r) => r.value)).toEqual(['v-1', 'v-2']);
	});

	test('the picked voice is sent as voice_id', async () => {
		nock(BASE_URL)
			.patch('/agent/v1', {
				operation: 'edit_voice',
				agent_id: AGENT,
				voice_id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
				language: 'hi-IN',
			})
			.reply(200, { message: 'ok' });
		const { error } = await runNode({
			type: 'voiceAgentAssistant',
			parameters: {
				resource: 'assistant',
				operation: 'updateVoice',
				assistant: locator(AGENT),
				language: 'hi-IN',
				voiceId: { __rl: true, mode: 'list', value: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f' },
			},
		});
		expect(error).toBeUndefined();
	});
});

describe('assistant edits read each field as its type', () => {
	const edit = (operation: string, extra: Record<string, unknown>) =>
		runNode({
			type: 'voiceAgentAssistant',
			parameters: { resource: 'assistant', operation, assistant: locator(AGENT), ...extra },
		});

	test.each([
		[
			'updateDisplayName',
			{ displayName: '={{ { a: 1 } }}' },
			'Display Name: an object is not text',
		],
		['updateIntroMessage', { introMessage: '={{ [1, 2] }}' }, 'Intro Message: a list is not text'],
		['updatePrompt', { prompt: '={{ NaN }}' }, 'Prompt: NaN is not text'],
		[
			'updateExtractCalleeName',
			{ extractCalleeName: '={{ "maybe" }}' },
			'Extract Callee Name: "maybe" is not true or false',
		],
	])('%s %j is refused before any request', async (operation, extra, message) => {
		const { error } = await edit(operation, extra);
		expect(error?.message).toBe(`${message} [item 0]`);
	});

	test('"false" is false for a boolean edit', async () => {
		nock(BASE_URL)
			.patch('/agent/v1', {
				operation: 'edit_extract_callee_name',
				agent_id: AGENT,
				extract_callee_name: false,
			})
			.reply(200, { message: 'ok' });
		const { error } = await edit('updateExtractCalleeName', {
			extractCalleeName: '={{ "false" }}',
		});
		expect(error).toBeUndefined();
	});

	test.each([
		['{"__proto__": {"x": 1}}', '__proto__'],
		['{"auth": {"constructor": "a"}}', 'auth.constructor'],
		['{"list": [{"prototype": 1}]}', 'list[0].prototype'],
	])('API settings %s: the key n8n would drop is named, nothing sent', async (json, key) => {
		const { error } = await edit('updateApiSettings', { apiSettings: json });
		expect(error?.message).toBe(
			`API Settings (JSON): the key "${key}" cannot be sent: n8n drops keys named constructor, prototype and __proto__ from parameters, so it would silently go missing [item 0]`,
		);
	});
});

describe('Version of an edit', () => {
	const V = 'aaaaaaaa-0000-4000-8000-000000000002';

	test('a picked Version is sent as version_id; none sends none (the service default)', async () => {
		nock(BASE_URL)
			.patch('/agent/v1', {
				operation: 'edit_agent_display_name',
				agent_id: AGENT,
				version_id: V,
				agent_display_name: 'Maya B',
			})
			.reply(200, { message: 'Agent updated successfully!', agent_id: AGENT })
			.patch('/agent/v1', {
				operation: 'edit_agent_display_name',
				agent_id: AGENT,
				agent_display_name: 'Maya',
			})
			.reply(200, { message: 'Agent updated successfully!', agent_id: AGENT });
		const run = (version: { __rl: true; mode: string; value: string }, displayName: string) =>
			runNode({
				type: 'voiceAgentAssistant',
				parameters: {
					resource: 'assistant',
					operation: 'updateDisplayName',
					assistant: locator(AGENT),
					version,
					displayName,
				},
			});
		expect((await run({ __rl: true, mode: 'list', value: V }, 'Maya B')).error).toBeUndefined();
		expect((await run({ __rl: true, mode: 'list', value: '' }, 'Maya')).error).toBeUndefined();
	});
});

describe('version dropdown', () => {
	const context = (parameters: Record<string, unknown>) =>
		loadOptionsContext('voiceAgentAssistant', 'parameters.version', parameters, {
			resource: 'assistant',
			operation: 'updatePrompt',
		});

	test("lists the chosen assistant's versions with their traffic; nothing without an assistant", async () => {
		api()
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

/** Assistant › Get: one assistant, normalised beside the raw record, in both shapes. */
import { expectAllMocksUsed, jsonOf, mockApi, runNode } from '../../../helpers/harness';
import { AGENT, locator } from '../../../helpers/fixtures';

expectAllMocksUsed();

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
		mockApi().get(`/agent/${AGENT}`).reply(200, { agents: one });
		const { output, error } = await runNode({
			type: 'voiceAgentAssistant',
			parameters: { resource: 'assistant', operation: 'get', assistant: locator(AGENT) },
		});
		expect(error).toBeUndefined();
		// What the assistant and its one version both show.
		const config = {
			prompt: one.agent_config.agent_prompt,
			intro_message: 'Hi',
			custom_variables: ['callee_name'],
			voice: one.voice,
			language: 'en-US',
			secondary_language: null,
		};
		const flatVersion = {
			version_id: null,
			version_slug: null,
			call_traffic: null,
			...config,
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
					...config,
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
		mockApi().get(`/agent/${AGENT}`).reply(200, { agents: live });
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
		mockApi().get(`/agent/${AGENT.toUpperCase()}`).reply(200, { agents: one });
		const { error } = await runNode({
			type: 'voiceAgentAssistant',
			parameters: {
				resource: 'assistant',
				operation: 'get',
				assistant: locator(AGENT.toUpperCase()),
			},
		});
		expect(error).toBeUndefined();
	});

	test('an answer without the assistant is a clear error, not a crash', async () => {
		mockApi().get(`/agent/${AGENT}`).reply(200, { agents: null });
		const { error } = await runNode({
			type: 'voiceAgentAssistant',
			parameters: { resource: 'assistant', operation: 'get', assistant: locator(AGENT) },
		});
		expect(error?.message).toBe(
			'Unexpected answer from the service: agents should be an object but is null',
		);
	});

	test('an unknown assistant: the 404 per item (Continue On Fail), no request for a bad ID', async () => {
		mockApi().get(`/agent/${AGENT}`).reply(404, { detail: 'Agent not found' });
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

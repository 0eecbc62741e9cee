/** Assistant › Get Many: the list, each assistant read and normalised. */
import { expectAllMocksUsed, jsonOf, mockApi, runNode } from '../../../helpers/harness';

expectAllMocksUsed();

const agent = (n: number, prompt = 'Hi @{{callee_name}}, about @{{product}}.') => ({
	id: `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
	agent_display_name: `Agent ${n}`,
	agent_prompt: prompt,
	language: 'en-US',
});

describe('Assistant › Get Many', () => {
	const list = (rows: unknown[]) => ({ status: 'success', data: { agents: rows } });
	const row = (n: number) => ({ id: agent(n).id, agent_display_name: `Agent ${n}` });

	test('Limit: one list request for that many, then each assistant read and normalised', async () => {
		mockApi()
			.get('/agent/all')
			.query({ limit: '2', offset: '0' })
			.reply(200, list([row(1), row(2)]));
		mockApi()
			.get(`/agent/${agent(1).id}`)
			.reply(200, { agents: agent(1) });
		mockApi()
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
		mockApi()
			.get('/agent/all')
			.query({ limit: '1', offset: '0' })
			.reply(200, list([row(1)]));
		mockApi()
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
		mockApi().get('/agent/all').query({ limit: '100', offset: '0' }).reply(200, list(page));
		mockApi()
			.get('/agent/all')
			.query({ limit: '100', offset: '100' })
			.reply(200, list([row(100)]));
		mockApi()
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
			mockApi().get('/agent/all').query({ limit: '50', offset: '0' }).reply(200, answer);
			const { error } = await runNode({
				type: 'voiceAgentAssistant',
				parameters: { resource: 'assistant', operation: 'getMany' },
			});
			expect(error?.message).toBe(`Unexpected answer from the service: ${problem}`);
		},
	);
});

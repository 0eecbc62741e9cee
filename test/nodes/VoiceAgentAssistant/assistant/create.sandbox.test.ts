/**
 * Assistant › Create against the sandbox: the new assistant is then read by Get and listed by
 * Get Many; a voice that does not speak the language is refused with the clear message.
 */
import type { Sandbox } from '../../../../sandbox';
import { jsonOf, runNode } from '../../../helpers/harness';
import { assistantOnSandbox, sandboxCredentials, useSandbox } from '../../../helpers/sandbox';
import { VOICE_KABIR, VOICE_ROHAN } from '../../../sandbox/helpers';

let sb: Sandbox;
useSandbox((started) => ({ sb } = started));

const create = (over: Record<string, unknown> = {}) =>
	assistantOnSandbox(sb, {
		operation: 'create',
		assistantName: 'Solar Survey',
		introductionAndObjective: 'You are Arjun from Acme Solar.',
		responseGuidelines: 'Be brief and polite.',
		task: 'Ask @{{callee_name}} about @{{product}}.',
		introMessage: 'Hello @{{callee_name}}, Arjun here.',
		language: 'hi-IN',
		voiceId: { __rl: true, mode: 'list', value: VOICE_KABIR },
		createOptions: { customVariables: 'product', secondaryLanguage: 'mr-IN' },
		...over,
	});

test('creates an assistant that Get then reads, with the outbound variables added', async () => {
	const { output } = await create();
	const [created] = jsonOf(output);
	expect(created).toEqual({
		created: true,
		assistant_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
		version: 'v1',
		created_at: new Date(sb.store.now()).toISOString(),
		assistant_name: 'Solar Survey',
		agent_type: 'outbound',
		primary_language: 'hi-IN',
		voice_id: VOICE_KABIR,
		message: 'Agent created successfully',
	});
	const id = String(created.assistant_id);

	const { output: got } = await runNode({
		type: 'voiceAgentAssistant',
		credentials: sandboxCredentials(sb),
		parameters: {
			resource: 'assistant',
			operation: 'get',
			assistant: { __rl: true, mode: 'id', value: id },
		},
	});
	expect(jsonOf(got)[0]).toMatchObject({
		id,
		agent_display_name: 'Solar Survey',
		language: 'hi-IN',
		secondary_language: 'mr-IN',
		voice: { id: VOICE_KABIR, name: 'Kabir' },
		custom_variables: ['callee_name', 'mobile_number', 'product'],
		version: { version_slug: 'v1' },
	});
	expect(sb.store.agents.get(id).versions[0].agent_prompt).toBe(
		'You are Arjun from Acme Solar.\n\nBe brief and polite.\n\nAsk @{{callee_name}} about @{{product}}.',
	);
});

test('a voice that does not speak the Primary Language: the clear message, nothing created', async () => {
	const before = sb.store.agents.size;
	const { output } = await create({
		language: 'en-US',
		voiceId: { __rl: true, mode: 'id', value: VOICE_ROHAN },
	});
	expect(jsonOf(output)[0]).toMatchObject({
		error: 'The voice does not speak English (US) (en-US): choose a voice listed for it',
		httpCode: '400',
	});
	expect(sb.store.agents.size).toBe(before);
});

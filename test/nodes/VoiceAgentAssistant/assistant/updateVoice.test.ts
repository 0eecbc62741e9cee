/** Update Voice: the picked voice, in the language chosen or the one the assistant speaks. */
import nock from 'nock';

import { VoiceAgentAssistant } from '../../../../nodes/VoiceAgentAssistant/VoiceAgentAssistant.node';
import { BASE_URL, expectAllMocksUsed, jsonOf, mockApi, runNode } from '../../../helpers/harness';
import { AGENT, locator, VOICE } from '../../../helpers/fixtures';

beforeAll(() => nock.disableNetConnect());
expectAllMocksUsed();

describe('Update Voice starts at the assistant’s language', () => {
	test('the Language field defaults to "Same as the Assistant"', () => {
		const field = new VoiceAgentAssistant().description.properties.find(
			(p) => p.name === 'language' && p.displayOptions?.show?.operation?.includes('updateVoice'),
		);
		expect(field?.default).toBe('');
		expect((field?.options as Array<{ name: string }>)[0].name).toBe('Same as the Assistant');
	});

	const run = (extra: Record<string, unknown>) =>
		runNode({
			type: 'voiceAgentAssistant',
			parameters: {
				resource: 'assistant',
				operation: 'updateVoice',
				assistant: locator(AGENT, 'id'),
				voiceId: locator(VOICE, 'list'),
				...extra,
			},
		});

	test('run with "Same as the Assistant": the edit sends the language the assistant speaks', async () => {
		const scope = mockApi()
			.get(`/agent/${AGENT}`)
			.reply(200, {
				agents: {
					id: AGENT,
					active_agent_version_id: 'v1',
					version_details: { v1: { language: 'te-IN' } },
				},
			})
			.patch('/agent/v1', {
				operation: 'edit_voice',
				agent_id: AGENT,
				voice_id: VOICE,
				language: 'te-IN',
			})
			.reply(200, { message: 'Agent updated successfully!', agent_id: AGENT });
		const { output, error } = await run({});
		expect(error).toBeUndefined();
		expect(jsonOf(output)).toEqual([{ message: 'Agent updated successfully!', agent_id: AGENT }]);
		scope.done();
	});

	test('an assistant whose language cannot be read: an error naming Language, no edit', async () => {
		mockApi()
			.get(`/agent/${AGENT}`)
			.reply(200, { agents: { id: AGENT, active_agent_version_id: null, version_details: {} } });
		const { error } = await run({});
		expect(error?.message).toBe(
			"Language: could not be read from the assistant; choose the voice's language [item 0]",
		);
	});

	test('an assistant speaking a language the edit does not take: an error naming Language, no edit', async () => {
		mockApi()
			.get(`/agent/${AGENT}`)
			.reply(200, { agents: { id: AGENT, language: 'fr-FR' } });
		const { error } = await run({});
		expect(error?.message).toBe(
			'Language: the assistant speaks "fr-FR", which is not a supported language; choose the voice\'s language [item 0]',
		);
	});

	test('a bad field is refused before the assistant is read (no request at all)', async () => {
		const { error } = await run({ voiceOptions: { secondaryVoiceId: 'x' } });
		expect(error?.message).toBe(
			'Options › Secondary Voice ID: "x" is not a valid ID (UUID expected) [item 0]',
		);
	});
});

describe('voice dropdown', () => {
	test('the picked voice is sent as voice_id', async () => {
		nock(BASE_URL)
			.patch('/agent/v1', {
				operation: 'edit_voice',
				agent_id: AGENT,
				voice_id: VOICE,
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
				voiceId: { __rl: true, mode: 'list', value: VOICE },
			},
		});
		expect(error).toBeUndefined();
	});
});

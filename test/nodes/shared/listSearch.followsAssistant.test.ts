/**
 * Dropdowns that follow the assistant chosen in the same node: From Number lists that
 * assistant's numbers, and Update Voice starts at the language the assistant speaks.
 * Called through n8n-core's real LoadOptionsContext with the node's current parameters.
 */
import nock from 'nock';

import { VoiceAgentAssistant } from '../../../nodes/VoiceAgentAssistant/VoiceAgentAssistant.node';
import { assistantLanguage } from '../../../nodes/shared/assistants';
import { searchNumbers, searchVoices } from '../../../nodes/shared/listSearch';
import {
	expectAllMocksUsed,
	jsonOf,
	loadOptionsContext,
	mockApi,
	registerNodeType,
	runNode,
} from '../../helpers/harness';

registerNodeType('voiceAgentAssistant', () => new VoiceAgentAssistant());
beforeAll(() => nock.disableNetConnect());
expectAllMocksUsed();

const A = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const B = 'b0000000-0000-4000-8000-000000000002';
const VOICE = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const locator = (value: string, mode = 'list') => ({ __rl: true, mode, value });

const context = (type: string, parameters: Record<string, unknown>, path: string) =>
	loadOptionsContext(type, path, parameters);

const start = (assistant: unknown) =>
	context(
		'voiceAgentCalling',
		{ resource: 'call', operation: 'start', assistant },
		'parameters.fromNumber',
	);

const num = (n: number, agentId: string | null) => ({
	id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
	number: `+1415555${String(n).padStart(4, '0')}`,
	agent: agentId ? { id: agentId, agent_display_name: agentId === A ? 'Maya' : 'Ravi' } : null,
});

describe('From Number follows the chosen assistant', () => {
	test('only the numbers of the assistant chosen above, read from every page', async () => {
		const page1 = Array.from({ length: 100 }, (_, n) => num(n + 1, n === 10 ? A : B));
		const page2 = [num(101, A), num(102, null)];
		const scope = mockApi()
			.get('/workspace/numbers')
			.query({ limit: '100', offset: '0' })
			.reply(200, { workspace_numbers: page1 })
			.get('/workspace/numbers')
			.query({ limit: '100', offset: '100' })
			.reply(200, { workspace_numbers: page2 });
		expect(await searchNumbers.call(start(locator(A)))).toEqual({
			results: [
				{ name: '+14155550011 (Maya)', value: '+14155550011' },
				{ name: '+14155550101 (Maya)', value: '+14155550101' },
			],
		});
		scope.done();
	});

	test('the search filter applies to that assistant’s numbers', async () => {
		mockApi()
			.get('/workspace/numbers')
			.query({ limit: '100', offset: '0' })
			.reply(200, { workspace_numbers: [num(1, A), num(2, A), num(3, B)] });
		const { results } = await searchNumbers.call(start(locator(A, 'id')), '0002');
		expect(results).toEqual([{ name: '+14155550002 (Maya)', value: '+14155550002' }]);
	});

	test('an assistant with no number of its own: every number', async () => {
		mockApi()
			.get('/workspace/numbers')
			.query({ limit: '100', offset: '0' })
			.reply(200, { workspace_numbers: [num(1, B), num(2, null)] });
		const { results } = await searchNumbers.call(start(locator(A)));
		expect(results.map((r) => r.value)).toEqual(['+14155550001', '+14155550002']);
	});

	test.each([
		['no assistant chosen', locator('')],
		['an expression', locator('={{ $json.agent }}', 'id')],
		['no assistant field', undefined],
	])('%s: every number, one page at a time', async (_case, assistant) => {
		mockApi()
			.get('/workspace/numbers')
			.query({ limit: '100', offset: '0' })
			.reply(200, { workspace_numbers: [num(1, A), num(2, B)] });
		expect(await searchNumbers.call(start(assistant))).toEqual({
			results: [
				{ name: '+14155550001 (Maya)', value: '+14155550001' },
				{ name: '+14155550002 (Ravi)', value: '+14155550002' },
			],
			paginationToken: undefined,
		});
	});
});

describe("the assistant's language", () => {
	const versioned = (active: string | null, versions: Record<string, string>) => ({
		agents: {
			id: A,
			active_agent_version_id: active,
			version_details: Object.fromEntries(
				Object.entries(versions).map(([id, language]) => [
					id,
					{ version_id: id, language, voice: { id: VOICE, name: 'Aria' } },
				]),
			),
		},
	});

	test.each([
		['flat', { agents: { id: A, language: 'hi-IN', voice: VOICE } }, 'hi-IN'],
		['versioned: the active version', versioned('v2', { v1: 'en-US', v2: 'ta-IN' }), 'ta-IN'],
		['versioned, A/B test (no active id), one version', versioned(null, { v1: 'mr-IN' }), 'mr-IN'],
		[
			'versioned, A/B test, split: unknown',
			versioned(null, { v1: 'en-US', v2: 'hi-IN' }),
			undefined,
		],
		['nothing usable', { agents: { id: A, language: '' } }, undefined],
	])('%s', (_case, body, expected) => {
		expect(assistantLanguage(body as never)).toBe(expected);
	});
});

describe('Update Voice starts at the assistant’s language', () => {
	const voices = [{ id: 'v-1', name: 'Kabir', gender: 'male' }];
	const voiceContext = (parameters: Record<string, unknown>) =>
		context(
			'voiceAgentAssistant',
			{ resource: 'assistant', operation: 'updateVoice', ...parameters },
			'parameters.voiceId',
		);

	test('the Language field defaults to "Same as the Assistant"', () => {
		const field = new VoiceAgentAssistant().description.properties.find(
			(p) => p.name === 'language' && p.displayOptions?.show?.operation?.includes('updateVoice'),
		);
		expect(field?.default).toBe('');
		expect((field?.options as Array<{ name: string }>)[0].name).toBe('Same as the Assistant');
	});

	test('the voice list shows the voices of the language the assistant speaks', async () => {
		const scope = mockApi()
			.get(`/agent/${A}`)
			.reply(200, { agents: { id: A, language: 'hi-IN' } })
			.get('/agent/voices')
			.query({ language: 'hi-IN' })
			.reply(200, { voices });
		const { results } = await searchVoices.call(
			voiceContext({ assistant: locator(A), language: '' }),
		);
		expect(results).toEqual([{ name: 'Kabir (male)', value: 'v-1', url: undefined }]);
		scope.done();
	});

	test('no assistant chosen yet, or its read fails: English (US) voices', async () => {
		mockApi().get('/agent/voices').query({ language: 'en-US' }).reply(200, { voices });
		await searchVoices.call(voiceContext({ assistant: locator(''), language: '' }));
		mockApi()
			.get(`/agent/${A}`)
			.reply(404, { detail: 'Agent not found' })
			.get('/agent/voices')
			.query({ language: 'en-US' })
			.reply(200, { voices });
		await searchVoices.call(voiceContext({ assistant: locator(A), language: '' }));
	});

	test('a language chosen in the node wins, without reading the assistant', async () => {
		mockApi().get('/agent/voices').query({ language: 'ta-IN' }).reply(200, { voices });
		await searchVoices.call(voiceContext({ assistant: locator(A), language: 'ta-IN' }));
	});

	const run = (extra: Record<string, unknown>) =>
		runNode({
			type: 'voiceAgentAssistant',
			parameters: {
				resource: 'assistant',
				operation: 'updateVoice',
				assistant: locator(A, 'id'),
				voiceId: locator(VOICE),
				...extra,
			},
		});

	test('run with "Same as the Assistant": the edit sends the language the assistant speaks', async () => {
		const scope = mockApi()
			.get(`/agent/${A}`)
			.reply(200, {
				agents: {
					id: A,
					active_agent_version_id: 'v1',
					version_details: { v1: { language: 'te-IN' } },
				},
			})
			.patch('/agent/v1', {
				operation: 'edit_voice',
				agent_id: A,
				voice_id: VOICE,
				language: 'te-IN',
			})
			.reply(200, { message: 'Agent updated successfully!', agent_id: A });
		const { output, error } = await run({});
		expect(error).toBeUndefined();
		expect(jsonOf(output)).toEqual([{ message: 'Agent updated successfully!', agent_id: A }]);
		scope.done();
	});

	test('an assistant whose language cannot be read: an error naming Language, no edit', async () => {
		mockApi()
			.get(`/agent/${A}`)
			.reply(200, { agents: { id: A, active_agent_version_id: null, version_details: {} } });
		const { error } = await run({});
		expect(error?.message).toBe(
			"Language: could not be read from the assistant; choose the voice's language [item 0]",
		);
	});

	test('an assistant speaking a language the edit does not take: an error naming Language, no edit', async () => {
		mockApi()
			.get(`/agent/${A}`)
			.reply(200, { agents: { id: A, language: 'fr-FR' } });
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

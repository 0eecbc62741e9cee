/**
 * Dropdowns that follow the assistant chosen in the same node: From Number lists that
 * assistant's numbers, and the voice list starts at the language the assistant speaks.
 * Called through n8n-core's real LoadOptionsContext with the node's current parameters.
 */
import nock from 'nock';

import { assistantLanguage } from '../../nodes/shared/assistants/assistants';
import { searchVoices } from '../../nodes/shared/assistants/lists';
import { searchNumbers } from '../../nodes/shared/workspace/lists';
import { expectAllMocksUsed, loadOptionsContext, mockApi } from '../helpers/harness';
import { AGENT, locator, VOICE } from '../helpers/fixtures';

beforeAll(() => nock.disableNetConnect());
expectAllMocksUsed();

const B = 'b0000000-0000-4000-8000-000000000002';

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
	agent: agentId ? { id: agentId, agent_display_name: agentId === AGENT ? 'Maya' : 'Ravi' } : null,
});

describe('From Number follows the chosen assistant', () => {
	test('only the numbers of the assistant chosen above, read from every page', async () => {
		const page1 = Array.from({ length: 100 }, (_, n) => num(n + 1, n === 10 ? AGENT : B));
		const page2 = [num(101, AGENT), num(102, null)];
		const scope = mockApi()
			.get('/workspace/numbers')
			.query({ limit: '100', offset: '0' })
			.reply(200, { workspace_numbers: page1 })
			.get('/workspace/numbers')
			.query({ limit: '100', offset: '100' })
			.reply(200, { workspace_numbers: page2 });
		expect(await searchNumbers.call(start(locator(AGENT, 'list')))).toEqual({
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
			.reply(200, { workspace_numbers: [num(1, AGENT), num(2, AGENT), num(3, B)] });
		const { results } = await searchNumbers.call(start(locator(AGENT, 'id')), '0002');
		expect(results).toEqual([{ name: '+14155550002 (Maya)', value: '+14155550002' }]);
	});

	test('an assistant with no number of its own: every number', async () => {
		mockApi()
			.get('/workspace/numbers')
			.query({ limit: '100', offset: '0' })
			.reply(200, { workspace_numbers: [num(1, B), num(2, null)] });
		const { results } = await searchNumbers.call(start(locator(AGENT, 'list')));
		expect(results.map((r) => r.value)).toEqual(['+14155550001', '+14155550002']);
	});

	test.each([
		['no assistant chosen', locator('', 'list')],
		['an expression', locator('={{ $json.agent }}', 'id')],
		['no assistant field', undefined],
	])('%s: every number, one page at a time', async (_case, assistant) => {
		mockApi()
			.get('/workspace/numbers')
			.query({ limit: '100', offset: '0' })
			.reply(200, { workspace_numbers: [num(1, AGENT), num(2, B)] });
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
			id: AGENT,
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
		['flat', { agents: { id: AGENT, language: 'hi-IN', voice: VOICE } }, 'hi-IN'],
		['versioned: the active version', versioned('v2', { v1: 'en-US', v2: 'ta-IN' }), 'ta-IN'],
		['versioned, A/B test (no active id), one version', versioned(null, { v1: 'mr-IN' }), 'mr-IN'],
		[
			'versioned, A/B test, split: unknown',
			versioned(null, { v1: 'en-US', v2: 'hi-IN' }),
			undefined,
		],
		['nothing usable', { agents: { id: AGENT, language: '' } }, undefined],
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

	test('the voice list shows the voices of the language the assistant speaks', async () => {
		const scope = mockApi()
			.get(`/agent/${AGENT}`)
			.reply(200, { agents: { id: AGENT, language: 'hi-IN' } })
			.get('/agent/voices')
			.query({ language: 'hi-IN' })
			.reply(200, { voices });
		const { results } = await searchVoices.call(
			voiceContext({ assistant: locator(AGENT, 'list'), language: '' }),
		);
		expect(results).toEqual([{ name: 'Kabir (male)', value: 'v-1', url: undefined }]);
		scope.done();
	});

	test('no assistant chosen yet, or its read fails: English (US) voices', async () => {
		mockApi().get('/agent/voices').query({ language: 'en-US' }).reply(200, { voices });
		await searchVoices.call(voiceContext({ assistant: locator('', 'list'), language: '' }));
		mockApi()
			.get(`/agent/${AGENT}`)
			.reply(404, { detail: 'Agent not found' })
			.get('/agent/voices')
			.query({ language: 'en-US' })
			.reply(200, { voices });
		await searchVoices.call(voiceContext({ assistant: locator(AGENT, 'list'), language: '' }));
	});

	test('a language chosen in the node wins, without reading the assistant', async () => {
		mockApi().get('/agent/voices').query({ language: 'ta-IN' }).reply(200, { voices });
		await searchVoices.call(voiceContext({ assistant: locator(AGENT, 'list'), language: 'ta-IN' }));
	});
});

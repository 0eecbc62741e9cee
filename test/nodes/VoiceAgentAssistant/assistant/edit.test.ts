/** The assistant edits, one defineEdit each: exact requests, validation, service errors. */
import nock from 'nock';

import { VoiceAgentAssistant } from '../../../../nodes/VoiceAgentAssistant/VoiceAgentAssistant.node';
import { BASE_URL, jsonOf, runNode, expectAllMocksUsed } from '../../../helpers/harness';
import { AGENT, locator, VAD_FIELDS, VAD_SETTINGS, VOICE } from '../../../helpers/fixtures';
import { edit, ok, params, patch } from '../../../helpers/assistantEdits';

const VOICE2 = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a';
const NUMBER_ID = '9b2e4c1a-7d3f-4e5a-8b6c-1d2e3f4a5b6c';
const KB = '5a6b7c8d-1e2f-4a3b-9c4d-5e6f7a8b9c0d';

expectAllMocksUsed();

/** [node operation, its parameters, the body fields the service must receive]. */
const cases: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
	[
		'attachInboundNumber',
		{ numberId: { __rl: true, mode: 'list', value: NUMBER_ID } },
		{ operation: 'attach_inbound_number', number_id: NUMBER_ID },
	],
	[
		'removeInboundNumber',
		{ numberId: { __rl: true, mode: 'id', value: NUMBER_ID } },
		{ operation: 'remove_inbound_number', number_id: NUMBER_ID },
	],
	// Saved before the dropdown: the ID as plain text, still read.
	['attachKnowledgeBase', { knowledgeBaseId: KB }, { operation: 'attach_kb', kb_id: KB }],
	['removeKnowledgeBase', { knowledgeBaseId: ` ${KB} ` }, { operation: 'remove_kb', kb_id: KB }],
	[
		'attachKnowledgeBase',
		{ knowledgeBaseId: { __rl: true, mode: 'list', value: KB } },
		{ operation: 'attach_kb', kb_id: KB },
	],
	[
		'removeKnowledgeBase',
		{ knowledgeBaseId: { __rl: true, mode: 'id', value: KB } },
		{ operation: 'remove_kb', kb_id: KB },
	],
	[
		'updateCustomVariables',
		{ customVariables: 'customer_name, plan\nplan\n due_date ' },
		{ operation: 'edit_custom_vars', custom_variables: ['customer_name', 'plan', 'due_date'] },
	],
	[
		'updateCustomVariables',
		{ customVariables: '[]' },
		{ operation: 'edit_custom_vars', custom_variables: [] },
	],
	['updateLanguage', { language: 'hi-IN' }, { operation: 'edit_language', language: 'hi-IN' }],
	[
		'updateSecondaryLanguage',
		{ secondaryLanguage: 'ar-AE' },
		{ operation: 'edit_secondary_language', secondary_language: 'ar-AE' },
	],
	[
		'updateVoice',
		{ voiceId: VOICE, language: 'en-IN' },
		{ operation: 'edit_voice', voice_id: VOICE, language: 'en-IN' },
	],
	[
		'updateVoice',
		{
			voiceId: VOICE,
			language: 'en-US',
			voiceOptions: { secondaryVoiceId: VOICE2, secondaryLanguage: 'ta-IN' },
		},
		{
			operation: 'edit_voice',
			voice_id: VOICE,
			language: 'en-US',
			secondary_voice_id: VOICE2,
			secondary_language: 'ta-IN',
		},
	],
	[
		'updateSecondaryVoice',
		{ secondaryVoiceId: VOICE2 },
		{ operation: 'edit_secondary_voice', secondary_voice_id: VOICE2 },
	],
	[
		'updateNoiseSettings',
		{ muteWhileBotSpeaking: true, muteDuringIntro: false },
		{ operation: 'edit_noise_settings', mute_while_bot_speaking: true, mute_during_intro: false },
	],
	[
		'updateDisplayName',
		{ displayName: '  Reminder Bot ' },
		{ operation: 'edit_agent_display_name', agent_display_name: 'Reminder Bot' },
	],
	[
		'updateIntroMessage',
		{ introMessage: 'Hi @{{callee_name}}, this is Maya.' },
		{ operation: 'edit_intro_message', intro_message: 'Hi @{{callee_name}}, this is Maya.' },
	],
	[
		'updateQueryPhrases',
		{ phrases: 'One moment, please.\nLet me check that.\n', phraseOptions: { probability: 0.25 } },
		{
			operation: 'edit_query_phrases',
			pre_query_response_phrases: ['One moment, please.', 'Let me check that.'],
			pre_query_phrase_probability: 0.25,
		},
	],
	[
		'updateQueryPhrases',
		{ phrases: 'Hmm, let me see.' },
		{ operation: 'edit_query_phrases', pre_query_response_phrases: ['Hmm, let me see.'] },
	],
	[
		'updateDtmfSettings',
		{ dtmfCapturingEnabled: true, dtmfDigits: 6, dtmfEnd: '#', dtmfReset: '*', dtmfTimeout: 4.5 },
		{
			operation: 'edit_dtmf_settings',
			dtmf_settings: {
				dtmf_capturing_enabled: true,
				dtmf_input: { digits: 6, end: '#', reset: '*', timeout: 4.5 },
			},
		},
	],
	[
		'updateDtmfSettings',
		{},
		{
			operation: 'edit_dtmf_settings',
			dtmf_settings: {
				dtmf_capturing_enabled: true,
				dtmf_input: { digits: 10, end: '#', reset: '*', timeout: 5 },
			},
		},
	],
	['updateVadSettings', VAD_FIELDS, { operation: 'edit_vad_settings', vad_settings: VAD_SETTINGS }],
	[
		'updateWhitelistedDomains',
		{ whitelistedDomains: 'https://Example.com/, http://localhost:3000\nhttps://example.com' },
		{
			operation: 'edit_agent_whitelisted_domains',
			whitelisted_domains: ['https://example.com', 'http://localhost:3000'],
		},
	],
	[
		'updateWhitelistedDomains',
		{ whitelistedDomains: '={{ $json.domains }}' },
		{
			operation: 'edit_agent_whitelisted_domains',
			whitelisted_domains: ['https://a.example.org', 'https://b.example.org:8443'],
		},
	],
	['updateVoiceSpeed', { voiceSpeed: 1.15 }, { operation: 'edit_voice_speed', voice_speed: 1.15 }],
	[
		'updateExtractCalleeName',
		{ extractCalleeName: false },
		{ operation: 'edit_extract_callee_name', extract_callee_name: false },
	],
	[
		'updateVocabulary',
		{ vocabulary: 'Ringg, Acme\nDr. Mehta' },
		{ operation: 'edit_vocab', vocab: ['Ringg', 'Acme', 'Dr. Mehta'] },
	],
	[
		'updateApiSettings',
		{ apiSettings: '{"webhook_url": "https://hooks.example.com/x", "retries": 2}' },
		{
			operation: 'edit_api_settings',
			api_settings: { webhook_url: 'https://hooks.example.com/x', retries: 2 },
		},
	],
];

describe('Assistant edits: exact request and output', () => {
	test.each(cases)('%s %j', async (operation, extra, fields) => {
		const scope = patch({ agent_id: AGENT, ...fields }).reply(200, ok);
		const { output, error } = await edit(operation, extra, [
			{ domains: ['https://a.example.org', 'https://b.example.org:8443/'] },
		]);
		expect(error).toBeUndefined();
		expect(output).toEqual([{ json: ok, pairedItem: { item: 0 } }]);
		scope.done();
	});

	test('every one of the 21 edit operations of the spec has a case above', () => {
		const node = new VoiceAgentAssistant();
		const operation = node.description.properties.find((p) => p.name === 'operation');
		const values = (operation?.options ?? [])
			.map((o) => (o as { value: string }).value)
			// Not edits of one field: Create, the reads, Delete, and Update Event Subscriptions
			// (which reads the lists first: updateEventSubscriptions.sandbox.test.ts).
			.filter(
				(v) => !['create', 'get', 'getMany', 'delete', 'updateEventSubscriptions'].includes(v),
			);
		expect(values).toHaveLength(21);
		expect(new Set([...cases.map((c) => c[0]), 'updatePrompt'])).toEqual(new Set(values));
		expect(new Set(cases.map((c) => c[2].operation)).size).toBe(20); // + edit_prompt below
	});

	test('the assistant picked from the list is sent as agent_id', async () => {
		const scope = patch({ operation: 'edit_language', agent_id: AGENT, language: 'en-US' }).reply(
			200,
			ok,
		);
		const { error } = await runNode({
			type: 'voiceAgentAssistant',
			parameters: {
				resource: 'assistant',
				operation: 'updateLanguage',
				assistant: { __rl: true, mode: 'list', value: AGENT, cachedResultName: 'Maya' },
				language: 'en-US',
			},
		});
		expect(error).toBeUndefined();
		scope.done();
	});
});

describe('validation: nothing is sent, the error names the field and the item', () => {
	const LONG = Array.from({ length: 101 }, (_, n) => `w${n}`).join(',');
	test.each([
		[
			'updateLanguage',
			{ assistant: { __rl: true, mode: 'id', value: '={{ "agent-1" }}' }, language: 'en-US' },
			'Assistant: "agent-1" is not a valid ID (UUID expected) [item 0]',
		],
		[
			'updateLanguage',
			{ language: 'fr-FR' },
			'Language: "fr-FR" is not a supported language; use one of ar-AE, en-IN, en-US, gu-IN, hi-IN, kn-IN, mr-IN, ta-IN, te-IN [item 0]',
		],
		[
			'updateVoice',
			{ voiceId: 'alloy', language: 'en-US' },
			'Voice: "alloy" is not a valid ID (UUID expected) [item 0]',
		],
		[
			'updateVoice',
			{ voiceId: VOICE, language: 'en-US', voiceOptions: { secondaryVoiceId: 'x' } },
			'Options › Secondary Voice ID: "x" is not a valid ID (UUID expected) [item 0]',
		],
		[
			'attachInboundNumber',
			{ numberId: { __rl: true, mode: 'id', value: '={{ "+14155550100" }}' } },
			'Phone Number: "+14155550100" is not a valid ID (UUID expected) [item 0]',
		],
		[
			'attachKnowledgeBase',
			{ knowledgeBaseId: '={{ $json.nothing }}' },
			'Knowledge Base: is required [item 0]',
		],
		[
			'updateSecondaryVoice',
			{ secondaryVoiceId: '123' },
			'Secondary Voice: "123" is not a valid ID (UUID expected) [item 0]',
		],
		['updateDisplayName', { displayName: '   ' }, 'Display Name: is required [item 0]'],
		['updateIntroMessage', { introMessage: '={{ "" }}' }, 'Intro Message: is required [item 0]'],
		['updatePrompt', { prompt: '={{ $json.nothing }}' }, 'Prompt: is required [item 0]'],
		[
			'updatePrompt',
			{ prompt: 'hi', knownVariables: '@{{name}}' },
			'Known Custom Variables: "@{{name}}" is not a variable name (write it without @{{ }} and without spaces) [item 0]',
		],
		[
			'updateCustomVariables',
			{ customVariables: '={{ "" }}' },
			'Custom Variables: is required (to clear the list on purpose, use an empty JSON array: []) [item 0]',
		],
		[
			'updateCustomVariables',
			{ customVariables: 'first name' },
			'Custom Variables: "first name" is not a variable name (write it without @{{ }} and without spaces) [item 0]',
		],
		[
			'updateCustomVariables',
			{ customVariables: '[1, {"a": 1}]' },
			'Custom Variables: entry {"a":1} is not text [item 0]',
		],
		[
			'updateCustomVariables',
			{ customVariables: '[oops' },
			'Custom Variables: starts with "[" but is not a JSON array of text [item 0]',
		],
		[
			'updateVocabulary',
			{ vocabulary: LONG },
			'Vocabulary: has 101 entries; at most 100 are allowed [item 0]',
		],
		[
			'updateWhitelistedDomains',
			{ whitelistedDomains: 'https://example.com/app' },
			'Whitelisted Domains: "https://example.com/app" must be an origin only, without a path, query or fragment (e.g. https://example.com) [item 0]',
		],
		[
			'updateWhitelistedDomains',
			{ whitelistedDomains: 'example.com' },
			'Whitelisted Domains: "example.com" is not a URL (e.g. https://example.com) [item 0]',
		],
		[
			'updateWhitelistedDomains',
			{ whitelistedDomains: 'ftp://example.com' },
			'Whitelisted Domains: "ftp://example.com" must start with https:// or http:// (e.g. https://example.com) [item 0]',
		],
		[
			'updateWhitelistedDomains',
			{ whitelistedDomains: 'https://example.com?x=1' },
			'Whitelisted Domains: "https://example.com?x=1" must be an origin only, without a path, query or fragment (e.g. https://example.com) [item 0]',
		],
		[
			'updateWhitelistedDomains',
			{ whitelistedDomains: 'https://u:p@example.com' },
			'Whitelisted Domains: "https://u:p@example.com" must not contain a user name or password (e.g. https://example.com) [item 0]',
		],
		[
			'updateQueryPhrases',
			{ phrases: 'x', phraseOptions: { probability: 1.5 } },
			'Options › Probability: 1.5 is not a number from 0 to 1 [item 0]',
		],
		[
			'updateVoiceSpeed',
			{ voiceSpeed: 0 },
			'Voice Speed: 0 is not a number greater than 0 [item 0]',
		],
		[
			'updateVoiceSpeed',
			{ voiceSpeed: '={{ "fast" }}' },
			'Voice Speed: "fast" is not a number [item 0]',
		],
		[
			'updateNoiseSettings',
			{ muteWhileBotSpeaking: '={{ "yes" }}' },
			'Mute While Assistant Speaks: "yes" is not true or false [item 0]',
		],
		[
			'updateDtmfSettings',
			{ dtmfEnd: '##' },
			'End Key: "##" must be one key: 0-9, * or # [item 0]',
		],
		[
			'updateDtmfSettings',
			{ dtmfEnd: '#', dtmfReset: '#' },
			'Reset Key: must differ from the End Key ("#") [item 0]',
		],
		[
			'updateDtmfSettings',
			{ dtmfDigits: 2.5 },
			'Digits: 2.5 is not a whole number of at least 1 [item 0]',
		],
		[
			'updateVadSettings',
			{ vadConfidence: 2 },
			'Confidence: 2 is not a number from 0 to 1 [item 0]',
		],
		[
			'updateVadSettings',
			{ interruptionSensitivity: '={{ "loud" }}' },
			'Interruption Sensitivity: "loud" is not one of "default", "sensitive", "strict" [item 0]',
		],
		['updateApiSettings', { apiSettings: '' }, 'API Settings (JSON): is required [item 0]'],
		[
			'updateApiSettings',
			{ apiSettings: '[1,2]' },
			'API Settings (JSON): must be a JSON object like {"key": "value"} [item 0]',
		],
		[
			'updateApiSettings',
			{ apiSettings: '{nope' },
			expect.stringMatching(/^API Settings \(JSON\): is not valid JSON \(.+\) \[item 0\]$/),
		],
	])('%s %j', async (operation, extra, message) => {
		// No interceptor: with net connect disabled any request would fail differently.
		const { output, error } = await edit(operation, extra);
		expect(error?.message).toEqual(message);
		expect(error?.description).toMatch(/No request was sent for this item\.$/);
		expect(output).toEqual([]);
	});
});

describe('service errors reach the user with the service text', () => {
	test.each([
		[
			400,
			"'kb_id' is required for operation 'attach_kb'",
			'The service rejected a field or parameter. Check the values named in the message.',
		],
		[
			400,
			'Selected voice does not support the specified language',
			'The service rejected a field or parameter. Check the values named in the message.',
		],
		[404, 'Agent not found', 'The service did not find what was asked for. Check the ID.'],
		[
			409,
			'Number already attached to another agent',
			'The request conflicts with the current state (for example a number already attached elsewhere).',
		],
		[
			422,
			'Failed to edit agent',
			'The service could not process the values sent. Check the fields named in the message.',
		],
	])('%i {detail: %s}', async (status, detail, description) => {
		const scope = patch({ operation: 'attach_kb', agent_id: AGENT, kb_id: KB })
			.once()
			.reply(status, { detail });
		const { output, error } = await edit('attachKnowledgeBase', { knowledgeBaseId: KB });
		expect(error?.message).toBe(detail);
		expect(error?.description).toBe(description);
		expect(error?.httpCode).toBe(String(status));
		expect(output).toEqual([]);
		scope.done();
	});

	test('500 {detail} is retried (an edit is idempotent) and then reported', async () => {
		const scope = patch({ operation: 'edit_language', agent_id: AGENT, language: 'en-US' })
			.times(4)
			.reply(500, { detail: 'Failed to edit agent' });
		const { error } = await edit('updateLanguage', { language: 'en-US' });
		expect(error?.message).toBe('Failed to edit agent');
		expect(error?.description).toBe(
			'The service failed while handling the request. Try again later.',
		);
		expect(error?.httpCode).toBe('500');
		scope.done();
	});

	test('a 500 followed by success returns the success', async () => {
		const scope = patch({ operation: 'edit_language', agent_id: AGENT, language: 'gu-IN' })
			.reply(500, { detail: 'Internal Server Error' })
			.patch('/agent/v1')
			.reply(200, ok);
		const { output, error } = await edit('updateLanguage', { language: 'gu-IN' });
		expect(error).toBeUndefined();
		expect(jsonOf(output)).toEqual([ok]);
		scope.done();
	});
});

describe('Continue On Fail', () => {
	test('one output per item in order; bad input and service errors land on their item', async () => {
		const scope = patch({ operation: 'edit_voice_speed', agent_id: AGENT, voice_speed: 0.9 })
			.reply(200, ok)
			.patch('/agent/v1', { operation: 'edit_voice_speed', agent_id: AGENT, voice_speed: 1.3 })
			.reply(404, { detail: 'Agent not found' });
		const { output, error } = await runNode({
			type: 'voiceAgentAssistant',
			continueOnFail: true,
			parameters: params('updateVoiceSpeed', { voiceSpeed: '={{ $json.speed }}' }),
			items: [{ json: { speed: 0.9 } }, { json: { speed: -1 } }, { json: { speed: 1.3 } }],
		});
		expect(error).toBeUndefined();
		expect(output).toEqual([
			{ json: ok, pairedItem: { item: 0 } },
			{
				json: {
					error: 'Voice Speed: -1 is not a number greater than 0 [item 1]',
					description:
						'Fix "Voice Speed" in input item 1 and run again. No request was sent for this item.',
				},
				pairedItem: { item: 1 },
			},
			{
				json: {
					error: 'Agent not found',
					description: 'The service did not find what was asked for. Check the ID.',
					httpCode: '404',
				},
				pairedItem: { item: 2 },
			},
		]);
		scope.done();
	});
});

describe('node description', () => {
	const node = new VoiceAgentAssistant();
	test('list edits warn that they replace the whole list', () => {
		const hinted = node.description.properties.filter((p) =>
			p.hint?.startsWith('Replaces the whole'),
		);
		expect(hinted.map((p) => p.name).sort()).toEqual([
			'apiSettings',
			'customVariables',
			'phrases',
			'vocabulary',
			'whitelistedDomains',
		]);
	});
});

describe('assistant edits read each field as its type', () => {
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

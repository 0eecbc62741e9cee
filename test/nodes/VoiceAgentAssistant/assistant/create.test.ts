/**
 * Assistant › Create: POST /public/agent with every field, limits checked before sending, the
 * voice list of the chosen language, the mismatch error read clearly, sent once.
 */
import fc from 'fast-check';
import nock from 'nock';

import { searchVoices } from '../../../../nodes/shared/assistants/lists';
import { VoiceAgentAssistant } from '../../../../nodes/VoiceAgentAssistant/VoiceAgentAssistant.node';
import { MAX_LENGTH } from '../../../../nodes/VoiceAgentAssistant/actions/assistant/create.operation';
import { locator, VOICE } from '../../../helpers/fixtures';
import {
	asTool,
	expectAllMocksUsed,
	loadOptionsContext,
	mockApi,
	recordAll,
	runNode,
} from '../../../helpers/harness';

beforeAll(() => nock.disableNetConnect());
expectAllMocksUsed();
afterEach(() => {
	nock.emitter.removeAllListeners('no match');
});

const NEW_AGENT = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';

const parameters = (over: Record<string, unknown> = {}) => ({
	resource: 'assistant',
	operation: 'create',
	assistantName: ' Dental Reminder ',
	introductionAndObjective: 'You are Maya from Acme Dental.',
	responseGuidelines: 'Be brief.',
	task: 'Confirm the appointment on @{{date}}.',
	introMessage: 'Hi @{{callee_name}}, Maya here.',
	language: 'en-IN',
	voiceId: locator(VOICE, 'list'),
	...over,
});

/** The body the default parameters send. */
const BODY = {
	agent_name: 'Dental Reminder',
	introduction_and_objective: 'You are Maya from Acme Dental.',
	response_guidelines: 'Be brief.',
	task: 'Confirm the appointment on @{{date}}.',
	intro_message: 'Hi @{{callee_name}}, Maya here.',
	primary_language: 'en-IN',
	voice_id: VOICE,
	agent_type: 'outbound',
};

const CREATED = {
	success: true,
	data: { id: NEW_AGENT, version: 'v1', created_at: '2026-09-01T10:00:00Z' },
	message: 'Agent created successfully',
};

const OUTPUT = {
	created: true,
	assistant_id: NEW_AGENT,
	version: 'v1',
	created_at: '2026-09-01T10:00:00Z',
	assistant_name: 'Dental Reminder',
	agent_type: 'outbound',
	primary_language: 'en-IN',
	voice_id: VOICE,
	message: 'Agent created successfully',
};

const run = (over: Record<string, unknown> = {}, more: Record<string, unknown> = {}) =>
	runNode({ type: 'voiceAgentAssistant', parameters: parameters(over), ...more });

describe('the request and the output', () => {
	test('the required fields, the default type, and the answer flat', async () => {
		const scope = mockApi()
			.matchHeader('content-type', /^application\/json/)
			.post('/public/agent', BODY)
			.reply(200, CREATED);
		const { output, error } = await run();
		expect(error).toBeUndefined();
		expect(output).toEqual([{ json: OUTPUT, pairedItem: { item: 0 } }]);
		scope.done();
	});

	test('every optional field', async () => {
		const scope = mockApi()
			.post('/public/agent', {
				...BODY,
				primary_language: 'bn-IN',
				agent_type: 'outbound_inbound',
				faq: 'Q: Open on Sunday?\nA: No.',
				sample_conversations: 'Assistant: Hi\nUser: Hello',
				secondary_language: 'ka-IN',
				custom_variables: ['date', 'clinic'],
			})
			.reply(200, CREATED);
		const { output } = await run({
			language: 'bn-IN',
			agentType: 'outbound_inbound',
			createOptions: {
				faq: ' Q: Open on Sunday?\nA: No. ',
				sampleConversations: 'Assistant: Hi\nUser: Hello',
				secondaryLanguage: 'ka-IN',
				customVariables: 'date, clinic',
			},
		});
		expect(output[0].json).toEqual({
			...OUTPUT,
			agent_type: 'outbound_inbound',
			primary_language: 'bn-IN',
		});
		scope.done();
	});

	test('an answer without data.id is reported, not output as a success', async () => {
		mockApi().post('/public/agent').reply(200, { success: true, data: {} });
		const { error } = await run();
		expect(error?.message).toBe('Unexpected answer from the service: data.id is missing');
	});
});

describe('refused before sending', () => {
	const limits: Array<[string, string, keyof typeof MAX_LENGTH]> = [
		['assistantName', 'Assistant Name', 'agent_name'],
		['introductionAndObjective', 'Introduction and Objective', 'introduction_and_objective'],
		['responseGuidelines', 'Response Guidelines', 'response_guidelines'],
		['task', 'Task', 'task'],
		['introMessage', 'Intro Message', 'intro_message'],
	];

	test.each(limits)(
		'%s one character over its limit names the field, item and length',
		async (name, label, api) => {
			const seen = recordAll();
			const max = MAX_LENGTH[api];
			// Code points, as the service counts: an emoji is one character, not two.
			const { error } = await run({ [name]: '😀'.repeat(max + 1) });
			expect(seen).toEqual([]);
			expect(error?.message).toBe(
				`${label}: is ${max + 1} characters long; the service takes at most ${max} [item 0]`,
			);
		},
	);

	test.each([
		['faq', 'FAQ', 'faq'],
		['sampleConversations', 'Sample Conversations', 'sample_conversations'],
	] as const)('Options › %s over 5,000 characters', async (name, label, api) => {
		const seen = recordAll();
		const { error } = await run({ createOptions: { [name]: 'x'.repeat(MAX_LENGTH[api] + 1) } });
		expect(seen).toEqual([]);
		expect(error?.message).toBe(
			`Options › ${label}: is 5001 characters long; the service takes at most 5000 [item 0]`,
		);
	});

	test.each([
		[{ task: '   ' }, 'Task'],
		[{ voiceId: locator('={{ "aria" }}', 'id') }, 'Voice'],
		[{ language: 'gu-IN' }, 'Primary Language'],
		[{ agentType: 'both' }, 'Assistant Type'],
		[{ createOptions: { secondaryLanguage: 'ar-AE' } }, 'Options › Secondary Language'],
		[{ createOptions: { customVariables: 'two words' } }, 'Options › Custom Variables'],
	])('%j is refused, naming %s', async (over, label) => {
		const seen = recordAll();
		const { error } = await run(over);
		expect(seen).toEqual([]);
		expect(error?.message).toMatch(new RegExp(`^${label}: .* \\[item 0\\]$`));
	});

	test('property: text within every limit is sent as typed (trimmed); over any limit, nothing is sent', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.record({
					assistantName: fc.integer({ min: 1, max: 101 }),
					task: fc.integer({ min: 1, max: 1501 }),
					introMessage: fc.integer({ min: 1, max: 501 }),
				}),
				async (lengths) => {
					const over = Object.fromEntries(
						Object.entries(lengths).map(([k, n]) => [k, 'é'.repeat(n)]),
					);
					const fits =
						lengths.assistantName <= 100 && lengths.task <= 1500 && lengths.introMessage <= 500;
					const scope = fits
						? mockApi()
								.post('/public/agent', {
									...BODY,
									agent_name: over.assistantName,
									task: over.task,
									intro_message: over.introMessage,
								})
								.reply(200, CREATED)
						: undefined;
					const seen = recordAll();
					const { error } = await run(over);
					nock.emitter.removeAllListeners('no match');
					expect(seen).toEqual([]);
					expect(error === undefined).toBe(fits);
					scope?.done();
				},
			),
			{ numRuns: 25 },
		);
	});
});

describe('errors from the service', () => {
	test('VOICE_LANGUAGE_MISMATCH reads as the voice not speaking the language', async () => {
		mockApi()
			.post('/public/agent')
			.reply(400, {
				success: false,
				error: {
					code: 'VOICE_LANGUAGE_MISMATCH',
					message: "Voice does not support language 'en-IN'",
				},
			});
		const { output } = await run({}, { continueOnFail: true });
		expect(output[0].json).toMatchObject({
			error: 'The voice does not speak English (India) (en-IN): choose a voice listed for it',
			httpCode: '400',
		});
		expect(output[0].json.description).toBe(
			"The service said: Voice does not support language 'en-IN'. The Voice list shows the voices of the Primary Language; pick one there, or change the language.",
		);
	});

	test('another 400 keeps the service’s own message', async () => {
		mockApi()
			.post('/public/agent')
			.reply(400, {
				success: false,
				error: { code: 'INVALID_PARAMETERS', message: 'agent_name already exists' },
			});
		const { output } = await run({}, { continueOnFail: true });
		expect(output[0].json).toMatchObject({ error: 'agent_name already exists', httpCode: '400' });
	});

	test('a 500 after sending is reported, never repeated, also under Retry On Fail', async () => {
		const scope = mockApi()
			.post('/public/agent')
			.once()
			.reply(500, { success: false, error: { code: 'internal', message: 'boom' } });
		const seen = recordAll();
		const { error } = await run(
			{},
			{ settings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 1 } },
		);
		expect(error?.message).toBe('boom');
		expect(error?.description).toMatch(
			/^The service may have created the assistant before the failure, so the request was not sent again\. Look for it with Assistant → Get Many before trying again\./,
		);
		expect(seen).toEqual([]);
		scope.done();
	});

	test('an answer lost after sending is not repeated, and says the assistant may exist', async () => {
		const scope = mockApi()
			.post('/public/agent', BODY)
			.once()
			.replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
		const seen = recordAll();
		const { output } = await run({}, { continueOnFail: true });
		expect(seen).toEqual([]);
		expect(output[0].json.description).toBe(
			'The service may have created the assistant before the failure, so the request was not sent again. Look for it with Assistant → Get Many before trying again.',
		);
		scope.done();
	});

	test('a 429 proves nothing was created: it is sent again', async () => {
		const scope = mockApi()
			.post('/public/agent', BODY)
			.reply(
				429,
				{ success: false, error: { code: 'rate_limited', message: 'slow down' } },
				{ 'retry-after': '0' },
			)
			.post('/public/agent', BODY)
			.reply(200, CREATED);
		const { output, error } = await run();
		expect(error).toBeUndefined();
		expect(output[0].json).toEqual(OUTPUT);
		scope.done();
	});
});

describe('as an AI agent tool', () => {
	test('it creates without the consent switch (creating deletes or rewrites nothing)', async () => {
		const node = new VoiceAgentAssistant();
		const fenced = node.description.properties.filter(
			(p) =>
				p.name === 'allowAgent' && (p.displayOptions?.show?.operation ?? []).includes('create'),
		);
		expect(fenced).toEqual([]);
		const scope = mockApi().post('/public/agent', BODY).reply(200, CREATED);
		const { output, error } = await runNode({
			type: 'voiceAgentAssistantTool',
			nodeType: asTool(new VoiceAgentAssistant()),
			parameters: parameters(),
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toEqual(OUTPUT);
		scope.done();
	});
});

describe('the Voice list', () => {
	test('shows the voices of the chosen Primary Language', async () => {
		const scope = mockApi()
			.get('/agent/voices')
			.query({ language: 'ta-IN' })
			.reply(200, { voices: [{ id: VOICE, name: 'Meera', gender: 'female' }] });
		const ctx = loadOptionsContext('voiceAgentAssistant', 'parameters.voiceId', {
			resource: 'assistant',
			operation: 'create',
			language: 'ta-IN',
		});
		const { results } = await searchVoices.call(ctx);
		expect(results).toEqual([{ name: 'Meera (female)', value: VOICE, url: undefined }]);
		scope.done();
	});
});

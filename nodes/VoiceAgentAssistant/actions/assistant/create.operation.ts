import type { IDataObject, IExecuteFunctions, INodeProperties, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { createAssistant } from '../../../shared/assistants/assistants';
import { voiceLocator } from '../../../shared/assistants/fields';
import { CREATE_LANGUAGE_OPTIONS, CREATE_LANGUAGES } from '../../../shared/assistants/languages';
import { mayHaveActed, sendOnce } from '../../../shared/engine/once';
import { operationOption, type OperationOutput } from '../../../shared/engine/operation';
import { fields, REQUIRED, type Fields } from '../../../shared/engine/params';
import { asItemError } from '../../../shared/engine/router';

export const option = operationOption({
	name: 'Create',
	value: 'create',
	description: 'Create an assistant from its name, objective, guidelines, task and voice',
	action: 'Create an assistant',
});

const AGENT_TYPES = ['outbound', 'inbound', 'outbound_inbound'] as const;

/** The maximum lengths POST /public/agent takes, in characters (vendor reference). */
export const MAX_LENGTH = {
	agent_name: 100,
	introduction_and_objective: 2000,
	response_guidelines: 3000,
	task: 1500,
	intro_message: 500,
	faq: 5000,
	sample_conversations: 5000,
} as const;

const text = (
	displayName: string,
	name: string,
	apiField: keyof typeof MAX_LENGTH,
	rows: number,
	extra: Partial<INodeProperties>,
): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	typeOptions: rows > 1 ? { rows } : undefined,
	default: '',
	required: true,
	hint: `At most ${MAX_LENGTH[apiField].toLocaleString('en-US')} characters`,
	...extra,
});

export const properties: INodeProperties[] = [
	text('Assistant Name', 'assistantName', 'agent_name', 1, {
		placeholder: 'e.g. Appointment Reminder',
		description: 'The name the dashboard and the Assistant lists show',
	}),
	text('Introduction and Objective', 'introductionAndObjective', 'introduction_and_objective', 4, {
		placeholder: 'e.g. You are Maya from Acme Dental. You call patients to confirm appointments.',
		description: 'Who the assistant is and what each call is for',
	}),
	text('Response Guidelines', 'responseGuidelines', 'response_guidelines', 4, {
		placeholder: 'e.g. Be brief and friendly. Never give medical advice.',
		description: 'How the assistant speaks and what it must not do',
	}),
	text('Task', 'task', 'task', 4, {
		placeholder: 'e.g. Confirm the appointment on @{{date}}; offer another slot if needed.',
		description: 'The steps of the conversation; may use @{{variable_name}} placeholders',
	}),
	text('Intro Message', 'introMessage', 'intro_message', 2, {
		placeholder: 'e.g. Hi @{{callee_name}}, this is Maya from Acme Dental.',
		description: 'What the assistant says first; may use @{{variable_name}} placeholders',
	}),
	{
		displayName: 'Primary Language',
		// Named as the edits' language fields: the Voice list (searchVoices) filters by it.
		name: 'language',
		type: 'options',
		options: CREATE_LANGUAGE_OPTIONS,
		default: 'en-US',
		required: true,
		description:
			'The language the assistant speaks. The service takes these for a new assistant (its edit list differs).',
	},
	voiceLocator({
		description: 'The voice; the list shows the voices that speak the Primary Language',
	}),
	{
		displayName: 'Assistant Type',
		name: 'agentType',
		type: 'options',
		options: [
			{ name: 'Outbound', value: 'outbound', description: 'It places calls' },
			{ name: 'Inbound', value: 'inbound', description: 'It answers calls to its numbers' },
			{ name: 'Outbound and Inbound', value: 'outbound_inbound', description: 'Both' },
		],
		default: 'outbound',
	},
	{
		displayName: 'Options',
		name: 'createOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Custom Variables',
				name: 'customVariables',
				type: 'string',
				typeOptions: { rows: 2 },
				default: '',
				placeholder: 'e.g. clinic, date, time',
				description:
					'Variable names the prompt uses as @{{name}}, without @{{ }}, separated by commas or one per line. Outbound assistants always get callee_name and mobile_number as well.',
			},
			{
				displayName: 'FAQ',
				name: 'faq',
				type: 'string',
				typeOptions: { rows: 4 },
				default: '',
				placeholder: 'e.g. Q: Where are you?\nA: 12 Main Street.',
				description: `Questions and answers the assistant knows; at most ${MAX_LENGTH.faq.toLocaleString('en-US')} characters`,
			},
			{
				displayName: 'Sample Conversations',
				name: 'sampleConversations',
				type: 'string',
				typeOptions: { rows: 4 },
				default: '',
				placeholder: 'e.g. Assistant: Hi, this is Maya.\nUser: Hello.',
				description: `Example conversations, one turn per line; at most ${MAX_LENGTH.sample_conversations.toLocaleString('en-US')} characters`,
			},
			{
				displayName: 'Secondary Language',
				name: 'secondaryLanguage',
				type: 'options',
				options: CREATE_LANGUAGE_OPTIONS,
				default: 'hi-IN',
				description: 'A second language the assistant may switch to',
			},
		],
	},
];

/** Characters as the service counts them (code points, not UTF-16 units). */
const length = (value: string) => Array.from(value).length;

/** Required text no longer than the service takes; the error names the field and the length. */
function limited(f: Fields, name: string, label: string, apiField: keyof typeof MAX_LENGTH) {
	const value = f.requiredText(name, label);
	return checkLength(f, value, label, apiField);
}

function checkLength(f: Fields, value: string, label: string, apiField: keyof typeof MAX_LENGTH) {
	const max = MAX_LENGTH[apiField];
	const got = length(value);
	if (got > max)
		throw f.error(label, `is ${got} characters long; the service takes at most ${max}`);
	return value;
}

/** The request body, every field checked; nothing is sent before this returns. */
export function createBody(f: Fields): IDataObject {
	const body: IDataObject = {
		agent_name: limited(f, 'assistantName', 'Assistant Name', 'agent_name'),
		introduction_and_objective: limited(
			f,
			'introductionAndObjective',
			'Introduction and Objective',
			'introduction_and_objective',
		),
		response_guidelines: limited(
			f,
			'responseGuidelines',
			'Response Guidelines',
			'response_guidelines',
		),
		task: limited(f, 'task', 'Task', 'task'),
		intro_message: limited(f, 'introMessage', 'Intro Message', 'intro_message'),
		primary_language: f.option('language', 'Primary Language', CREATE_LANGUAGES, REQUIRED),
		voice_id: f.locatorUuid('voiceId', 'Voice'),
		agent_type: f.option('agentType', 'Assistant Type', AGENT_TYPES, 'outbound'),
	};
	const options = f.collection('createOptions', 'Options');
	const faq = options.text('faq', 'FAQ').trim();
	if (faq !== '') body.faq = checkLength(options, faq, 'FAQ', 'faq');
	const samples = options.text('sampleConversations', 'Sample Conversations').trim();
	if (samples !== '')
		body.sample_conversations = checkLength(
			options,
			samples,
			'Sample Conversations',
			'sample_conversations',
		);
	if (options.has('secondaryLanguage'))
		body.secondary_language = options.option(
			'secondaryLanguage',
			'Secondary Language',
			CREATE_LANGUAGES,
			REQUIRED,
		);
	if (options.has('customVariables'))
		body.custom_variables = options.variableNames('customVariables', 'Custom Variables');
	return body;
}

/** The language a VOICE_LANGUAGE_MISMATCH names ("... language 'en-US'"), else the primary one. */
function mismatchedLanguage(message: string, primary: string): string {
	const code = /'([^']+)'/.exec(message)?.[1] ?? primary;
	const known = CREATE_LANGUAGE_OPTIONS.find((o) => o.value === code);
	return known && known.name.toLowerCase() !== code.toLowerCase()
		? `${known.name} (${code})`
		: code;
}

/** Whether the service refused the voice for the language (400 VOICE_LANGUAGE_MISMATCH). */
function isVoiceMismatch(error: NodeApiError): boolean {
	const response = error.errorResponse as JsonObject | undefined;
	return (
		error.httpCode === '400' &&
		(response?.serviceCode === 'VOICE_LANGUAGE_MISMATCH' ||
			/voice does not support language/i.test(error.message))
	);
}

export const kind = 'item';

/**
 * POST /public/agent. Sent once per item, also when n8n's Retry On Fail re-runs the node: a
 * second create would make a second assistant (the transport does not retry it either).
 */
export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const body = createBody(fields(this, i));
	const { data, message } = await sendOnce(this, i, 'createAssistant', async () => {
		try {
			return await createAssistant(this, body, i);
		} catch (error) {
			if (error instanceof NodeApiError && isVoiceMismatch(error)) {
				const served = error.message;
				error.message = `The voice does not speak ${mismatchedLanguage(served, String(body.primary_language))}: choose a voice listed for it`;
				error.description = `The service said: ${served}. The Voice list shows the voices of the Primary Language; pick one there, or change the language.`;
			} else if (error instanceof NodeApiError && mayHaveActed(error)) {
				error.description =
					'The service may have created the assistant before the failure, so the request was not sent again. Look for it with Assistant → Get Many before trying again.';
			}
			throw asItemError(this, error, i);
		}
	});
	return {
		created: true,
		assistant_id: data.id,
		version: data.version ?? null,
		created_at: data.created_at ?? null,
		assistant_name: body.agent_name,
		agent_type: body.agent_type,
		primary_language: body.primary_language,
		voice_id: body.voice_id,
		...(message !== undefined ? { message } : {}),
	};
}

import type { IDataObject } from 'n8n-workflow';

import { voiceLocator } from '../../../shared/assistants/fields';
import { LANGUAGE_OPTIONS, LANGUAGES, toLanguage } from '../../../shared/assistants/languages';
import { readAssistantLanguage } from '../../../shared/assistants/assistants';
import { defineEdit } from './edit';

/** Language option meaning "whatever the assistant speaks now". */
const SAME_AS_ASSISTANT = '';

export const { kind, option, properties, execute, agentNeedsConsent } = defineEdit({
	value: 'updateVoice',
	name: 'Update Voice',
	description: 'Change the voice of an assistant and the language it speaks',
	action: 'Update the voice of an assistant',
	apiOperation: 'edit_voice',
	properties: [
		{
			displayName: 'Language',
			name: 'language',
			type: 'options',
			// Starts at the assistant's own language, not at one language for every assistant.
			options: [
				{
					name: 'Same as the Assistant',
					value: SAME_AS_ASSISTANT,
					description: 'The language the assistant speaks now, read from it',
				},
				...LANGUAGE_OPTIONS,
			],
			default: SAME_AS_ASSISTANT,
			description: 'Language the voice speaks',
		},
		voiceLocator({ description: 'The voice; the list shows the voices of the language above' }),
		{
			displayName: 'Options',
			name: 'voiceOptions',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [
				{
					displayName: 'Secondary Language',
					name: 'secondaryLanguage',
					type: 'options',
					options: LANGUAGE_OPTIONS,
					default: 'en-US',
				},
				{
					displayName: 'Secondary Voice ID',
					name: 'secondaryVoiceId',
					type: 'string',
					default: '',
					description: 'ID (UUID) of a second voice, for the secondary language',
				},
			],
		},
	],
	async body(f, i) {
		const body: IDataObject = {
			voice_id: f.locatorUuid('voiceId', 'Voice'),
		};
		const chosen = f.text('language', 'Language', SAME_AS_ASSISTANT);
		if (chosen !== SAME_AS_ASSISTANT) body.language = f.checked('language', 'Language', toLanguage);
		const options = f.collection('voiceOptions', 'Options');
		const secondaryVoice = options.raw('secondaryVoiceId');
		if (secondaryVoice !== undefined && secondaryVoice !== '') {
			body.secondary_voice_id = options.uuid('secondaryVoiceId', 'Secondary Voice ID');
		}
		if (options.raw('secondaryLanguage') !== undefined) {
			body.secondary_language = options.checked(
				'secondaryLanguage',
				'Secondary Language',
				toLanguage,
			);
		}
		if (chosen === SAME_AS_ASSISTANT) {
			// Every field is checked first: bad input never costs a request. The edit needs a
			// language with the voice: the one the assistant speaks now.
			const agentId = f.locatorUuid('assistant', 'Assistant');
			const language = await readAssistantLanguage(this, agentId, i);
			if (language === undefined || !LANGUAGES.includes(language)) {
				throw f.error(
					'Language',
					language === undefined
						? "could not be read from the assistant; choose the voice's language"
						: `the assistant speaks "${language}", which is not a supported language; choose the voice's language`,
				);
			}
			body.language = language;
		}
		return {
			voice_id: body.voice_id,
			language: body.language,
			...body,
		};
	},
});

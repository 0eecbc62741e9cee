import type { IDataObject } from 'n8n-workflow';

import { voiceLocator } from '../../../shared/descriptions';
import { LANGUAGE_OPTIONS } from '../../../shared/languages';
import { defineEdit } from './edit';

export const { option, description, execute } = defineEdit({
	value: 'updateVoice',
	name: 'Update Voice',
	description: 'Change the voice of an assistant and the language it speaks',
	action: 'Update the voice of an assistant',
	apiOperation: 'edit_voice',
	fields: [
		{
			displayName: 'Language',
			name: 'language',
			type: 'options',
			options: LANGUAGE_OPTIONS,
			default: 'en-US',
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
	body(f) {
		const body: IDataObject = {
			voice_id: f.locatorUuid('voiceId', 'Voice'),
			language: f.language('language', 'Language'),
		};
		const options = f.collection('voiceOptions', 'Options');
		const secondaryVoice = options.raw('secondaryVoiceId');
		if (secondaryVoice !== undefined && secondaryVoice !== '') {
			body.secondary_voice_id = options.uuid('secondaryVoiceId', 'Secondary Voice ID');
		}
		if (options.raw('secondaryLanguage') !== undefined) {
			body.secondary_language = options.language('secondaryLanguage', 'Secondary Language');
		}
		return body;
	},
});

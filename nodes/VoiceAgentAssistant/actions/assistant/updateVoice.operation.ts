import type { IDataObject } from 'n8n-workflow';

import { voiceLocator } from '../../../shared/descriptions';
import { LANGUAGE_OPTIONS } from '../../../shared/languages';
import { requireLanguage, requireUuid } from '../../../shared/validate';
import { param } from '../../../shared/params';
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
	body(i) {
		const node = this.getNode();
		const body: IDataObject = {
			voice_id: requireUuid(node, 'Voice', param(this, 'voiceId', i), i),
			language: requireLanguage(node, 'Language', param(this, 'language', i), i),
		};
		const options = param(this, 'voiceOptions', i, {}) as IDataObject;
		if (options.secondaryVoiceId !== undefined && options.secondaryVoiceId !== '') {
			body.secondary_voice_id = requireUuid(
				node,
				'Options › Secondary Voice ID',
				options.secondaryVoiceId,
				i,
			);
		}
		if (options.secondaryLanguage !== undefined) {
			body.secondary_language = requireLanguage(
				node,
				'Options › Secondary Language',
				options.secondaryLanguage,
				i,
			);
		}
		return body;
	},
});

import { LANGUAGE_OPTIONS, toLanguage } from '../../../shared/assistants/languages';
import { defineEdit } from './edit';

export const { kind, option, properties, execute, agentNeedsConsent } = defineEdit({
	value: 'updateLanguage',
	name: 'Update Language',
	description: 'Change the main language of an assistant',
	action: 'Update the language of an assistant',
	apiOperation: 'edit_language',
	properties: [
		{
			displayName: 'Language',
			name: 'language',
			type: 'options',
			options: LANGUAGE_OPTIONS,
			default: 'en-US',
			description: "The assistant's voice must support it, or the service refuses the edit",
		},
	],
	body(f) {
		return { language: f.checked('language', 'Language', toLanguage) };
	},
});

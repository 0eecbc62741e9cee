import { LANGUAGE_OPTIONS, toLanguage } from '../../../shared/assistants/languages';
import { defineEdit } from './edit';

export const { kind, option, properties, execute, agentNeedsConsent } = defineEdit({
	value: 'updateSecondaryLanguage',
	name: 'Update Secondary Language',
	description: 'Change the second language an assistant can switch to',
	action: 'Update the secondary language of an assistant',
	apiOperation: 'edit_secondary_language',
	properties: [
		{
			displayName: 'Secondary Language',
			name: 'secondaryLanguage',
			type: 'options',
			options: LANGUAGE_OPTIONS,
			default: 'hi-IN',
		},
	],
	body(f) {
		return { secondary_language: f.checked('secondaryLanguage', 'Secondary Language', toLanguage) };
	},
});

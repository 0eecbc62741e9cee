import { LANGUAGE_OPTIONS } from '../../../shared/languages';
import { requireLanguage } from '../../../shared/validate';
import { param } from '../../../shared/params';
import { defineEdit } from './edit';

export const { option, description, execute } = defineEdit({
	value: 'updateSecondaryLanguage',
	name: 'Update Secondary Language',
	description: 'Change the second language an assistant can switch to',
	action: 'Update the secondary language of an assistant',
	apiOperation: 'edit_secondary_language',
	fields: [
		{
			displayName: 'Secondary Language',
			name: 'secondaryLanguage',
			type: 'options',
			options: LANGUAGE_OPTIONS,
			default: 'hi-IN',
		},
	],
	body(i) {
		return {
			secondary_language: requireLanguage(
				this.getNode(),
				'Secondary Language',
				param(this, 'secondaryLanguage', i),
				i,
			),
		};
	},
});

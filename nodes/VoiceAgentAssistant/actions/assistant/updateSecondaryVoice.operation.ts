import { requireUuid } from '../../../shared/validate';
import { defineEdit, param } from './edit';

export const { option, description, execute } = defineEdit({
	value: 'updateSecondaryVoice',
	name: 'Update Secondary Voice',
	description: 'Change the voice an assistant uses for its secondary language',
	action: 'Update the secondary voice of an assistant',
	apiOperation: 'edit_secondary_voice',
	fields: [
		{
			displayName: 'Secondary Voice ID',
			name: 'secondaryVoiceId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. 1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
			description: 'ID (UUID) of the voice for the secondary language',
		},
	],
	body(i) {
		return {
			secondary_voice_id: requireUuid(
				this.getNode(),
				'Secondary Voice ID',
				param(this, 'secondaryVoiceId', i),
				i,
			),
		};
	},
});

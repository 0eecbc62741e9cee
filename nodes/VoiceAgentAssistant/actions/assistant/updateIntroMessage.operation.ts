import { defineEdit } from './edit';

export const { kind, option, properties, execute, agentNeedsConsent } = defineEdit({
	value: 'updateIntroMessage',
	name: 'Update Intro Message',
	description: 'Change the first thing an assistant says on a call',
	action: 'Update the intro message of an assistant',
	apiOperation: 'edit_intro_message',
	properties: [
		{
			displayName: 'Intro Message',
			name: 'introMessage',
			type: 'string',
			typeOptions: { rows: 3 },
			default: '',
			required: true,
			placeholder: 'e.g. Hi @{{callee_name}}, this is Maya from Acme Dental.',
			description: 'What the assistant says first; may use @{{variable_name}} placeholders',
		},
	],
	body(f) {
		return { intro_message: f.requiredText('introMessage', 'Intro Message') };
	},
});

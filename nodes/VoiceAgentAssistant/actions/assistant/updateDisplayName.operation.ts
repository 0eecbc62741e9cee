import { defineEdit } from './edit';

export const { kind, option, properties, execute, agentNeedsConsent } = defineEdit({
	value: 'updateDisplayName',
	name: 'Update Display Name',
	description: 'Rename an assistant',
	action: 'Update the display name of an assistant',
	apiOperation: 'edit_agent_display_name',
	properties: [
		{
			displayName: 'Display Name',
			name: 'displayName',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. Appointment Reminder',
		},
	],
	body(f) {
		return { agent_display_name: f.requiredText('displayName', 'Display Name') };
	},
});

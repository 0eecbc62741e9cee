import { requireNonEmpty } from '../../../shared/validate';
import { param } from '../../../shared/params';
import { defineEdit } from './edit';

export const { option, description, execute } = defineEdit({
	value: 'updateDisplayName',
	name: 'Update Display Name',
	description: 'Rename an assistant',
	action: 'Update the display name of an assistant',
	apiOperation: 'edit_agent_display_name',
	fields: [
		{
			displayName: 'Display Name',
			name: 'displayName',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. Appointment Reminder',
		},
	],
	body(i) {
		return {
			agent_display_name: requireNonEmpty(
				this.getNode(),
				'Display Name',
				param(this, 'displayName', i),
				i,
			),
		};
	},
});

import { defineEdit } from './edit';

export const { kind, option, properties, execute, agentNeedsConsent } = defineEdit({
	value: 'updateCustomVariables',
	name: 'Update Custom Variables',
	description: 'Set the variable names an assistant prompt can use as @{{name}}',
	action: 'Update the custom variables of an assistant',
	apiOperation: 'edit_custom_vars',
	properties: [
		{
			displayName: 'Custom Variables',
			name: 'customVariables',
			type: 'string',
			typeOptions: { rows: 3 },
			default: '',
			required: true,
			placeholder: 'e.g. customer_name, appointment_date',
			description:
				'Variable names without @{{ }}, separated by commas or one per line (an expression may give an array)',
			hint: 'Replaces the whole list: names not given here are removed from the assistant. Use [] to clear it.',
		},
	],
	body(f) {
		return { custom_variables: f.variableNames('customVariables', 'Custom Variables') };
	},
});

import { refuseDroppedKeys, requireJsonObject, requireNonEmpty } from '../../../shared/validate';
import { param } from '../../../shared/params';
import { defineEdit } from './edit';

export const { option, description, execute } = defineEdit({
	value: 'updateApiSettings',
	name: 'Update API Settings',
	description: 'Replace the API settings of an assistant with a JSON object',
	action: 'Update the API settings of an assistant',
	apiOperation: 'edit_api_settings',
	fields: [
		{
			displayName: 'API Settings (JSON)',
			name: 'apiSettings',
			type: 'json',
			default: '',
			required: true,
			placeholder: '{ "key": "value" }',
			description: 'A JSON object, sent as api_settings; the service does not publish its shape',
			hint: 'Replaces the whole API settings object: keys not given here are removed.',
		},
	],
	body(i) {
		const node = this.getNode();
		const value = param(this, 'apiSettings', i);
		if (typeof value === 'string') requireNonEmpty(node, 'API Settings (JSON)', value, i);
		const settings = requireJsonObject(node, 'API Settings (JSON)', value, i);
		refuseDroppedKeys(node, 'API Settings (JSON)', settings, i);
		return { api_settings: settings };
	},
});

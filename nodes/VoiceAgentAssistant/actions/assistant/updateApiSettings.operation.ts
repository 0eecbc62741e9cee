import { refuseDroppedKeys } from '../../../shared/engine/validate';
import { defineEdit } from './edit';

export const { kind, option, properties, execute, agentNeedsConsent } = defineEdit({
	value: 'updateApiSettings',
	name: 'Update API Settings',
	description: 'Replace the API settings of an assistant with a JSON object',
	action: 'Update the API settings of an assistant',
	apiOperation: 'edit_api_settings',
	properties: [
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
	body(f) {
		// Empty would send {} and wipe the settings: required, unlike other JSON fields.
		const raw = f.raw('apiSettings');
		if (raw === undefined || typeof raw === 'string') {
			f.requiredText('apiSettings', 'API Settings (JSON)');
		}
		const settings = f.jsonObject('apiSettings', 'API Settings (JSON)');
		refuseDroppedKeys(this.getNode(), 'API Settings (JSON)', settings, f.itemIndex);
		return { api_settings: settings };
	},
});

import { REQUIRED } from '../../../shared/engine/params';
import { defineEdit } from './edit';

export const { kind, option, properties, execute, agentNeedsConsent } = defineEdit({
	value: 'updateExtractCalleeName',
	name: 'Update Extract Callee Name',
	description:
		'Turn on or off whether an assistant picks up the callee name from the call. Reported to change nothing on the service.',
	action: 'Update the extract callee name setting of an assistant',
	apiOperation: 'edit_extract_callee_name',
	properties: [
		{
			displayName: 'Reported to change nothing: the service answers success without applying it.',
			name: 'noOpNotice',
			type: 'notice',
			default: '',
		},
		{
			displayName: 'Extract Callee Name',
			name: 'extractCalleeName',
			type: 'boolean',
			default: true,
			description: 'Whether the assistant extracts the name of the person it talks to',
		},
	],
	body(f) {
		return {
			extract_callee_name: f.boolean('extractCalleeName', 'Extract Callee Name', REQUIRED),
		};
	},
});

import { REQUIRED } from '../../../shared/engine/params';
import { defineEdit } from './edit';

const DTMF_KEY_RE = /^[0-9*#]$/;

export const { kind, option, properties, execute, agentNeedsConsent } = defineEdit({
	value: 'updateDtmfSettings',
	name: 'Update DTMF Settings',
	description: 'Set how an assistant captures keypad presses (DTMF) from the callee',
	action: 'Update the DTMF settings of an assistant',
	apiOperation: 'edit_dtmf_settings',
	properties: [
		{
			displayName: 'Capture Keypad Input',
			name: 'dtmfCapturingEnabled',
			type: 'boolean',
			default: true,
			description: 'Whether the assistant listens for keys the callee presses',
		},
		{
			displayName: 'Digits',
			name: 'dtmfDigits',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 10,
			description: 'Number of digits to capture before the input counts as complete',
		},
		{
			displayName: 'End Key',
			name: 'dtmfEnd',
			type: 'string',
			default: '#',
			description: 'Key that ends the input early (0-9, * or #)',
		},
		{
			displayName: 'Reset Key',
			name: 'dtmfReset',
			type: 'string',
			default: '*',
			description: 'Key that clears what was typed so far (0-9, * or #)',
		},
		{
			displayName: 'Timeout (Seconds)',
			name: 'dtmfTimeout',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 1 },
			default: 5,
			description: 'Seconds to wait for the next key before the input counts as complete',
		},
	],
	body(f) {
		const key = (field: string, name: string) => {
			const value = f.text(name, field).trim();
			if (!DTMF_KEY_RE.test(value)) throw f.error(field, `"${value}" must be one key: 0-9, * or #`);
			return value;
		};
		const end = key('End Key', 'dtmfEnd');
		const reset = key('Reset Key', 'dtmfReset');
		if (end === reset) throw f.error('Reset Key', `must differ from the End Key ("${end}")`);
		return {
			dtmf_settings: {
				dtmf_capturing_enabled: f.boolean('dtmfCapturingEnabled', 'Capture Keypad Input', REQUIRED),
				dtmf_input: {
					digits: f.integer('dtmfDigits', 'Digits', REQUIRED, { min: 1 }),
					end,
					reset,
					timeout: f.number('dtmfTimeout', 'Timeout (Seconds)', REQUIRED, { min: 0 }),
				},
			},
		};
	},
});

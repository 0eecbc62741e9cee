import { REQUIRED } from '../../../shared/engine/params';
import { defineEdit } from './edit';

const SENSITIVITIES = ['default', 'sensitive', 'strict'] as const;

export const { kind, option, properties, execute, agentNeedsConsent } = defineEdit({
	value: 'updateVadSettings',
	name: 'Update VAD Settings',
	description: 'Tune voice activity detection: when the callee counts as speaking',
	action: 'Update the VAD settings of an assistant',
	apiOperation: 'edit_vad_settings',
	properties: [
		{
			displayName: 'Interruption Sensitivity',
			name: 'interruptionSensitivity',
			type: 'options',
			options: [
				{ name: 'Default', value: 'default' },
				{
					name: 'Sensitive',
					value: 'sensitive',
					description: 'The callee interrupts the assistant easily',
				},
				{ name: 'Strict', value: 'strict', description: 'Only clear speech interrupts' },
			],
			default: 'default',
		},
		{
			displayName: 'Override VAD',
			name: 'vadOverride',
			type: 'boolean',
			default: false,
			description: 'Whether to use the detection values below instead of the defaults',
		},
		{
			displayName: 'Confidence',
			name: 'vadConfidence',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 1, numberPrecision: 2 },
			default: 0.7,
			description: 'How sure the detector must be that audio is speech (0 to 1)',
		},
		{
			displayName: 'Start (Seconds)',
			name: 'vadStartSecs',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 2 },
			default: 0.2,
			description: 'Seconds of speech before the callee counts as speaking',
		},
		{
			displayName: 'Stop (Seconds)',
			name: 'vadStopSecs',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 2 },
			default: 0.8,
			description: 'Seconds of silence before the callee counts as done speaking',
		},
		{
			displayName: 'Minimum Volume',
			name: 'vadMinVolume',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 1, numberPrecision: 2 },
			default: 0.6,
			description: 'Quietest audio (0 to 1) that can count as speech',
		},
	],
	body(f) {
		const sensitivity = f.option(
			'interruptionSensitivity',
			'Interruption Sensitivity',
			SENSITIVITIES,
			REQUIRED,
		);
		const num = (field: string, name: string, max?: number) =>
			f.number(name, field, REQUIRED, { min: 0, max });
		return {
			vad_settings: {
				vad_override: f.boolean('vadOverride', 'Override VAD', REQUIRED),
				interruption_sensitivity: sensitivity,
				vad_input: {
					confidence: num('Confidence', 'vadConfidence', 1),
					start_secs: num('Start (Seconds)', 'vadStartSecs'),
					stop_secs: num('Stop (Seconds)', 'vadStopSecs'),
					min_volume: num('Minimum Volume', 'vadMinVolume', 1),
				},
			},
		};
	},
});

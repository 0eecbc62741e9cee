import { defineEdit, param } from './edit';
import { requireNumber } from './values';

export const { option, description, execute } = defineEdit({
	value: 'updateVoiceSpeed',
	name: 'Update Voice Speed',
	description: 'Change how fast an assistant speaks',
	action: 'Update the voice speed of an assistant',
	apiOperation: 'edit_voice_speed',
	fields: [
		{
			displayName: 'Voice Speed',
			name: 'voiceSpeed',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 2 },
			default: 1,
			required: true,
			description: 'Speaking rate; 1 is the normal speed, lower is slower',
		},
	],
	body(i) {
		return {
			voice_speed: requireNumber(this.getNode(), 'Voice Speed', param(this, 'voiceSpeed', i), i, {
				min: 0,
				exclusiveMin: true,
			}),
		};
	},
});

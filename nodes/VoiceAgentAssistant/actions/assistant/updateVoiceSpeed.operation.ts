import { REQUIRED } from '../../../shared/engine/params';
import { defineEdit } from './edit';

export const { kind, option, properties, execute, agentNeedsConsent } = defineEdit({
	value: 'updateVoiceSpeed',
	name: 'Update Voice Speed',
	description: 'Change how fast an assistant speaks',
	action: 'Update the voice speed of an assistant',
	apiOperation: 'edit_voice_speed',
	properties: [
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
	body(f) {
		const speed = f.number('voiceSpeed', 'Voice Speed', REQUIRED);
		if (speed <= 0) throw f.error('Voice Speed', `${speed} is not a number greater than 0`);
		return { voice_speed: speed };
	},
});

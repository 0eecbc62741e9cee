import { REQUIRED } from '../../../shared/engine/params';
import { defineEdit } from './edit';

export const { kind, option, properties, execute, agentNeedsConsent } = defineEdit({
	value: 'updateNoiseSettings',
	name: 'Update Noise Settings',
	description: "Choose when an assistant ignores the callee's audio",
	action: 'Update the noise settings of an assistant',
	apiOperation: 'edit_noise_settings',
	properties: [
		{
			displayName: 'Mute While Assistant Speaks',
			name: 'muteWhileBotSpeaking',
			type: 'boolean',
			default: false,
			description:
				'Whether to ignore the callee while the assistant is speaking (no interruptions)',
		},
		{
			displayName: 'Mute During Intro',
			name: 'muteDuringIntro',
			type: 'boolean',
			default: false,
			description: 'Whether to ignore the callee while the intro message plays',
		},
	],
	body(f) {
		return {
			mute_while_bot_speaking: f.boolean(
				'muteWhileBotSpeaking',
				'Mute While Assistant Speaks',
				REQUIRED,
			),
			mute_during_intro: f.boolean('muteDuringIntro', 'Mute During Intro', REQUIRED),
		};
	},
});

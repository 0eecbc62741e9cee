import { param, toBoolean } from '../../../shared/params';
import { defineEdit } from './edit';

export const { option, description, execute } = defineEdit({
	value: 'updateNoiseSettings',
	name: 'Update Noise Settings',
	description: "Choose when an assistant ignores the callee's audio",
	action: 'Update the noise settings of an assistant',
	apiOperation: 'edit_noise_settings',
	fields: [
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
	body(i) {
		const node = this.getNode();
		return {
			mute_while_bot_speaking: toBoolean(
				node,
				'Mute While Assistant Speaks',
				param(this, 'muteWhileBotSpeaking', i),
				i,
			),
			mute_during_intro: toBoolean(node, 'Mute During Intro', param(this, 'muteDuringIntro', i), i),
		};
	},
});

import { voiceLocator } from '../../../shared/assistants/fields';
import { LANGUAGE_OPTIONS } from '../../../shared/assistants/languages';
import { defineEdit } from './edit';

export const { kind, option, properties, execute, agentNeedsConsent } = defineEdit({
	value: 'updateSecondaryVoice',
	name: 'Update Secondary Voice',
	description:
		'Change the voice an assistant uses for its secondary language. Reported to change nothing on the service: Update Voice sets it reliably.',
	action: 'Update the secondary voice of an assistant',
	apiOperation: 'edit_secondary_voice',
	properties: [
		{
			displayName:
				'Reported to change nothing: the service answers success without applying it. To set the secondary voice, use Update Voice (it takes the secondary voice and language too).',
			name: 'noOpNotice',
			type: 'notice',
			default: '',
		},
		{
			displayName: 'Voice Language',
			name: 'voiceLanguage',
			type: 'options',
			options: LANGUAGE_OPTIONS,
			default: 'en-US',
			description:
				'Only picks which voices the list below shows (those speaking this language); it is not sent',
		},
		voiceLocator({
			displayName: 'Secondary Voice',
			name: 'secondaryVoiceId',
			description: 'The voice for the secondary language',
		}),
	],
	body(f) {
		return { secondary_voice_id: f.locatorUuid('secondaryVoiceId', 'Secondary Voice') };
	},
});

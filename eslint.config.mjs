import { config } from '@n8n/node-cli/eslint';

export default [
	...config,
	{
		// The trigger folders are named as users see the nodes (Polling Trigger, Webhook Trigger);
		// the files keep their type names (voiceAgentTrigger, voiceAgentInstantTrigger), which
		// saved workflows use and n8n loads the class by, so the file-name rule still holds.
		files: ['nodes/VoiceAgentTrigger/**', 'nodes/VoiceAgentInstantTrigger/**'],
		rules: { 'n8n-nodes-base/node-dirname-against-convention': 'off' },
	},
];

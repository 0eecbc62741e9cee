/** The polling and the webhook trigger, side by side in the nodes panel, say how they work. */
import { VoiceAgentInstantTrigger } from '../../nodes/VoiceAgentInstantTrigger/VoiceAgentInstantTrigger.node';
import { VoiceAgentTrigger } from '../../nodes/VoiceAgentTrigger/VoiceAgentTrigger.node';

const instant = new VoiceAgentInstantTrigger().description;
const polling = new VoiceAgentTrigger().description;

describe('the two triggers say how they work', () => {
	test('names and descriptions: polling and webhook', () => {
		expect(polling.displayName).toBe('Voice Agent Polling Trigger');
		expect(polling.defaults.name).toBe('Voice Agent Polling Trigger');
		expect(polling.description).toContain('(polling)');
		expect(instant.displayName).toBe('Voice Agent Webhook Trigger');
		expect(instant.defaults.name).toBe('Voice Agent Webhook Trigger');
		expect(instant.description).toContain('(webhook)');
	});
});

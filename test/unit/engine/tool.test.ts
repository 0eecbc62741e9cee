/** The "Allow AI Agent to Run This" switch (nodes/shared/engine/tool.ts) counts only as stored. */
import nock from 'nock';

import { VoiceAgentAssistant } from '../../../nodes/VoiceAgentAssistant/VoiceAgentAssistant.node';
import { asTool, recordAll, runNode } from '../../helpers/harness';
import { AGENT } from '../../helpers/fixtures';

afterEach(() => {
	nock.cleanAll();
	nock.emitter.removeAllListeners('no match');
});

// Which operations need the switch, over every node: test/crossCutting/toolConsent.test.ts.
describe('AI agent tool surface', () => {
	test('an expression in the switch does not count as consent', async () => {
		const seen = recordAll();
		const { error } = await runNode({
			type: 'voiceAgentAssistantTool',
			nodeType: asTool(new VoiceAgentAssistant()),
			parameters: {
				resource: 'assistant',
				operation: 'updateDisplayName',
				assistant: { __rl: true, mode: 'id', value: AGENT },
				displayName: 'x',
				allowAgent: '={{ true }}',
			},
		});
		expect(error?.message).toContain(
			'An AI agent may not run this operation (it changes an assistant',
		);
		expect(seen).toEqual([]);
	});
});

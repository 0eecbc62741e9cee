import { n8n } from '../../package.json';
import { PACKAGE, packageNodeClasses } from './harness';

test('the harness knows every node package.json gives n8n, under its type name', () => {
	const names = [...packageNodeClasses().keys()];
	expect(names).toHaveLength(n8n.nodes.length);
	expect(names).toEqual(
		expect.arrayContaining(
			[
				'voiceAgentCalling',
				'voiceAgentAssistant',
				'voiceAgentWorkspace',
				'voiceAgentCampaign',
				'voiceAgentTrigger',
			].map((name) => `${PACKAGE}.${name}`),
		),
	);
});

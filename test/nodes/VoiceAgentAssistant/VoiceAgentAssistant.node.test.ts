import { VoiceAgentAssistant } from '../../../nodes/VoiceAgentAssistant/VoiceAgentAssistant.node';

describe('node description', () => {
	const node = new VoiceAgentAssistant();
	test('operations show their plain names, and each field only for its operation', () => {
		const names = (
			node.description.properties.find((p) => p.name === 'operation')?.options ?? []
		).map((o) => o.name);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		expect(names).toEqual(
			expect.arrayContaining([
				'Update Prompt',
				'Attach Knowledge Base',
				'Update DTMF Settings',
				'Update API Settings',
			]),
		);
		for (const p of node.description.properties) {
			// The Assistant and its Version are shared by the operations on one assistant.
			if (['resource', 'operation', 'assistant', 'version', 'allowAgent'].includes(p.name))
				continue;
			expect(p.displayOptions?.show?.operation).toHaveLength(1);
		}
	});
});

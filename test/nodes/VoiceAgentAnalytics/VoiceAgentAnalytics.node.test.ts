import type { INodeTypeDescription } from 'n8n-workflow';

import { VoiceAgentAnalytics } from '../../../nodes/VoiceAgentAnalytics/VoiceAgentAnalytics.node';
import { editorActions, resourceValues } from '../../helpers/panel';

describe('node description', () => {
	const description = new VoiceAgentAnalytics().description;
	const asTool: INodeTypeDescription = { ...description, name: `${description.name}Tool` };

	test('one Resource property, so every action is listed once (as the editor lists them)', () => {
		expect(editorActions(description)).toEqual([
			'Get the report of a campaign',
			'Get the call classification report',
			'Get the call duration distribution',
			'Get the report of each number',
			'Get the platform report',
		]);
		expect(resourceValues(description)).toEqual(['analytics']);
		expect(resourceValues(asTool)).toEqual(['analytics']);
	});
});

import type { INodeTypeDescription } from 'n8n-workflow';

import { VoiceAgentCampaign } from '../../../nodes/VoiceAgentCampaign/VoiceAgentCampaign.node';
import { editorActions, resourceValues } from '../../helpers/panel';

describe('node description', () => {
	const description = new VoiceAgentCampaign().description;
	const asTool: INodeTypeDescription = { ...description, name: `${description.name}Tool` };

	test('one Resource property, so every action is listed once (as the editor lists them)', () => {
		expect(editorActions(description)).toEqual([
			'Create a campaign',
			'Get a campaign',
			'Get many campaigns',
			'Get the results of a campaign',
			'Start a campaign',
			'Stop a campaign',
		]);
		expect(resourceValues(description)).toEqual(['campaign']);
		expect(resourceValues(asTool)).toEqual(['campaign']);
	});
});

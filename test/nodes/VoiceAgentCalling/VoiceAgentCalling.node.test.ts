import type { INodeTypeDescription } from 'n8n-workflow';

import { VoiceAgentCalling } from '../../../nodes/VoiceAgentCalling/VoiceAgentCalling.node';
import { editorActions, resourceValues } from '../../helpers/panel';

describe('node description', () => {
	const description = new VoiceAgentCalling().description;
	const asTool: INodeTypeDescription = { ...description, name: `${description.name}Tool` };

	test('one Resource property, so every action is listed once (as the editor lists them)', () => {
		expect(editorActions(description)).toEqual([
			'Call back a call',
			'Cancel queued calls',
			'Check calls',
			'Download the recording of a call',
			'Export call history',
			'Get a call',
			'Get many calls',
			'Start a call',
			'Delete a contact list',
		]);
		expect(resourceValues(description)).toEqual(['call', 'contactList']);
		expect(resourceValues(asTool)).toEqual(['call', 'contactList']);
	});
});

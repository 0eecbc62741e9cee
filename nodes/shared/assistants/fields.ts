import type { INodeProperties } from 'n8n-workflow';

import { listOrUuidModes } from '../engine/descriptions';

/** Fields of assistants: the assistant and voice pickers. */

/** Assistant picker: from the workspace's list, or a pasted ID (checked as a UUID). */
export function assistantLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Assistant',
		name: 'assistant',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The AI voice assistant that handles the call',
		...listOrUuidModes(
			'Select an assistant...',
			'searchAssistants',
			'assistant',
			'3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
		),
		...overrides,
	};
}

/** Voice picker: the voices of the language chosen in the same node, or a pasted ID. */
export function voiceLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Voice',
		name: 'voiceId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The voice; it must speak the chosen language',
		...listOrUuidModes(
			'Select a voice...',
			'searchVoices',
			'voice',
			'1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
		),
		...overrides,
	};
}

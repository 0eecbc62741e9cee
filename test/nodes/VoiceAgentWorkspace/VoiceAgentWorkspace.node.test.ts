import { NodeHelpers, type INodeTypeDescription } from 'n8n-workflow';

import { VoiceAgentWorkspace } from '../../../nodes/VoiceAgentWorkspace/VoiceAgentWorkspace.node';

describe('node description', () => {
	const description = new VoiceAgentWorkspace().description;
	const asTool: INodeTypeDescription = { ...description, name: `${description.name}Tool` };
	const resourceOptions = (desc: INodeTypeDescription) =>
		desc.properties
			.filter(
				(p) =>
					p.name === 'resource' && NodeHelpers.displayParameter({}, p, { typeVersion: 1 }, desc),
			)
			.flatMap((p) => (p.options ?? []).map((o) => (o as { value: string }).value));

	test('one Resource property, so every action is listed once (as the editor lists them)', () => {
		// The editor's nodes panel makes one action per option of every property named
		// "resource", taking the first "operation" property shown for that resource.
		const actions = description.properties
			.filter((p) => p.name === 'resource')
			.flatMap((resource) =>
				(resource.options as Array<{ value: string }>).flatMap(({ value }) => {
					const operation = description.properties.find(
						(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(value),
					);
					return (operation?.options as Array<{ action: string }>).map((o) => o.action);
				}),
			);
		expect(actions).toEqual([
			'Regenerate the API key',
			'Get many phone numbers',
			'Get many users',
			'Get the workspace',
		]);
		expect(resourceOptions(description)).toEqual(['apiKey', 'phoneNumber', 'user', 'workspace']);
		expect(resourceOptions(asTool)).toEqual(['apiKey', 'phoneNumber', 'user', 'workspace']);
	});
});

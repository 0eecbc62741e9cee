import { defineResource } from '../../../shared/engine/operation';
import * as regenerate from './regenerate.operation';

export const apiKey = defineResource({
	value: 'apiKey',
	name: 'API Key',
	operations: { regenerate },
	default: 'regenerate',
	// Not offered to an AI agent: the operation's output is the new secret itself.
	operationShow: { '@tool': [false] },
	shared: () => [
		{
			displayName:
				'An AI agent cannot regenerate the API key: the new key would end up in its conversation. Use this node outside the agent for that.',
			name: 'apiKeyToolNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { resource: ['apiKey'], '@tool': [true] } },
		},
	],
});

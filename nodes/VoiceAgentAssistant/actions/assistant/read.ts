import type { IDataObject } from 'n8n-workflow';

import { promptPlaceholders } from '../../../shared/promptVariables';

/**
 * An assistant as the service returns it, plus `prompt_variables`: the @{{name}} placeholders
 * of its prompt, i.e. the custom variables a call should pass. The prompt sits in
 * `agent_config.agent_prompt` (one assistant) or at the top level (the list).
 */
export function withPromptVariables(agent: IDataObject): IDataObject {
	const config = agent.agent_config;
	const prompt =
		config && typeof config === 'object' && !Array.isArray(config)
			? (config as IDataObject).agent_prompt
			: agent.agent_prompt;
	return {
		...agent,
		prompt_variables: typeof prompt === 'string' ? promptPlaceholders(prompt) : [],
	};
}

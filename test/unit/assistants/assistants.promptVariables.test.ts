/**
 * assistantPromptVariables, the one read Start and Campaign Create share: GET /agent/{id} once,
 * the variables of the version that takes the call, undefined for a multi_node assistant.
 */
import nock from 'nock';

import { assistantPromptVariables } from '../../../nodes/shared/assistants/assistants';
import { expectAllMocksUsed, loadOptionsContext, mockApi } from '../../helpers/harness';
import { AGENT } from '../../helpers/fixtures';

beforeAll(() => nock.disableNetConnect());
expectAllMocksUsed();

const ctx = () => loadOptionsContext('voiceAgentCalling', 'assistant');
const version = (prompt: string | null, intro: string) => ({
	agent_config: {
		agent_prompt: prompt === null ? null : { prompt_sections: [{ section_content: prompt }] },
		intro_message: intro,
	},
});
/** The live service's shape: two versions, the second one active. */
const versioned = {
	id: AGENT,
	orchestration_mode: 'single_node',
	active_agent_version_id: 'v2',
	version_details: {
		v1: version('Offer @{{plan}}.', 'Hi @{{callee_name}}'),
		v2: version('Remind @{{callee_name}} of @{{date}}.', '<p>@{{clinic}} here</p>'),
	},
};

test('the live version: its prompt and intro, from one GET of the assistant', async () => {
	mockApi().get(`/agent/${AGENT}`).reply(200, { agents: versioned });
	await expect(assistantPromptVariables(ctx(), AGENT)).resolves.toEqual({
		variables: ['callee_name', 'date', 'clinic'],
	});
});

test('a chosen version', async () => {
	mockApi().get(`/agent/${AGENT}`).reply(200, { agents: versioned });
	await expect(assistantPromptVariables(ctx(), AGENT, 0, { versionId: 'v1' })).resolves.toEqual({
		variables: ['plan', 'callee_name'],
	});
});

test('multi_node: cannot tell, and says why', async () => {
	mockApi()
		.get(`/agent/${AGENT}`)
		.reply(200, {
			agents: {
				...versioned,
				orchestration_mode: 'multi_node',
				version_details: { v2: version(null, '') },
			},
		});
	const used = await assistantPromptVariables(ctx(), AGENT);
	expect(used.variables).toBeUndefined();
	expect(used.note).toContain('multi_node assistant');
});

test('a missing assistant is an error, not "no variables"', async () => {
	mockApi().get(`/agent/${AGENT}`).reply(404, { detail: 'Agent not found' });
	await expect(assistantPromptVariables(ctx(), AGENT)).rejects.toThrow('Agent not found');
});

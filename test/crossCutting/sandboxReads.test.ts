/**
 * The reads of two nodes against what the sandbox holds, in one test: Assistant Get and Get
 * Many, Workspace Get (in both answer shapes).
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { jsonOf, runNode } from '../helpers/harness';
import { sandboxCredentials, useSandbox } from '../helpers/sandbox';
import { AGENT_1 } from '../sandbox/helpers';

let sb: Sandbox;
useSandbox((started) => ({ sb } = started));

const run = (type: string, parameters: IDataObject, more = {}) =>
	runNode({ type, credentials: sandboxCredentials(sb), parameters, ...more });

test('Assistant Get / Get Many and Workspace Get read what the sandbox holds', async () => {
	const got = await run('voiceAgentAssistant', {
		resource: 'assistant',
		operation: 'get',
		assistant: { __rl: true, mode: 'id', value: AGENT_1.toUpperCase() },
	});
	expect(jsonOf(got.output)[0]).toMatchObject({ id: AGENT_1, prompt_variables: expect.any(Array) });
	const many = await run('voiceAgentAssistant', {
		resource: 'assistant',
		operation: 'getMany',
		returnAll: true,
	});
	expect(jsonOf(many.output).map((a) => a.id)).toEqual([...sb.store.agents.keys()]);
	const ws = await run('voiceAgentWorkspace', { resource: 'workspace', operation: 'get' });
	expect(jsonOf(ws.output)).toEqual([
		{
			id: '09090909-0000-4000-8000-000000000001',
			name: 'Sandbox Clinic Group',
			created_at: expect.stringMatching(/Z$/),
			credits: expect.any(Number),
			locked_credits: 0,
		},
	]);
	// The reference's older shape carried the workspace's key: it never reaches the output.
	sb.setShape('docs');
	const old = await run('voiceAgentWorkspace', { resource: 'workspace', operation: 'get' });
	expect(jsonOf(old.output)).toEqual(jsonOf(ws.output));
	expect(JSON.stringify(old.output)).not.toContain(sb.apiKey);
});

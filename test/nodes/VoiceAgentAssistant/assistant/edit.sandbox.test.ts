/** Assistant edits with a Version against the sandbox: that version changes, no other. */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../../../sandbox';
import { runNode } from '../../../helpers/harness';
import { locator } from '../../../helpers/fixtures';
import { sandboxCredentials, useSandbox } from '../../../helpers/sandbox';
import { AGENT_1, AGENT_AB as AB, abVersion as version } from '../../../sandbox/helpers';

let sb: Sandbox;
useSandbox((started) => ({ sb } = started));

describe('Version: edits and calls of one variant, on purpose', () => {
	const run = (type: string, parameters: IDataObject) =>
		runNode({ type, credentials: sandboxCredentials(sb), parameters });
	const promptOf = (n: number) =>
		sb.store.agents.get(AB).versions.find((v: IDataObject) => v.version_id === version(n))
			.agent_prompt;

	test('an edit with a Version changes that version only; without, the service default', async () => {
		const before = promptOf(2);
		const edited = await run('voiceAgentAssistant', {
			resource: 'assistant',
			operation: 'updatePrompt',
			assistant: locator(AB),
			version: { __rl: true, mode: 'list', value: version(1) },
			prompt: 'Control: offer @{{policy_id}}.',
		});
		expect(edited.error).toBeUndefined();
		expect(promptOf(1)).toBe('Control: offer @{{policy_id}}.');
		expect(promptOf(2)).toBe(before);
		const plain = await run('voiceAgentAssistant', {
			resource: 'assistant',
			operation: 'updateDisplayName',
			assistant: locator(AGENT_1),
			displayName: 'Reminder',
		});
		expect(plain.error).toBeUndefined();
		expect(sb.store.agents.get(AGENT_1).agent_display_name).toBe('Reminder');
	});

	test('a Version that is not a UUID is refused before any request', async () => {
		const { error } = await run('voiceAgentAssistant', {
			resource: 'assistant',
			operation: 'updatePrompt',
			assistant: locator(AB),
			version: { __rl: true, mode: 'id', value: '={{ "control" }}' },
			prompt: 'x',
		});
		expect(error?.message).toBe('Version: "control" is not a valid ID (UUID expected) [item 0]');
	});
});

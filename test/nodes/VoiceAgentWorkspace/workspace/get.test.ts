/** Workspace › Get: the workspace and its credits, never its API key. */
import { VoiceAgentWorkspace } from '../../../../nodes/VoiceAgentWorkspace/VoiceAgentWorkspace.node';
import { expectAllMocksUsed, jsonOf, mockApi, runNode } from '../../../helpers/harness';

expectAllMocksUsed();

describe('Workspace › Get', () => {
	// The service's answer (vendor reference, 2026-08).
	const workspace_info = {
		id: 'w1',
		name: 'Acme',
		created_at: '2025-01-01T00:00:00Z',
		credits: 41.5,
		locked_credits: 2.25,
	};

	test('GET /workspace: workspace_info with its credits, one item per input item', async () => {
		mockApi().get('/workspace').times(2).reply(200, { workspace_info });
		const { output } = await runNode({
			type: 'voiceAgentWorkspace',
			parameters: { resource: 'workspace', operation: 'get' },
			items: [{ json: {} }, { json: {} }],
		});
		expect(output).toEqual([
			{ json: workspace_info, pairedItem: { item: 0 } },
			{ json: workspace_info, pairedItem: { item: 1 } },
		]);
	});

	test('an api_key in the answer (older answers carried one) never reaches the output', async () => {
		mockApi()
			.get('/workspace')
			.reply(200, { workspace_info: { ...workspace_info, api_key: 'ringg_live_secret' } });
		const { output } = await runNode({
			type: 'voiceAgentWorkspace',
			parameters: { resource: 'workspace', operation: 'get' },
		});
		expect(jsonOf(output)).toEqual([workspace_info]);
		expect(JSON.stringify(output)).not.toContain('ringg_live_secret');
	});

	test('also offered to an AI agent (it changes nothing)', () => {
		const resources = new VoiceAgentWorkspace().description.properties.filter(
			(p) => p.name === 'resource',
		);
		for (const r of resources) {
			expect((r.options as Array<{ value: string }>).map((o) => o.value)).toContain('workspace');
		}
	});

	test.each([
		[{ workspace_info: [] }, 'workspace_info should be an object but is a list'],
		// The shape the package once expected: an error, never an empty item.
		[{ workspace: workspace_info }, 'workspace_info is missing'],
	])('an answer without the workspace is a clear error (%j)', async (answer, problem) => {
		mockApi().get('/workspace').reply(200, answer);
		const { error } = await runNode({
			type: 'voiceAgentWorkspace',
			parameters: { resource: 'workspace', operation: 'get' },
		});
		expect(error?.message).toBe(`Unexpected answer from the service: ${problem}`);
	});
});

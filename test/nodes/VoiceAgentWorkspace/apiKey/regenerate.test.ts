/** API Key › Regenerate: one request, never repeated; not offered to an AI agent. */
import nock from 'nock';
import type { INodeTypeDescription } from 'n8n-workflow';

import { VoiceAgentWorkspace } from '../../../../nodes/VoiceAgentWorkspace/VoiceAgentWorkspace.node';
import {
	API_KEY,
	BASE_URL,
	jsonOf,
	runNode,
	expectAllMocksUsed,
	mockApi,
} from '../../../helpers/harness';
import { shownFields } from '../../../helpers/panel';

expectAllMocksUsed();

describe('API Key › Regenerate', () => {
	const NEW_KEY = 'new-key-fedcba9876543210';
	const regen = (extra: Record<string, unknown> = {}) => ({
		resource: 'apiKey',
		operation: 'regenerate',
		confirm: true,
		...extra,
	});

	test('PATCH without a body; the output holds new_api_key only', async () => {
		const scope = nock(BASE_URL, { badheaders: ['content-type'] })
			.matchHeader('x-api-key', API_KEY)
			.patch('/workspace/api-key', (body) => body === '' || body === undefined)
			.reply(200, { new_api_key: NEW_KEY, workspace_id: 'w1', message: 'ok' });
		const { output, error } = await runNode({ type: 'voiceAgentWorkspace', parameters: regen() });
		expect(error).toBeUndefined();
		expect(output).toEqual([{ json: { new_api_key: NEW_KEY }, pairedItem: { item: 0 } }]);
		scope.done();
	});

	test('Confirm off: refused before any request', async () => {
		const { output, error } = await runNode({
			type: 'voiceAgentWorkspace',
			parameters: regen({ confirm: false }),
		});
		expect(error?.message).toBe('Confirm: must be turned on to regenerate the API key [item 0]');
		expect(output).toEqual([]);
	});

	test('Confirm off is an error item under Continue On Fail, still without a request', async () => {
		const { output, error } = await runNode({
			type: 'voiceAgentWorkspace',
			continueOnFail: true,
			parameters: regen({ confirm: false }),
		});
		expect(error).toBeUndefined();
		expect(jsonOf(output)).toEqual([
			{
				error: 'Confirm: must be turned on to regenerate the API key [item 0]',
				description:
					'Fix "Confirm" in input item 0 and run again. No request was sent for this item.',
			},
		]);
	});

	test('more than one input item: refused before any request (a second rotation would lose the first key)', async () => {
		const { output, error } = await runNode({
			type: 'voiceAgentWorkspace',
			parameters: regen(),
			items: [{ json: {} }, { json: {} }],
		});
		expect(error?.message).toBe('Regenerate API Key runs for one input item only, got 2');
		expect(output).toEqual([]);
	});

	test('the AI-tool variant refuses to regenerate, even when configured to', async () => {
		const { output, error } = await runNode({
			type: 'voiceAgentWorkspaceTool',
			parameters: regen(),
		});
		expect(error?.message).toBe(
			'Regenerating the API key is not available when the node is used as an AI tool',
		);
		expect(output).toEqual([]);
	});

	test('a 500 is reported once and never retried (the key may have changed)', async () => {
		const scope = mockApi()
			.patch('/workspace/api-key')
			.once()
			.reply(500, { error: { code: '500 Internal Server Error', message: 'Internal error' } });
		const { error } = await runNode({ type: 'voiceAgentWorkspace', parameters: regen() });
		expect(error?.message).toBe('Internal error');
		expect(String(error?.description)).toContain('it was not repeated automatically');
		scope.done();
	});

	test.each([403, 404, 405])(
		'a %s (the endpoint left the vendor reference) says: regenerate the key in the dashboard',
		async (status) => {
			const scope = mockApi()
				.patch('/workspace/api-key')
				.once()
				.reply(status, { detail: 'Not allowed' });
			const { error } = await runNode({ type: 'voiceAgentWorkspace', parameters: regen() });
			expect(error?.message).toBe(
				'Regenerate the API key in the dashboard of the voice agent service',
			);
			expect(String(error?.description)).toContain(`HTTP ${status}`);
			expect(String(error?.description)).toContain('paste it into the Voice Agent API credential');
			scope.done();
		},
	);

	test('a success without new_api_key is an error, not an empty output', async () => {
		const scope = mockApi().patch('/workspace/api-key').reply(200, { message: 'done' });
		const { error } = await runNode({ type: 'voiceAgentWorkspace', parameters: regen() });
		expect(error?.message).toBe('The service answered without new_api_key');
		scope.done();
	});
});

describe('node description', () => {
	const description = new VoiceAgentWorkspace().description;
	const asTool: INodeTypeDescription = { ...description, name: `${description.name}Tool` };

	test('as an AI tool, API Key shows a notice instead of its operation and Confirm', () => {
		const values = { resource: 'apiKey', operation: 'regenerate' };
		expect(shownFields(description, values)).toEqual([
			'resource',
			'operation',
			'regenerateNotice',
			'confirm',
		]);
		expect(shownFields(asTool, values)).toEqual(['resource', 'apiKeyToolNotice']);
		const phone = { resource: 'phoneNumber', operation: 'getMany' };
		expect(shownFields(asTool, phone)).toEqual(shownFields(description, phone));
	});

	test('Confirm defaults to off and cannot be an expression; the notice explains the rotation', () => {
		const confirm = description.properties.find((p) => p.name === 'confirm');
		expect(confirm).toMatchObject({ type: 'boolean', default: false, noDataExpression: true });
		const notice = description.properties.find((p) => p.name === 'regenerateNotice');
		expect(notice?.displayName).toContain('stops working at once');
		expect(notice?.displayName).toContain('new_api_key');
	});
});

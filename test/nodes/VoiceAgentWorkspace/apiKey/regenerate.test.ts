import nock from 'nock';
import { NodeHelpers, type INodeTypeDescription } from 'n8n-workflow';

import { VoiceAgentWorkspace } from '../../../nodes/VoiceAgentWorkspace/VoiceAgentWorkspace.node';
import {
	API_KEY,
	BASE_URL,
	jsonOf,
	runNode,
	expectAllMocksUsed,
	mockApi,
} from '../../helpers/harness';

expectAllMocksUsed();

const api = () => mockApi();

const number = (n: number) => ({
	id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
	number: `+1415555${String(n).padStart(4, '0')}`,
	created_at: '2026-01-01T00:00:00Z',
	call_count: n,
	agent: { id: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f', agent_display_name: 'Maya' },
	is_inbound_enabled: n % 2 === 0,
});
const numbers = (from: number, count: number) =>
	Array.from({ length: count }, (_, k) => number(from + k));
const user = (n: number) => ({
	id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
	username: `user${n}`,
	email: `user${n}@example.com`,
	role: 'member',
	invite_status: 'success',
});

describe('Phone Number › Get Many', () => {
	test('Limit: one request for exactly that many, one item per number', async () => {
		const scope = api()
			.get('/workspace/numbers')
			.query({ limit: '3', offset: '0' })
			.reply(200, { workspace_numbers: numbers(1, 3) });
		const { output, error } = await runNode({
			type: 'voiceAgentWorkspace',
			parameters: { resource: 'phoneNumber', operation: 'getMany', limit: 3 },
		});
		expect(error).toBeUndefined();
		expect(output).toEqual(numbers(1, 3).map((json) => ({ json, pairedItem: { item: 0 } })));
		scope.done();
	});

	test('Return All: pages of 100 until a short page', async () => {
		const scope = api()
			.get('/workspace/numbers')
			.query({ limit: '100', offset: '0' })
			.reply(200, { workspace_numbers: numbers(0, 100) })
			.get('/workspace/numbers')
			.query({ limit: '100', offset: '100' })
			.reply(200, { workspace_numbers: numbers(100, 100) })
			.get('/workspace/numbers')
			.query({ limit: '100', offset: '200' })
			.reply(200, { workspace_numbers: numbers(200, 7) });
		const { output, error } = await runNode({
			type: 'voiceAgentWorkspace',
			parameters: { resource: 'phoneNumber', operation: 'getMany', returnAll: true },
		});
		expect(error).toBeUndefined();
		expect(jsonOf(output)).toEqual(numbers(0, 207));
		scope.done();
	});

	test('Return All: a full last page is followed by one empty page', async () => {
		const scope = api()
			.get('/workspace/numbers')
			.query({ limit: '100', offset: '0' })
			.reply(200, { workspace_numbers: numbers(0, 100) })
			.get('/workspace/numbers')
			.query({ limit: '100', offset: '100' })
			.reply(200, { workspace_numbers: [] });
		const { output } = await runNode({
			type: 'voiceAgentWorkspace',
			parameters: { resource: 'phoneNumber', operation: 'getMany', returnAll: true },
		});
		expect(output).toHaveLength(100);
		scope.done();
	});

	test('a 401 reaches the user with the service text', async () => {
		const scope = api()
			.get('/workspace/numbers')
			.query(true)
			.once()
			.reply(401, { error: { code: '401 Unauthorized', message: 'Invalid credentials' } });
		const { error } = await runNode({
			type: 'voiceAgentWorkspace',
			parameters: { resource: 'phoneNumber', operation: 'getMany', limit: 5 },
		});
		expect(error?.message).toBe('Invalid credentials');
		expect(error?.httpCode).toBe('401');
		expect(error?.description).toBe(
			'Check the API key in the Voice Agent API credential. A regenerated key makes the old one stop working at once.',
		);
		scope.done();
	});
});

describe('User › Get Many', () => {
	test('Limit 50 (default) asks for 50', async () => {
		const users = Array.from({ length: 2 }, (_, k) => user(k));
		const scope = api()
			.get('/workspace/users')
			.query({ limit: '50', offset: '0' })
			.reply(200, { workspace_users: users });
		const { output, error } = await runNode({
			type: 'voiceAgentWorkspace',
			parameters: { resource: 'user', operation: 'getMany' },
		});
		expect(error).toBeUndefined();
		expect(output).toEqual(users.map((json) => ({ json, pairedItem: { item: 0 } })));
		scope.done();
	});

	test('Return All stops on a short first page', async () => {
		const scope = api()
			.get('/workspace/users')
			.query({ limit: '100', offset: '0' })
			.reply(200, { workspace_users: [user(1)] });
		const { output } = await runNode({
			type: 'voiceAgentWorkspace',
			parameters: { resource: 'user', operation: 'getMany', returnAll: true },
		});
		expect(jsonOf(output)).toEqual([user(1)]);
		scope.done();
	});

	test('Limit outside 1..100 is refused before any request; Continue On Fail keeps the other items', async () => {
		const scope = api()
			.get('/workspace/users')
			.query({ limit: '1', offset: '0' })
			.reply(200, { workspace_users: [user(1)] });
		const { output, error } = await runNode({
			type: 'voiceAgentWorkspace',
			continueOnFail: true,
			parameters: { resource: 'user', operation: 'getMany', limit: '={{ $json.limit }}' },
			items: [{ json: { limit: 150 } }, { json: { limit: 1 } }, { json: { limit: 0 } }],
		});
		expect(error).toBeUndefined();
		const bad = (n: number, i: number) => ({
			json: {
				error: `Limit: ${n} is not a whole number from 1 to 100 [item ${i}]`,
				description: `Fix "Limit" in input item ${i} and run again. No request was sent for this item.`,
			},
			pairedItem: { item: i },
		});
		expect(output).toEqual([bad(150, 0), { json: user(1), pairedItem: { item: 1 } }, bad(0, 2)]);
		scope.done();
	});

	test('without Continue On Fail the bad Limit stops the node and sends nothing', async () => {
		const { output, error } = await runNode({
			type: 'voiceAgentWorkspace',
			parameters: { resource: 'user', operation: 'getMany', limit: '={{ 101 }}' },
		});
		expect(error?.message).toBe('Limit: 101 is not a whole number from 1 to 100 [item 0]');
		expect(output).toEqual([]);
	});
});

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
		const scope = api()
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
			const scope = api()
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
		const scope = api().patch('/workspace/api-key').reply(200, { message: 'done' });
		const { error } = await runNode({ type: 'voiceAgentWorkspace', parameters: regen() });
		expect(error?.message).toBe('The service answered without new_api_key');
		scope.done();
	});
});

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

	const shown = (desc: INodeTypeDescription, values: Record<string, unknown>) =>
		desc.properties
			.filter((p) => NodeHelpers.displayParameter(values as never, p, { typeVersion: 1 }, desc))
			.map((p) => p.name);

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

	test('as an AI tool, API Key shows a notice instead of its operation and Confirm', () => {
		const values = { resource: 'apiKey', operation: 'regenerate' };
		expect(shown(description, values)).toEqual([
			'resource',
			'operation',
			'regenerateNotice',
			'confirm',
		]);
		expect(shown(asTool, values)).toEqual(['resource', 'apiKeyToolNotice']);
		const phone = { resource: 'phoneNumber', operation: 'getMany' };
		expect(shown(asTool, phone)).toEqual(shown(description, phone));
	});

	test('Confirm defaults to off and cannot be an expression; the notice explains the rotation', () => {
		const confirm = description.properties.find((p) => p.name === 'confirm');
		expect(confirm).toMatchObject({ type: 'boolean', default: false, noDataExpression: true });
		const notice = description.properties.find((p) => p.name === 'regenerateNotice');
		expect(notice?.displayName).toContain('stops working at once');
		expect(notice?.displayName).toContain('new_api_key');
	});
});

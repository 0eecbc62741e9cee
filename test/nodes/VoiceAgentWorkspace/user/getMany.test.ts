/** User › Get Many: the workspace's users, paged; Limit checked before any request. */
import { jsonOf, runNode, expectAllMocksUsed, mockApi } from '../../../helpers/harness';
import { expectWrongShape } from '../../../helpers/workspace';

expectAllMocksUsed();

const user = (n: number) => ({
	id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
	username: `user${n}`,
	email: `user${n}@example.com`,
	role: 'member',
	invite_status: 'success',
});

describe('User › Get Many', () => {
	test('Limit 50 (default) asks for 50', async () => {
		const users = Array.from({ length: 2 }, (_, k) => user(k));
		const scope = mockApi()
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
		const scope = mockApi()
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
		const scope = mockApi()
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

describe('lists: fields read as their types', () => {
	test.each([['0x10'], ['={{ true }}'], ['={{ [] }}']])(
		'Limit %s is refused before any request',
		async (limit) => {
			const { error } = await runNode({
				type: 'voiceAgentWorkspace',
				parameters: { resource: 'user', operation: 'getMany', limit },
			});
			expect(error?.message).toMatch(/^Limit: .* is not a whole number from 1 to 100 \[item 0\]$/);
		},
	);
});

describe('lists: answers of the wrong shape', () => {
	test.each([
		[
			'/workspace/users',
			'user',
			{ workspace_users: {} },
			'workspace_users should be a list but is an object',
		],
	])('%s %j', expectWrongShape);
});

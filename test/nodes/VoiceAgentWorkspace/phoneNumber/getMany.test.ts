/** Phone Number › Get Many: the workspace's numbers, paged. */
import { jsonOf, runNode, expectAllMocksUsed, mockApi } from '../../../helpers/harness';
import { AGENT } from '../../../helpers/fixtures';
import { expectWrongShape } from '../../../helpers/workspace';

expectAllMocksUsed();

const number = (n: number) => ({
	id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
	number: `+1415555${String(n).padStart(4, '0')}`,
	created_at: '2026-01-01T00:00:00Z',
	call_count: n,
	agent: { id: AGENT, agent_display_name: 'Maya' },
	is_inbound_enabled: n % 2 === 0,
});
const numbers = (from: number, count: number) =>
	Array.from({ length: count }, (_, k) => number(from + k));
/** GET /workspace/numbers in pages of 100 from offset 0, each answered with its numbers. */
const pagesOf100 = (...pages: object[][]) =>
	pages.reduce(
		(scope, page, k) =>
			scope
				.get('/workspace/numbers')
				.query({ limit: '100', offset: String(k * 100) })
				.reply(200, { workspace_numbers: page }),
		mockApi(),
	);

describe('Phone Number › Get Many', () => {
	test('Limit: one request for exactly that many, one item per number', async () => {
		const scope = mockApi()
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
		const scope = pagesOf100(numbers(0, 100), numbers(100, 100), numbers(200, 7));
		const { output, error } = await runNode({
			type: 'voiceAgentWorkspace',
			parameters: { resource: 'phoneNumber', operation: 'getMany', returnAll: true },
		});
		expect(error).toBeUndefined();
		expect(jsonOf(output)).toEqual(numbers(0, 207));
		scope.done();
	});

	test('Return All: a full last page is followed by one empty page', async () => {
		const scope = pagesOf100(numbers(0, 100), []);
		const { output } = await runNode({
			type: 'voiceAgentWorkspace',
			parameters: { resource: 'phoneNumber', operation: 'getMany', returnAll: true },
		});
		expect(output).toHaveLength(100);
		scope.done();
	});

	test('a 401 reaches the user with the service text', async () => {
		const scope = mockApi()
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

describe('lists: fields read as their types', () => {
	test('Return All "false" keeps the Limit (numbers)', async () => {
		mockApi()
			.get('/workspace/numbers')
			.query({ limit: '1', offset: '0' })
			.reply(200, { workspace_numbers: [{ id: 'n1' }] });
		const { output } = await runNode({
			type: 'voiceAgentWorkspace',
			parameters: {
				resource: 'phoneNumber',
				operation: 'getMany',
				returnAll: '={{ "false" }}',
				limit: 1,
			},
		});
		expect(jsonOf(output)).toEqual([{ id: 'n1' }]);
	});
});

describe('lists: answers of the wrong shape', () => {
	test.each([
		[
			'/workspace/numbers',
			'phoneNumber',
			{ workspace_numbers: [{ id: 'a' }, null] },
			'workspace_numbers[1] should be an object but is null',
		],
	])('%s %j', expectWrongShape);
});

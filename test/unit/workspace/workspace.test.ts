/** The workspace lists: their endpoints, and one page read with its rows checked. */
import {
	NUMBERS,
	readNumbersPage,
	readWorkspacePage,
	USERS,
	WORKSPACE_PAGE_SIZE,
} from '../../../nodes/shared/workspace/workspace';
import { expectAllMocksUsed, loadOptionsContext, mockApi } from '../../helpers/harness';

expectAllMocksUsed();

const context = () => loadOptionsContext('voiceAgentWorkspace', 'parameters.x');
const number = {
	id: '00000000-0000-4000-8000-000000000001',
	number: '+14155550001',
	agent: null,
	is_test_number: false,
};
const user = { id: 'u1', email: 'ops@example.com' };

test('the endpoints: numbers and users, 100 a page, Limit up to 100', () => {
	expect(WORKSPACE_PAGE_SIZE).toBe(100);
	expect([NUMBERS, USERS]).toEqual([
		{ path: '/workspace/numbers', rowsKey: 'workspace_numbers', pageSize: 100, maxLimit: 100 },
		{ path: '/workspace/users', rowsKey: 'workspace_users', pageSize: 100, maxLimit: 100 },
	]);
});

describe('readWorkspacePage', () => {
	test('GET the path with offset and the page size (or the limit given); the rows', async () => {
		const scope = mockApi()
			.get('/workspace/users')
			.query({ limit: '100', offset: '200' })
			.reply(200, { workspace_users: [user] })
			.get('/workspace/numbers')
			.query({ limit: '5', offset: '0' })
			.reply(200, { workspace_numbers: [number] });
		expect(await readWorkspacePage(context(), USERS, 200)).toEqual([user]);
		expect(await readNumbersPage(context(), 0, 5)).toEqual([number]);
		scope.done();
	});

	test('no rows key is an empty page', async () => {
		mockApi()
			.get('/workspace/numbers')
			.query({ limit: '100', offset: '0' })
			.reply(200, { status: 'success' });
		expect(await readNumbersPage(context(), 0)).toEqual([]);
	});

	test.each([
		[{ workspace_numbers: { id: 'x' } }, 'workspace_numbers should be a list but is an object'],
		[
			{ workspace_numbers: ['+14155550001'] },
			'workspace_numbers[0] should be an object but is text',
		],
	])('%j is refused', async (answer, problem) => {
		mockApi().get('/workspace/numbers').query({ limit: '100', offset: '0' }).reply(200, answer);
		await expect(readNumbersPage(context(), 0)).rejects.toThrow(
			new Error(`Unexpected answer from the service: ${problem}`),
		);
	});
});

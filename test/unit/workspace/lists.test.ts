/**
 * The workspace dropdowns (numbers by number or by id), called through n8n-core's real LoadOptionsContext (the context n8n gives
 * listSearch methods), so credentials and HTTP go through n8n's own request helper to nock.
 */
import { searchNumberIds, searchNumbers } from '../../../nodes/shared/workspace/lists';
import { expectAllMocksUsed, mockApi } from '../../helpers/harness';
import { AGENT_B, listContext as context, workspaceNumber as num } from '../../helpers/lists';

expectAllMocksUsed();

describe('workspace numbers', () => {
	const rows = [num(1), num(2, AGENT_B), num(3, null)];

	test('searchNumbers: the number is the value, the attached assistant is shown', async () => {
		const scope = mockApi()
			.get('/workspace/numbers')
			.query({ limit: '100', offset: '0' })
			.reply(200, { workspace_numbers: rows });
		expect(await searchNumbers.call(context())).toEqual({
			results: [
				{ name: '+14155550001 (Maya)', value: '+14155550001' },
				{ name: '+14155550002 (Ravi Sales)', value: '+14155550002' },
				{ name: '+14155550003', value: '+14155550003' },
			],
			paginationToken: undefined,
		});
		scope.done();
	});

	test('searchNumbers: test numbers, spam and pool numbers say so (fields since 2026-06-12)', async () => {
		const scope = mockApi()
			.get('/workspace/numbers')
			.query({ limit: '100', offset: '0' })
			.reply(200, {
				workspace_numbers: [
					{ ...num(1), is_test_number: true, is_spam: false, number_pool_id: null },
					{ ...num(2, null), is_spam: true, spam_message: 'flagged' },
					{ ...num(3, AGENT_B), number_pool_id: '99999999-0000-4000-8000-000000000001' },
				],
			});
		expect((await searchNumbers.call(context())).results).toEqual([
			{ name: '+14155550001 (Maya, test number)', value: '+14155550001' },
			{ name: '+14155550002 (marked as spam)', value: '+14155550002' },
			{ name: '+14155550003 (Ravi Sales, in a number pool)', value: '+14155550003' },
		]);
		scope.done();
	});

	test('searchNumberIds: the number id is the value; the filter matches number or assistant', async () => {
		const scope = mockApi()
			.get('/workspace/numbers')
			.query({ limit: '100', offset: '0' })
			.reply(200, { workspace_numbers: rows })
			.get('/workspace/numbers')
			.query({ limit: '100', offset: '0' })
			.reply(200, { workspace_numbers: rows });
		const ctx = context();
		expect(await searchNumberIds.call(ctx, 'ravi')).toEqual({
			results: [{ name: '+14155550002 (Ravi Sales)', value: num(2).id }],
			paginationToken: undefined,
		});
		expect((await searchNumberIds.call(ctx, '0003')).results).toEqual([
			{ name: '+14155550003', value: num(3).id },
		]);
		scope.done();
	});

	test('a full page gives the next offset as the paging token; the next call uses it', async () => {
		const full = Array.from({ length: 100 }, (_, k) => num(k));
		const scope = mockApi()
			.get('/workspace/numbers')
			.query({ limit: '100', offset: '0' })
			.reply(200, { workspace_numbers: full })
			.get('/workspace/numbers')
			.query({ limit: '100', offset: '100' })
			.reply(200, { workspace_numbers: [num(100)] });
		const ctx = context();
		const first = await searchNumberIds.call(ctx);
		expect(first.results).toHaveLength(100);
		expect(first.paginationToken).toBe('100');
		const second = await searchNumberIds.call(ctx, undefined, first.paginationToken as string);
		expect(second).toEqual({
			results: [{ name: '+14155550100 (Maya)', value: num(100).id }],
			paginationToken: undefined,
		});
		scope.done();
	});
});

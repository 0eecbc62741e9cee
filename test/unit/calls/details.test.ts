/** readCallDetails: the one GET /calling/call-details, its query, and its `data` checked. */
import { readCallDetails } from '../../../nodes/shared/calls/details';
import { CALL } from '../../helpers/fixtures';
import { expectAllMocksUsed, mockApi } from '../../helpers/harness';
import { probe } from '../../helpers/probe';

expectAllMocksUsed();

const DATA = { id: CALL, status: 'completed', duration: 42 };

describe('readCallDetails', () => {
	test('asks for the call by id, without analysis unless asked; outputs data', async () => {
		const scope = mockApi()
			.get('/calling/call-details')
			.query({ id: CALL })
			.reply(200, { data: DATA })
			.get('/calling/call-details')
			.query({ id: CALL, send_analysis: 'true' })
			.reply(200, { data: { ...DATA, platform_analysis: { summary: 'ok' } } });
		const { values, error } = await probe(async (ctx, i) => [
			await readCallDetails(ctx, CALL, false, { itemIndex: i }),
			await readCallDetails(ctx, CALL, true, { itemIndex: i }),
		]);
		expect(error).toBeUndefined();
		expect(values).toEqual([[DATA, { ...DATA, platform_analysis: { summary: 'ok' } }]]);
		scope.done();
	});

	test.each([
		[{}, 'a undefined'],
		[{ data: null }, 'null'],
		[{ data: [DATA] }, 'a list'],
		[{ data: 'done' }, 'text'],
	])('an answer %j is refused, naming data', async (answer, what) => {
		mockApi().get('/calling/call-details').query({ id: CALL }).reply(200, answer);
		const { values, error } = await probe((ctx, i) =>
			readCallDetails(ctx, CALL, false, { itemIndex: i }),
		);
		expect(values).toEqual([]);
		expect(error?.message).toBe(
			`Unexpected answer from the service: data should be an object but is ${what}`,
		);
	});
});

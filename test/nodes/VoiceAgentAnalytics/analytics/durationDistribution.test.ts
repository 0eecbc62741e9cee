/** Analytics › Get Duration Distribution: GET /analytics/duration-distribution, the answer as served (filters: platform.test.ts). */
import { report } from '../../../helpers/analytics';
import { expectAllMocksUsed, mockApi, runNode } from '../../../helpers/harness';

expectAllMocksUsed();

test('one item per input item, the answer exactly as served', async () => {
	const answer = { duration_distribution: { '0-30s': 4, '120s+': 1 } };
	const scope = mockApi()
		.get('/analytics/duration-distribution')
		.query({ start_date: '2026-05-01', end_date: '2026-05-31' })
		.times(2)
		.reply(200, answer);
	const { output, error } = await runNode({
		...report('durationDistribution', { startDate: '2026-05-01', endDate: '2026-05-31' }),
		items: [{ json: {} }, { json: {} }],
	});
	expect(error).toBeUndefined();
	expect(output).toEqual([
		{ json: answer, pairedItem: { item: 0 } },
		{ json: answer, pairedItem: { item: 1 } },
	]);
	scope.done();
});

/** Analytics › Get Classification Report: GET /analytics/classification-analytics, the answer as served (filters: platform.test.ts). */
import { report } from '../../../helpers/analytics';
import { expectAllMocksUsed, mockApi, runNode } from '../../../helpers/harness';

expectAllMocksUsed();

test('one item per input item, the answer exactly as served', async () => {
	const answer = { classification_analytics: { by_label: { interested: 3 }, extra: [null] } };
	const scope = mockApi()
		.get('/analytics/classification-analytics')
		.query({ start_date: '2026-05-01', end_date: '2026-05-31' })
		.times(2)
		.reply(200, answer);
	const { output, error } = await runNode({
		...report('classification', { startDate: '2026-05-01', endDate: '2026-05-31' }),
		items: [{ json: {} }, { json: {} }],
	});
	expect(error).toBeUndefined();
	expect(output).toEqual([
		{ json: answer, pairedItem: { item: 0 } },
		{ json: answer, pairedItem: { item: 1 } },
	]);
	scope.done();
});

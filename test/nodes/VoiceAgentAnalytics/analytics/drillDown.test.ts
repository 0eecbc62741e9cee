/** Analytics › Get Campaign Report: GET /analytics/drill-down-analytics, a campaign required. */
import { report } from '../../../helpers/analytics';
import { locator } from '../../../helpers/fixtures';
import { expectAllMocksUsed, mockApi, recordAll, runNode } from '../../../helpers/harness';

expectAllMocksUsed();

const CAMPAIGN = '6e7f8a9b-0c1d-4e2f-8a3b-4c5d6e7f8a9b';

test('the campaign goes as bulk_list_id; the answer as served', async () => {
	const answer = { performance_metrics: { connected: 7 }, cached: false };
	const scope = mockApi()
		.get('/analytics/drill-down-analytics')
		.query({ start_date: '2026-05-01', end_date: '2026-05-02', bulk_list_id: CAMPAIGN })
		.reply(200, answer);
	const { output, error } = await runNode(
		report('drillDown', {
			startDate: '2026-05-01',
			endDate: '2026-05-02',
			campaign: locator(CAMPAIGN, 'list'),
		}),
	);
	expect(error).toBeUndefined();
	expect(output).toEqual([{ json: answer, pairedItem: { item: 0 } }]);
	scope.done();
});

test('a campaign that resolves to nothing is refused before any request', async () => {
	const seen = recordAll();
	const { output } = await runNode({
		...report('drillDown', { campaign: locator('={{ $json.campaign }}') }),
		items: [{ json: { campaign: '' } }],
		continueOnFail: true,
	});
	expect(output[0].json.error).toBe('Campaign: is required [item 0]');
	expect(seen).toEqual([]);
});

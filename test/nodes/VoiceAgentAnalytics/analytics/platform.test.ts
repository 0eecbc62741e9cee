/**
 * Analytics › Get Platform Report: GET /analytics/platform-analytics with the filters every
 * report shares (their reading is tested here once), the answer output as served.
 */
import { defaultRanges, report } from '../../../helpers/analytics';
import { AGENT, locator } from '../../../helpers/fixtures';
import { expectAllMocksUsed, mockApi, recordAll, runNode } from '../../../helpers/harness';

expectAllMocksUsed();

const CAMPAIGN = '6e7f8a9b-0c1d-4e2f-8a3b-4c5d6e7f8a9b';
const ANSWER = {
	performance_metrics: { total_calls: 12, anything: { nested: [1, 2] } },
	metrics_summary: { by_status: { completed: 10 } },
	cached: true,
};

describe('Analytics › Get Platform Report', () => {
	test('no filters: both days are still sent (30 days ago to today), the answer as served', async () => {
		let query: Record<string, string> = {};
		const scope = mockApi()
			.get('/analytics/platform-analytics')
			.query((q) => {
				query = q as Record<string, string>;
				return true;
			})
			.reply(200, ANSWER);
		const before = Date.now();
		const { output, error } = await runNode(report('platform'));
		const after = Date.now();
		expect(error).toBeUndefined();
		expect(defaultRanges(before, after)).toContainEqual(query);
		expect(output).toEqual([{ json: ANSWER, pairedItem: { item: 0 } }]);
		scope.done();
	});

	test('every filter: days in the workflow zone, campaign as bulk_list_id, assistant, voicemail', async () => {
		const scope = mockApi()
			.get('/analytics/platform-analytics')
			.query({
				start_date: '2026-09-30',
				end_date: '2026-10-31',
				bulk_list_id: CAMPAIGN,
				agent_id: AGENT,
				voicemail: 'false',
			})
			.reply(200, ANSWER);
		const { output, error } = await runNode({
			...report('platform', {
				// A date-time with an offset is converted to the workflow's zone (UTC here).
				startDate: '2026-10-01T01:00:00+02:00',
				endDate: '2026-10-31',
				campaign: locator(CAMPAIGN),
				assistant: locator(AGENT, 'list'),
				voicemail: 'exclude',
			}),
		});
		expect(error).toBeUndefined();
		expect(output).toHaveLength(1);
		scope.done();
	});

	test('Only calls that reached voicemail sends voicemail=true', async () => {
		const scope = mockApi()
			.get('/analytics/platform-analytics')
			.query({ start_date: '2026-01-01', end_date: '2026-01-02', voicemail: 'true' })
			.reply(200, ANSWER);
		const { error } = await runNode(
			report('platform', { startDate: '2026-01-01', endDate: '2026-01-02', voicemail: 'only' }),
		);
		expect(error).toBeUndefined();
		scope.done();
	});

	test.each([
		[{ startDate: '2026-02-30' }, 'Start Date: "2026-02-30" is not a date [item 0]'],
		[
			{ startDate: '2026-03-02', endDate: '2026-03-01' },
			'End Date: (2026-03-01) is before the Start Date (2026-03-02) [item 0]',
		],
		[
			{ assistant: locator('={{ "not-an-id" }}') },
			'Assistant: "not-an-id" is not a valid ID (UUID expected) [item 0]',
		],
	])('bad filters are refused before any request: %j', async (parameters, message) => {
		const seen = recordAll();
		const { output } = await runNode({ ...report('platform', parameters), continueOnFail: true });
		expect(output[0].json.error).toBe(message);
		expect(seen).toEqual([]);
	});

	test('an answer that is not an object is a shape error (the transport says so)', async () => {
		const scope = mockApi().get('/analytics/platform-analytics').query(true).reply(200, [ANSWER]);
		const { error } = await runNode(report('platform'));
		expect(error?.message).toBe(
			'Unexpected answer from the service: GET /analytics/platform-analytics should be a JSON object but is a list',
		);
		scope.done();
	});
});

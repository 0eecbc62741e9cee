/** readReport: one GET of a report's path with the item's filters; the answer as served. */
import { readReport } from '../../../../nodes/VoiceAgentAnalytics/actions/analytics/report';
import { filterProperties } from '../../../../nodes/VoiceAgentAnalytics/actions/analytics/filters';
import { AGENT, locator } from '../../../helpers/fixtures';
import { expectAllMocksUsed, mockApi } from '../../../helpers/harness';
import { probe } from '../../../helpers/probe';

expectAllMocksUsed();

const CAMPAIGN = 'c0000000-0000-4000-8000-000000000001';
const days = { startDate: '2026-11-01', endDate: '2026-11-30' };
const answer = { total_calls: 12, series: [{ day: '2026-11-02', calls: 12 }] };

const report = (campaign: 'optional' | 'required', parameters: object) =>
	probe((ctx, i) => readReport(ctx, i, '/analytics/example', campaign), {
		properties: filterProperties(campaign),
		parameters: { ...parameters },
	});

describe('readReport', () => {
	test('the filters of the item as the query; the answer output as served', async () => {
		const scope = mockApi()
			.get('/analytics/example')
			.query({
				start_date: '2026-11-01',
				end_date: '2026-11-30',
				bulk_list_id: CAMPAIGN,
				agent_id: AGENT,
				voicemail: 'false',
			})
			.reply(200, answer);
		const { values, error } = await report('optional', {
			...days,
			campaign: locator(CAMPAIGN),
			assistant: locator(AGENT),
			voicemail: 'exclude',
		});
		expect(error).toBeUndefined();
		expect(values).toEqual([answer]);
		scope.done();
	});

	test('an optional campaign left empty is not sent', async () => {
		const scope = mockApi()
			.get('/analytics/example')
			.query({ start_date: '2026-11-01', end_date: '2026-11-30' })
			.reply(200, answer);
		expect((await report('optional', days)).values).toEqual([answer]);
		scope.done();
	});

	test('a required campaign empty at run time is refused before any request', async () => {
		// Left empty in the panel, n8n itself refuses to run; an expression can still be empty.
		const { values, error } = await report('required', {
			...days,
			campaign: locator('={{ "" }}'),
		});
		expect(values).toEqual([]);
		expect(error?.message).toBe('Campaign: is required [item 0]');
	});

	test('a service error reaches the user with its text', async () => {
		mockApi().get('/analytics/example').query(true).reply(404, { detail: 'Campaign not found' });
		const { error } = await report('required', { ...days, campaign: locator(CAMPAIGN) });
		expect(error?.message).toBe('Campaign not found');
		expect(error?.httpCode).toBe('404');
	});
});

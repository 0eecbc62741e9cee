/**
 * Analytics filters given a value of the wrong type by an expression: an object or a Date for
 * Campaign or Assistant fails the item naming the field, never reads as "no filter" (the
 * report would cover every call). Dates still take what a date field gives (n8n dates, JS
 * Dates, ISO text).
 */
import { report } from '../../../helpers/analytics';
import { AGENT, locator } from '../../../helpers/fixtures';
import { expectAllMocksUsed, mockApi, recordAll, runNode } from '../../../helpers/harness';

import nock from 'nock';

expectAllMocksUsed();
afterEach(() => nock.emitter.removeAllListeners('no match'));

const CAMPAIGN = '6e7f8a9b-0c1d-4e2f-8a3b-4c5d6e7f8a9b';
const days = { startDate: '2026-05-01', endDate: '2026-05-31' };

describe('Analytics filters of the wrong type are refused, not dropped', () => {
	test.each([
		[
			'Campaign',
			{ campaign: locator('={{ $json.campaign }}') },
			{ campaign: { id: CAMPAIGN } },
			'Campaign: an object is not text [item 1]',
		],
		[
			'Assistant',
			{ assistant: locator('={{ $json.agent }}', 'list') },
			{ agent: { id: AGENT, name: 'Maya' } },
			'Assistant: an object is not text [item 1]',
		],
		[
			'Assistant',
			{ assistant: locator('={{ $json.when ? new Date($json.when) : "" }}') },
			{ when: '2026-05-01' },
			'Assistant: a date is not text [item 1]',
		],
		[
			'Campaign',
			// The whole locator replaced by an expression (no {__rl, mode, value} around it).
			{ campaign: '={{ $json.campaign }}' },
			{ campaign: { id: CAMPAIGN } },
			'Campaign: an object is not text [item 1]',
		],
	])(
		'%s given %j (%j): the item fails naming it; nothing is sent for it',
		async (_, filter, json, message) => {
			const unmatched = recordAll();
			// Item 0 has no filter at all: its report is the only request.
			const scope = mockApi()
				.get('/analytics/platform-analytics')
				.query({ start_date: '2026-05-01', end_date: '2026-05-31' })
				.reply(200, { total: 1 });
			const { output, error } = await runNode({
				...report('platform', { ...days, ...filter }),
				continueOnFail: true,
				items: [{ json: {} }, { json }],
			});
			expect(error).toBeUndefined();
			scope.done();
			expect(output).toEqual([
				{ json: { total: 1 }, pairedItem: { item: 0 } },
				{
					json: {
						error: message,
						description: `Fix "${message.split(':')[0]}" in input item 1 and run again. No request was sent for this item.`,
					},
					pairedItem: { item: 1 },
				},
			]);
			expect(unmatched).toEqual([]);
		},
	);

	test('without Continue On Fail the run fails on that item, before any request', async () => {
		const unmatched = recordAll();
		const { output, error } = await runNode({
			...report('platform', { ...days, campaign: locator('={{ $json.campaign }}') }),
			items: [{ json: { campaign: { value: CAMPAIGN } } }],
		});
		expect(output).toEqual([]);
		expect(error?.message).toBe('Campaign: an object is not text [item 0]');
		expect(unmatched).toEqual([]);
	});

	test('a JS Date and an n8n date in the date filters are dates, as before', async () => {
		const scope = mockApi()
			.get('/analytics/platform-analytics')
			.query({ start_date: '2026-05-01', end_date: '2026-05-31', agent_id: AGENT })
			.reply(200, { total: 1 });
		const { error } = await runNode({
			...report('platform', {
				startDate: '={{ new Date("2026-05-01T10:00:00Z") }}',
				endDate: '={{ DateTime.fromISO("2026-05-31T10:00:00Z") }}',
				assistant: locator(AGENT),
			}),
		});
		expect(error).toBeUndefined();
		scope.done();
	});

	test('an object or an invalid Date in a date filter is refused naming it', async () => {
		for (const [startDate, message] of [
			['={{ { day: "2026-05-01" } }}', 'Start Date: {"day":"2026-05-01"} is not a date [item 0]'],
			['={{ new Date("not a date") }}', /^Start Date: .* is not a date \[item 0\]$/],
		] as const) {
			const unmatched = recordAll();
			const { error } = await runNode(report('platform', { ...days, startDate }));
			expect(error?.message).toMatch(message);
			expect(unmatched).toEqual([]);
		}
	});
});

import nock from 'nock';

import { expectAllMocksUsed, mockApi, recordAll, runNode } from '../../../helpers/harness';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.emitter.removeAllListeners('no match'));
expectAllMocksUsed();

const CAMPAIGN = 'e5e5e5e5-0000-4000-8000-000000000003';
const params = (extra: Record<string, unknown> = {}) => ({
	resource: 'campaign',
	operation: 'stop',
	campaign: { __rl: true, mode: 'list', value: CAMPAIGN },
	...extra,
});
const ALL = { stopScope: 'all' };

describe('Campaign › Stop', () => {
	test('All Waiting Calls: PATCH /campaign/terminate {campaign_id}', async () => {
		const scope = mockApi()
			.patch('/campaign/terminate', { campaign_id: CAMPAIGN })
			.reply(200, { message: 'Calls terminated successfully!' });
		const { output, error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: params(ALL),
		});
		expect(error).toBeUndefined();
		scope.done();
		expect(output[0].json).toEqual({
			campaign_id: CAMPAIGN,
			stopped: true,
			message: 'Calls terminated successfully!',
		});
	});

	test('only some numbers: mobile_numbers within the campaign', async () => {
		const scope = mockApi()
			.patch('/campaign/terminate', {
				campaign_id: CAMPAIGN,
				mobile_numbers: ['+14155550100', '+919876543210'],
			})
			.reply(200, { message: 'Calls terminated successfully!' });
		const { error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: params({ mobileNumbers: '+14155550100,\n+919876543210' }),
		});
		expect(error).toBeUndefined();
		scope.done();
	});

	test('nothing left to stop is an outcome, not a failure', async () => {
		mockApi()
			.patch('/campaign/terminate', { campaign_id: CAMPAIGN })
			.reply(400, { detail: 'No terminable calls found' });
		const { output, error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: params(ALL),
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toEqual({
			campaign_id: CAMPAIGN,
			stopped: false,
			message: 'No terminable calls found: every call of the campaign has started or ended',
		});
	});

	test('more than 100 numbers, or a number not in international format, is refused before sending', async () => {
		const many = Array.from({ length: 101 }, (_, n) => `+1415555${String(n).padStart(4, '0')}`);
		for (const [value, message] of [
			[many, /^Only These Numbers: /],
			['0044 20', /^Only These Numbers: "0044 20" is not a phone number/],
		] as const) {
			const { error } = await runNode({
				type: 'voiceAgentCampaign',
				parameters: params({ mobileNumbers: value }),
			});
			expect(error?.message).toMatch(message);
		}
	});

	// An empty list would be sent as {campaign_id} alone: a targeted stop becoming a stop-all.
	test.each([
		['blank text', { mobileNumbers: ' \n ' }],
		['an expression giving an empty list', { mobileNumbers: '={{ $json.numbers }}' }],
		['an expression giving only blank entries', { mobileNumbers: '={{ ["", " "] }}' }],
	])(
		'Only These Numbers %s: refused naming the field and the item; nothing sent',
		async (_, extra) => {
			const unmatched = recordAll();
			const { output, error } = await runNode({
				type: 'voiceAgentCampaign',
				parameters: params(extra),
				items: [{ json: { numbers: [] } }],
			});
			expect(output).toEqual([]);
			expect(error?.message).toBe(
				'Only These Numbers: holds no number; to stop every waiting call of the campaign, set Stop to All Waiting Calls [item 0]',
			);
			expect(unmatched).toEqual([]);
		},
	);

	test('with Continue On Fail, an item without numbers fails alone; the others are stopped', async () => {
		const unmatched = recordAll();
		const scope = mockApi()
			.patch('/campaign/terminate', { campaign_id: CAMPAIGN, mobile_numbers: ['+14155550100'] })
			.reply(200, { message: 'Calls terminated successfully!' });
		const { output, error } = await runNode({
			type: 'voiceAgentCampaign',
			continueOnFail: true,
			parameters: params({ mobileNumbers: '={{ $json.numbers }}' }),
			items: [{ json: { numbers: [] } }, { json: { numbers: ['+14155550100'] } }],
		});
		expect(error).toBeUndefined();
		scope.done();
		expect(output).toEqual([
			{
				json: {
					error:
						'Only These Numbers: holds no number; to stop every waiting call of the campaign, set Stop to All Waiting Calls [item 0]',
					description:
						'Fix "Only These Numbers" in input item 0 and run again. No request was sent for this item.',
				},
				pairedItem: { item: 0 },
			},
			{
				json: { campaign_id: CAMPAIGN, stopped: true, message: 'Calls terminated successfully!' },
				pairedItem: { item: 1 },
			},
		]);
		expect(unmatched).toEqual([]);
	});

	test('All Waiting Calls never reads Only These Numbers (a value left from before is not sent)', async () => {
		const scope = mockApi()
			.patch('/campaign/terminate', { campaign_id: CAMPAIGN })
			.reply(200, { message: 'Calls terminated successfully!' });
		const { error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: params({ ...ALL, mobileNumbers: '+14155550100' }),
		});
		expect(error).toBeUndefined();
		scope.done();
	});
});

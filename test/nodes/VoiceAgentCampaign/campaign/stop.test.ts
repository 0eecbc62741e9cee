import { expectAllMocksUsed, mockApi, runNode } from '../../../helpers/harness';

expectAllMocksUsed();

const CAMPAIGN = 'e5e5e5e5-0000-4000-8000-000000000003';
const params = (extra: Record<string, unknown> = {}) => ({
	resource: 'campaign',
	operation: 'stop',
	campaign: { __rl: true, mode: 'list', value: CAMPAIGN },
	...extra,
});

describe('Campaign › Stop', () => {
	test('every waiting call: PATCH /campaign/terminate {campaign_id}', async () => {
		const scope = mockApi()
			.patch('/campaign/terminate', { campaign_id: CAMPAIGN })
			.reply(200, { message: 'Calls terminated successfully!' });
		const { output, error } = await runNode({ type: 'voiceAgentCampaign', parameters: params() });
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
		mockApi().patch('/campaign/terminate').reply(400, { detail: 'No terminable calls found' });
		const { output, error } = await runNode({ type: 'voiceAgentCampaign', parameters: params() });
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
});

import { expectAllMocksUsed, mockApi, runNode } from '../../../helpers/harness';

expectAllMocksUsed();

const LIST = 'f6f6f6f6-0000-4000-8000-0000000000aa';
const AGENT = 'a1a1a1a1-0000-4000-8000-000000000001';
const POOL = 'c9c9c9c9-0000-4000-8000-000000000001';
const REGISTERED = { status: 'campaign registered successfully!', has_ongoing_calls: false };

const params = (extra: Record<string, unknown>) => ({
	resource: 'campaign',
	operation: 'start',
	campaign: { __rl: true, mode: 'list', value: LIST },
	assistant: { __rl: true, mode: 'id', value: AGENT },
	...extra,
});

describe('Campaign › Start', () => {
	test('workspace numbers (phone numbers or ids): POST /campaign/start, exact body', async () => {
		const scope = mockApi()
			.post('/campaign/start', {
				agent_id: AGENT,
				list_id: LIST,
				from_numbers: ['+14155550100', 'c3c3c3c3-0000-4000-8000-000000000001'],
			})
			.reply(200, REGISTERED);
		const { output, error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: params({
				fromNumbers: '={{ "+1 415 555 0100, c3c3c3c3-0000-4000-8000-000000000001" }}',
			}),
		});
		expect(error).toBeUndefined();
		scope.done();
		expect(output).toEqual([{ json: { list_id: LIST, ...REGISTERED }, pairedItem: { item: 0 } }]);
	});

	test('a number pool: POST /campaign/v2/start with the completion e-mails', async () => {
		const scope = mockApi()
			.post('/campaign/v2/start', {
				agent_id: AGENT,
				list_id: LIST,
				number_pool_id: POOL,
				email_completion_user_ids: ['d4d4d4d4-0000-4000-8000-000000000002'],
			})
			.reply(200, REGISTERED);
		const { error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: params({
				callerMode: 'pool',
				numberPoolId: POOL,
				emailUserIds: ['d4d4d4d4-0000-4000-8000-000000000002'],
			}),
		});
		expect(error).toBeUndefined();
		scope.done();
	});

	test('a pool without e-mails sends no e-mail list', async () => {
		const scope = mockApi()
			.post('/campaign/v2/start', { agent_id: AGENT, list_id: LIST, number_pool_id: POOL })
			.reply(200, REGISTERED);
		const { error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: params({ callerMode: 'pool', numberPoolId: POOL }),
		});
		expect(error).toBeUndefined();
		scope.done();
	});

	test('a From Number that is neither a number nor an id is refused before sending', async () => {
		const { error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: params({ fromNumbers: ['front desk'] }),
		});
		expect(error?.message).toBe(
			'From Number Names or IDs: "front desk" is neither a phone number in international format (+14155550100) nor a number ID [item 0]',
		);
	});

	test('the service refusing (already started) is reported; Retry On Fail does not ask twice', async () => {
		const scope = mockApi()
			.post('/campaign/start')
			.reply(400, { detail: 'Campaign already started' });
		const { error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: params({ fromNumbers: ['+14155550100'] }),
			settings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 1 },
		});
		scope.done();
		expect(error?.message).toContain('Campaign already started');
	});
});

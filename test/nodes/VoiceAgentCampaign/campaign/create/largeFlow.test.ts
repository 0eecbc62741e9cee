import { expectAllMocksUsed, mockApi, runNode } from '../../../../helpers/harness';
import { AGENT, captureUpload, createParams, LIST, mockAgent, mockLookup, rows } from './helpers';

expectAllMocksUsed();

/**
 * FACTS gives two documented variants of the large flow's answers (the schema's and the
 * pages'); both are run here, each with the step order its source gives.
 */
const VARIANTS = {
	schema: {
		upload: {
			bulk_list_id: LIST,
			status: 'verifying',
			campaign_name: 'x',
			total_callees: 2,
			invalidated_rows_count: 0,
			invalidated_rows_csv_url: null,
		},
		statuses: [
			{
				bulk_list_id: LIST,
				status: 'draft',
				campaign_name: 'x',
				total_callees: 2,
				invalidated_rows_count: 0,
				invalidated_rows_csv_url: null,
			},
		],
		balance: { status: 'draft', bulk_list_id: LIST, message: 'Balance is sufficient' },
		scheduled: { message: 'Campaign calls scheduled', bulk_list_id: LIST, status: 'scheduled' },
	},
	page: {
		upload: {
			bulk_list_id: LIST,
			status: 'uploaded',
			message: 'CSV upload accepted for processing',
		},
		statuses: [
			{
				bulk_list_id: LIST,
				status: 'processing',
				total_rows: 2,
				processed_rows: 1,
				successful_rows: 1,
				failed_rows: 0,
			},
			{
				bulk_list_id: LIST,
				status: 'completed',
				total_rows: 2,
				processed_rows: 2,
				successful_rows: 2,
				failed_rows: 0,
			},
		],
		balance: {
			bulk_list_id: LIST,
			required_credits: 4,
			available_credits: 100,
			sufficient_balance: true,
		},
		scheduled: { bulk_list_id: LIST, status: 'scheduled', message: 'Large campaign calls queued' },
	},
} as const;

const large = (extra: Record<string, unknown> = {}) =>
	createParams({
		options: { largeFlow: 'always', pollSeconds: 1, duplicateProtection: false },
		startRightAway: true,
		fromNumbers: ['+14155550100'],
		...extra,
	});

describe('Campaign › Create: the large-list flow', () => {
	for (const [variant, answers] of Object.entries(VARIANTS)) {
		test(`${variant} variant: upload, verification, balance check, scheduling, exactly once each`, async () => {
			mockAgent([]);
			const upload = captureUpload('/campaign/upload-csv', answers.upload);
			for (const status of answers.statuses) {
				mockApi().get(`/campaign/upload-status/${LIST}`).reply(200, status);
			}
			mockApi().post(`/campaign/check-balance/${LIST}`).reply(200, answers.balance);
			const schedule = mockApi()
				.post('/campaign/make-call-async', {
					bulk_list_id: LIST,
					agent_id: AGENT,
					country_code: '+91',
					campaign_start_time: '15/01/2027, 09:30',
					campaign_end_time: '15/01/2027, 18:00',
					call_config: { call_time: { timezone: 'Asia/Kolkata' } },
					from_numbers: ['+14155550100'],
				})
				.reply(200, answers.scheduled);
			const { output, error } = await runNode({
				type: 'voiceAgentCampaign',
				parameters: large(),
				items: rows({ phone: '+14155550100' }, { phone: '+14155550101' }),
			});
			expect(error).toBeUndefined();
			schedule.done();
			expect(upload.seen[0].fields).toEqual({
				agent_id: AGENT,
				campaign_name: 'January reminders',
				country_code: '+91',
				variables_map: JSON.stringify({ mobile_number: 'Mobile Number' }),
				call_config: JSON.stringify({ call_time: { timezone: 'Asia/Kolkata' } }),
				campaign_start_time: '15/01/2027, 09:30',
				campaign_end_time: '15/01/2027, 18:00',
				remove_invalid_rows: 'false',
				transliterate_callee_name: 'false',
			});
			expect(upload.seen[0].csv).toBe('Mobile Number\r\n+14155550100\r\n+14155550101\r\n');
			expect(output[0].json).toMatchObject({
				list_id: LIST,
				flow: 'large',
				upload: answers.upload,
				verification: answers.statuses[answers.statuses.length - 1],
				balance: answers.balance,
				start: answers.scheduled,
			});
		});
	}

	test('not enough credits (page variant): nothing is scheduled, the figures are named', async () => {
		mockAgent([]);
		captureUpload('/campaign/upload-csv', VARIANTS.page.upload);
		mockApi().get(`/campaign/upload-status/${LIST}`).reply(200, VARIANTS.page.statuses[1]);
		mockApi().post(`/campaign/check-balance/${LIST}`).reply(200, {
			bulk_list_id: LIST,
			required_credits: 400,
			available_credits: 10,
			sufficient_balance: false,
		});
		const { error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: large(),
			items: rows({ phone: '+14155550100' }),
		});
		expect(error?.message).toBe(
			`Not enough credits to run the contact list ${LIST} (needs 400, has 10)`,
		);
	});

	test('schema order: insufficient_balance after scheduling is checked again and reported', async () => {
		mockAgent([]);
		captureUpload('/campaign/upload-csv', VARIANTS.schema.upload);
		mockApi().get(`/campaign/upload-status/${LIST}`).reply(200, VARIANTS.schema.statuses[0]);
		mockApi().post(`/campaign/check-balance/${LIST}`).reply(200, VARIANTS.schema.balance);
		mockApi()
			.post('/campaign/make-call-async')
			.reply(200, { message: 'x', bulk_list_id: LIST, status: 'insufficient_balance' });
		mockApi()
			.post(`/campaign/check-balance/${LIST}`)
			.reply(200, { status: 'insufficient_balance', bulk_list_id: LIST, message: 'Low balance' });
		const { error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: large(),
			items: rows({ phone: '+14155550100' }),
		});
		expect(error?.message).toBe(`Not enough credits to run the contact list ${LIST}`);
	});

	test('a failed verification is an error naming the list; nothing is scheduled', async () => {
		mockAgent([]);
		captureUpload('/campaign/upload-csv', VARIANTS.page.upload);
		mockApi()
			.get(`/campaign/upload-status/${LIST}`)
			.reply(200, { ...VARIANTS.page.statuses[0], status: 'failed' });
		const { error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: large(),
			items: rows({ phone: '+14155550100' }),
		});
		expect(error?.message).toBe(
			`The service could not verify the contact list ${LIST} (status "failed")`,
		);
	});

	test('without Start Right Away the verified list is output and nothing is scheduled', async () => {
		mockAgent([]);
		captureUpload('/campaign/upload-csv', VARIANTS.schema.upload);
		mockApi().get(`/campaign/upload-status/${LIST}`).reply(200, VARIANTS.schema.statuses[0]);
		const { output, error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: large({ startRightAway: false }),
			items: rows({ phone: '+14155550100' }),
		});
		expect(error).toBeUndefined();
		expect(output[0].json.verification).toEqual(VARIANTS.schema.statuses[0]);
		expect(output[0].json.start).toBeUndefined();
	});

	test('Automatic switches to the large flow from 5,000 rows', async () => {
		mockAgent([]);
		mockLookup();
		const upload = captureUpload('/campaign/upload-csv', VARIANTS.schema.upload);
		mockApi().get(`/campaign/upload-status/${LIST}`).reply(200, VARIANTS.schema.statuses[0]);
		const items = Array.from({ length: 5000 }, (_, n) => ({
			json: { phone: `+1415555${String(n).padStart(4, '0')}` },
		}));
		const { error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: createParams({ options: { pollSeconds: 1 } }),
			items,
		});
		expect(error).toBeUndefined();
		expect(upload.seen[0].csv.split('\r\n')).toHaveLength(5002);
	});
});

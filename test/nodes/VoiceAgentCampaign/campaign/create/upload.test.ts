import { createHash } from 'crypto';

import { expectAllMocksUsed, mockApi, runNode } from '../../../../helpers/harness';
import {
	AGENT,
	captureUpload,
	createParams,
	firstSave,
	LIST,
	mockAgent,
	mockLookup,
	rows,
	SAVE_ANSWER,
} from './helpers';

expectAllMocksUsed();

const sheet = () =>
	rows(
		{ name: 'Ana Lima', phone: '98765 43210', clinic: 'Sunrise, East', date: 'Mon' },
		{ name: 'Zoë "Z" Ødegård', phone: '+14155550100', clinic: 'Línea\nDos', date: 'Tue' },
		{ name: 'Raj', phone: 919812345678, clinic: 'Main', date: 'Wed' },
	);

const mapping = {
	variableMapping: {
		mapping: [
			{ variable: 'callee_name', column: 'name' },
			{ variable: 'clinic', column: '' },
			{ variable: 'date', column: 'date' },
		],
	},
};

describe('Campaign › Create: the upload', () => {
	test('items become one CSV (RFC 4180, UTF-8, numbers cleaned) and one exact multipart form', async () => {
		const save = firstSave(['callee_name', 'clinic', 'date']);
		const { output, error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: createParams(mapping),
			items: sheet(),
		});
		expect(error).toBeUndefined();
		expect(save.seen).toHaveLength(1);
		const upload = save.seen[0];
		expect(upload.contentType).toMatch(/^multipart\/form-data; boundary=/);
		const csv =
			'Mobile Number,callee_name,clinic,date\r\n' +
			'+919876543210,Ana Lima,"Sunrise, East",Mon\r\n' +
			'+14155550100,"Zoë ""Z"" Ødegård","Línea\nDos",Tue\r\n' +
			'+919812345678,Raj,Main,Wed\r\n';
		expect(upload.csv).toBe(csv);
		expect(upload.form.files.map((f) => [f.name, f.filename, f.contentType])).toEqual([
			['file', 'contacts.csv', 'text/csv'],
		]);
		const callConfig = { call_time: { timezone: 'Asia/Kolkata' } };
		const variablesMap = { callee_name: 'callee_name', clinic: 'clinic', date: 'date' };
		const key = createHash('sha256')
			.update(
				JSON.stringify([
					AGENT,
					false,
					'+91',
					variablesMap,
					callConfig,
					false,
					false,
					createHash('sha256').update(csv).digest('hex'),
				]),
			)
			.digest('hex')
			.slice(0, 8);
		expect(upload.fields).toEqual({
			agent_id: AGENT,
			campaign_name: `January reminders #${key}`,
			country_code: '+91',
			variables_map: JSON.stringify(variablesMap),
			call_config: JSON.stringify(callConfig),
			campaign_start_time: '15/01/2027, 09:30',
			campaign_end_time: '15/01/2027, 18:00',
			remove_invalid_rows: 'false',
			transliterate_callee_name: 'false',
		});
		// Parts in a fixed order, the file last.
		expect(upload.form.parts.map((p) => p.name)).toEqual([
			'agent_id',
			'campaign_name',
			'country_code',
			'variables_map',
			'call_config',
			'campaign_start_time',
			'campaign_end_time',
			'remove_invalid_rows',
			'transliterate_callee_name',
			'file',
		]);
		expect(output).toEqual([
			{
				json: {
					list_id: LIST,
					campaign_name: `January reminders #${key}`,
					flow: 'standard',
					rows_uploaded: 3,
					left_out: [],
					variables_map: variablesMap,
					campaign_start_time: '15/01/2027, 09:30',
					campaign_end_time: '15/01/2027, 18:00',
					timezone: 'Asia/Kolkata',
					total_rows: 3,
					successful_rows: 3,
					failed_rows: 0,
					answer: SAVE_ANSWER,
				},
				pairedItem: [{ item: 0 }, { item: 1 }, { item: 2 }],
			},
		]);
	});

	test('an empty mapping takes every variable of the assistant from the column of its name', async () => {
		mockAgent(['callee_name', 'clinic', 'date']);
		const save = captureUpload('/campaign/save', SAVE_ANSWER);
		const { error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: createParams({ options: { duplicateProtection: false } }),
			items: rows({
				phone: '+14155550100',
				callee_name: 'Ana',
				clinic: 'East',
				date: 'Mon',
				city: 'Pune',
			}),
		});
		expect(error).toBeUndefined();
		expect(save.seen[0].fields.variables_map).toBe(
			JSON.stringify({ callee_name: 'callee_name', clinic: 'clinic', date: 'date' }),
		);
		expect(save.seen[0].fields.campaign_name).toBe('January reminders');
		expect(save.seen[0].csv).toBe(
			'Mobile Number,callee_name,clinic,date\r\n+14155550100,Ana,East,Mon\r\n',
		);
	});

	test('call settings, options and the zone are sent as the service reads them', async () => {
		const save = firstSave([]);
		const { error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: createParams({
				startAt: '2027-01-15T04:00:00Z',
				endAt: '2027-01-16T12:15:00+05:30',
				callConfig: {
					timezone: 'America/New_York',
					callStartTime: '09:00',
					callEndTime: '18:00',
					maxCallLength: 300,
					retry: {
						settings: { retry_count: 2, retry_busy: 1, retry_not_picked: 1, retry_failed: 0 },
					},
				},
				options: { removeInvalidRows: true, transliterateCalleeName: true },
			}),
			items: rows({ phone: '+14155550100' }),
		});
		expect(error).toBeUndefined();
		const fields = save.seen[0].fields;
		expect(JSON.parse(fields.call_config)).toEqual({
			max_call_length: 300,
			call_retry_config: { retry_count: 2, retry_busy: 1, retry_not_picked: 1, retry_failed: 0 },
			call_time: { call_start_time: '09:00', call_end_time: '18:00', timezone: 'America/New_York' },
		});
		expect(fields.campaign_start_time).toBe('14/01/2027, 23:00');
		expect(fields.campaign_end_time).toBe('16/01/2027, 01:45');
		expect(fields.remove_invalid_rows).toBe('true');
		expect(fields.transliterate_callee_name).toBe('true');
		expect(fields.variables_map).toBe('{}');
	});

	test('a Start between minutes is sent as the next minute (never before it), an End as its own', async () => {
		const save = firstSave([]);
		const { error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: createParams({
				startAt: '2027-01-15T04:00:30Z',
				endAt: '2027-01-16T12:15:59+05:30',
				callConfig: { timezone: 'America/New_York' },
			}),
			items: rows({ phone: '+14155550100' }),
		});
		expect(error).toBeUndefined();
		const fields = save.seen[0].fields;
		expect(fields.campaign_start_time).toBe('14/01/2027, 23:01');
		expect(fields.campaign_end_time).toBe('16/01/2027, 01:45');
	});

	test('a start in the past, or an end before it, is refused before any request', async () => {
		for (const [extra, message] of [
			[
				{ startAt: '2020-01-01T09:00:00' },
				/^Start: 01\/01\/2020, 09:00 \(Asia\/Kolkata\) is not in the future/,
			],
			[{ endAt: '2027-01-15T09:30:40' }, /^End: .* must be at least a minute after the start/],
			[
				{ countryCode: 'India' },
				/^Country Code: "India" is not a country code, e.g. \+91 \[item 0\]$/,
			],
			[{ campaignName: ' ' }, /^Campaign Name: /],
		] as const) {
			const { error } = await runNode({
				type: 'voiceAgentCampaign',
				parameters: createParams(extra),
				items: rows({ phone: '+14155550100' }),
			});
			expect(error?.message).toMatch(message);
		}
	});

	test('Retry On Fail: a 500 after the upload is reported once, never uploaded again', async () => {
		// n8n runs the whole node again: the assistant and the list are read on every try.
		mockAgent([], 3);
		mockLookup([], 3);
		const save = captureUpload('/campaign/save', { detail: 'An unexpected error occurred.' }, 500);
		const items = rows({ phone: '+14155550100' });
		const { error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: createParams(),
			items,
			settings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 1 },
		});
		expect(save.seen).toHaveLength(1);
		expect(error?.message).toMatch(/500|unexpected/i);
		expect(String(error?.description)).toContain(
			'The upload may have reached the service: look for the campaign "January reminders #',
		);
	});

	test('a re-run with the same rows finds the first upload by its key and uploads nothing', async () => {
		mockAgent([]);
		mockLookup();
		const first = captureUpload('/campaign/save', SAVE_ANSWER);
		const { output: once } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: createParams(),
			items: rows({ phone: '+14155550100' }),
		});
		const name = String(once[0].json.campaign_name);
		expect(first.seen).toHaveLength(1);
		// The next execution: fresh items, the campaign now in the list.
		const earlier = { id: LIST, name, campaign_status: 'pending', total_count: 1 };
		mockAgent([]);
		mockLookup([{ id: 'e5e5e5e5-0000-4000-8000-000000000001', name: 'Other' }, earlier]);
		const { output, error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: createParams(),
			items: rows({ phone: '+14155550100' }),
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({
			list_id: LIST,
			campaign_name: name,
			already_uploaded: true,
			campaign: earlier,
		});
	});

	test('Start Right Away with numbers: the list is started with /campaign/start', async () => {
		mockAgent([]);
		mockLookup();
		captureUpload('/campaign/save', SAVE_ANSWER);
		const start = mockApi()
			.post('/campaign/start', {
				agent_id: AGENT,
				list_id: LIST,
				from_numbers: ['+14155550100', 'c3c3c3c3-0000-4000-8000-000000000002'],
			})
			.reply(200, { status: 'campaign registered successfully!', has_ongoing_calls: false });
		const { output, error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: createParams({
				startRightAway: true,
				fromNumbers: ['+1 (415) 555-0100', 'c3c3c3c3-0000-4000-8000-000000000002'],
			}),
			items: rows({ phone: '+14155550100' }),
		});
		expect(error).toBeUndefined();
		start.done();
		expect(output[0].json.start).toEqual({
			status: 'campaign registered successfully!',
			has_ongoing_calls: false,
		});
	});

	test('Start Right Away with a pool: /campaign/v2/start with the completion e-mails', async () => {
		mockAgent([]);
		mockLookup();
		captureUpload('/campaign/save', SAVE_ANSWER);
		const start = mockApi()
			.post('/campaign/v2/start', {
				agent_id: AGENT,
				list_id: LIST,
				number_pool_id: 'c9c9c9c9-0000-4000-8000-000000000001',
				email_completion_user_ids: ['d4d4d4d4-0000-4000-8000-000000000001'],
			})
			.reply(200, { status: 'campaign registered successfully!', has_ongoing_calls: false });
		const { error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: createParams({
				startRightAway: true,
				callerMode: 'pool',
				numberPoolId: 'c9c9c9c9-0000-4000-8000-000000000001',
				emailUserIds: ['d4d4d4d4-0000-4000-8000-000000000001'],
			}),
			items: rows({ phone: '+14155550100' }),
		});
		expect(error).toBeUndefined();
		start.done();
	});

	test('Start Right Away without From Numbers is refused before anything is uploaded', async () => {
		const { error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: createParams({ startRightAway: true, fromNumbers: '={{ [] }}' }),
			items: rows({ phone: '+14155550100' }),
		});
		expect(error?.message).toMatch(/^From Number Names or IDs: /);
	});
});

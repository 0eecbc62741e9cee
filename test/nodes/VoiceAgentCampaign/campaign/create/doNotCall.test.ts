/**
 * Campaign Create's Do Not Call list and Dry Run: a listed row is left out of the upload and
 * reported under left_out, never an error (also without Continue On Fail); a Dry Run reads
 * only the assistant and reports one summary.
 */
import nock from 'nock';
import type { INodeExecutionData } from 'n8n-workflow';

import { expectAllMocksUsed, runNode } from '../../../../helpers/harness';
import { callWindow } from '../../../../helpers/dryRun';
import { createParams, firstSave, mockAgent, rows } from './helpers';

beforeAll(() => nock.disableNetConnect());
expectAllMocksUsed();

const SHEET = () =>
	rows(
		{ phone: '098765 43210', clinic: 'East' },
		{ phone: '+91 98765 43211', clinic: 'West' },
		{ phone: '0091-98765-43212', clinic: 'North' },
	);
/** A listed row as left out: as typed, and the sentence Start and Call Back say, with the number called. */
const listedRow = (item: number, typed: string) => ({
	item,
	mobile_number: typed,
	field: 'Phone Number',
	reason: 'is on the Do Not Call list',
	skipped: 'do_not_call',
	skip_reason: `Do Not Call: +${typed.startsWith('+65') ? '6591234567' : `91987654321${typed.slice(-1)}`} is on the list, so it is not called`,
});

describe('Campaign › Create: Do Not Call', () => {
	test('listed rows are left out of the upload and reported, without Continue On Fail', async () => {
		const save = firstSave(['clinic']);
		const { output, error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: createParams({
				doNotCall: 'numbers',
				doNotCallNumbers: '9876543210\n+91 (98765) 43212',
			}),
			items: SHEET(),
		});
		expect(error).toBeUndefined();
		expect(save.seen).toHaveLength(1);
		expect(save.seen[0].csv).toBe('Mobile Number,clinic\r\n+919876543211,West\r\n');
		expect(output[0].json.rows_uploaded).toBe(1);
		expect(output[0].json.left_out).toEqual([
			listedRow(0, '098765 43210'),
			listedRow(2, '0091-98765-43212'),
		]);
	});

	test('from a CSV file in the first item: its column named', async () => {
		const save = firstSave(['clinic']);
		const items: INodeExecutionData[] = SHEET();
		items[0].binary = {
			optout: {
				data: Buffer.from('id,tel\n1,+919876543211\n', 'utf8').toString('base64'),
				mimeType: 'text/csv',
				fileName: 'optout.csv',
			},
		};
		const { output, error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: createParams({
				doNotCall: 'binary',
				doNotCallBinaryProperty: 'optout',
				doNotCallColumn: 'tel',
			}),
			items,
		});
		expect(error).toBeUndefined();
		expect(save.seen[0].csv).toBe(
			'Mobile Number,clinic\r\n+919876543210,East\r\n+919876543212,North\r\n',
		);
		expect(output[0].json.left_out).toEqual([listedRow(1, '+91 98765 43211')]);
	});
});

describe('Campaign › Create: every row on the list', () => {
	test('no upload and no error: the output says so and lists them', async () => {
		// The only mock: the assistant read of the prompt check; no lookup, no upload.
		mockAgent(['clinic']);
		const { output, error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: createParams({
				doNotCall: 'numbers',
				doNotCallNumbers: '+919876543210, +919876543211, +919876543212',
			}),
			items: SHEET(),
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toEqual({
			campaign_name: 'January reminders',
			rows_uploaded: 0,
			left_out: [
				listedRow(0, '098765 43210'),
				listedRow(1, '+91 98765 43211'),
				listedRow(2, '0091-98765-43212'),
			],
			note: 'Every row is on the Do Not Call list: nothing was uploaded and no campaign was made.',
		});
	});
});

describe('Campaign › Create: Dry Run', () => {
	test('one summary: rows to upload, left out and why, the first call; only the assistant is read', async () => {
		// The only mock: no lookup of an earlier campaign, no upload.
		mockAgent(['clinic']);
		const { output, error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: createParams({
				dryRun: true,
				doNotCall: 'numbers',
				doNotCallNumbers: '+919876543211',
				callConfig: { timezone: 'Asia/Kolkata', callStartTime: '10:00', callEndTime: '17:00' },
			}),
			// Without Continue On Fail: a Dry Run reports the bad rows instead of stopping.
			items: [
				...SHEET(),
				...rows({ phone: '12', clinic: 'South' }, { phone: '+919876543213', clinic: '' }),
			],
		});
		expect(error).toBeUndefined();
		expect(output).toHaveLength(1);
		expect(output[0].pairedItem).toEqual([0, 1, 2, 3, 4].map((item) => ({ item })));
		expect(output[0].json).toEqual({
			dry_run: true,
			campaign_name: expect.stringMatching(/^January reminders #[0-9a-f]{8}$/),
			rows_to_upload: 2,
			summary: {
				rows: 5,
				would_call: 2,
				skipped: {
					do_not_call: 1,
					invalid_number: 1,
					missing_prompt_variable: 1,
					zone_unknown: 0,
					invalid_input: 0,
				},
			},
			flow: 'standard',
			left_out: [
				listedRow(1, '+91 98765 43211'),
				{
					item: 3,
					mobile_number: '12',
					field: 'Phone Number',
					reason:
						'"12" is not a phone number in international format with country code, e.g. +14155550100',
				},
				{
					item: 4,
					mobile_number: '+919876543213',
					field: 'Column clinic',
					reason:
						"is empty, but the assistant's prompt uses @{{clinic}}: the callee would hear the placeholder",
				},
			],
			variables_map: { clinic: 'clinic' },
			campaign_start_time: '15/01/2027, 09:30',
			campaign_end_time: '15/01/2027, 18:00',
			timezone: 'Asia/Kolkata',
			// Start is 09:30, before the window opens: the first call rings at its opening.
			call_window: callWindow('Asia/Kolkata', '10:00', '17:00', '2027-01-15T10:00:00'),
		});
	});
});

describe('Campaign › Create: numbers read as Start reads them', () => {
	test('impossible numbers are left out, "(0)" and full-width digits read, "011" under +1 international', async () => {
		const save = firstSave(['clinic']);
		const { output, error } = await runNode({
			type: 'voiceAgentCampaign',
			continueOnFail: true,
			parameters: createParams({
				countryCode: '+1',
				doNotCall: 'numbers',
				doNotCallNumbers: '011 65 9123 4567',
			}),
			items: rows(
				{ phone: '555-0102', clinic: 'A' },
				{ phone: '+44 (0)20 7946 0000', clinic: 'B' },
				{ phone: '＋１ ４１５ ５５５ ０１０２', clinic: 'C' },
				{ phone: '+65 9123 4567', clinic: 'D' },
				{ phone: '415 555 010', clinic: 'E' },
			),
		});
		expect(error).toBeUndefined();
		expect(save.seen[0].csv).toBe('Mobile Number,clinic\r\n+442079460000,B\r\n+14155550102,C\r\n');
		expect(output[0].json.left_out).toEqual([
			{
				item: 0,
				mobile_number: '555-0102',
				field: 'Phone Number',
				reason:
					'"555-0102" is not a possible phone number: +15550102 has 7 digits after +1, where numbers have 10',
			},
			listedRow(3, '+65 9123 4567'),
			{
				item: 4,
				mobile_number: '415 555 010',
				field: 'Phone Number',
				reason:
					'"415 555 010" is not a possible phone number: +1415555010 has 9 digits after +1, where numbers have 10',
			},
		]);
	});
});

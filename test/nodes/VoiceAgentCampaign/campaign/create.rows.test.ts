/**
 * Campaign › Create, the operation (create/index.ts) run through the node: the rows of items
 * or CSV files, a bad one stopping the node before any request or left out with Continue On
 * Fail, prompt variables no column fills, and what is uploaded. Moved from create/rows.test.ts
 * to the operation's mirrored path.
 */
import { expectAllMocksUsed, runNode } from '../../../helpers/harness';
import {
	captureUpload,
	createParams,
	firstSave,
	mockAgent,
	mockLookup,
	rows,
	SAVE_ANSWER,
} from './create/helpers';

expectAllMocksUsed();

const csvItem = (text: string, fileName = 'sheet.csv') => ({
	json: {},
	binary: {
		data: {
			data: Buffer.from(text, 'utf8').toString('base64'),
			mimeType: 'text/csv',
			fileName,
		},
	},
});

describe('Campaign › Create: the rows', () => {
	test('a bad number stops the node naming the item and the field, before any request', async () => {
		const { error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: createParams(),
			items: rows({ phone: '+14155550100' }, { phone: '12' }),
		});
		expect(error?.message).toBe(
			'Phone Number: "12" is not a phone number in international format with country code, e.g. +14155550100. Nothing was uploaded [item 1]',
		);
	});

	test('a number ambiguous under the Country Code stops the node naming its readings', async () => {
		// With +39, "39 0612345" is +39 0612345 written without "+", or the Italian 390 612345.
		const { error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: createParams({ countryCode: '+39' }),
			items: rows({ phone: '06 1234 5678' }, { phone: '39 0612345' }),
		});
		expect(error?.message).toBe(
			'Phone Number: "39 0612345" is ambiguous with country code +39: it can be +39390612345 or +390612345; write the number meant in full, with + and its country code. Nothing was uploaded [item 1]',
		);
	});

	test('Continue On Fail: bad rows are left out and reported, the rest uploaded', async () => {
		const save = firstSave(['clinic']);
		const { output, error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: createParams(),
			items: rows(
				{ phone: '+14155550100', clinic: 'East' },
				{ phone: '', clinic: 'West' },
				{ phone: '+14155550101', clinic: '  ' },
				{ phone: '+14155550102', clinic: { nested: true } },
				{ phone: '0 98765 43210', clinic: 'North' },
			),
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(save.seen[0].csv).toBe(
			'Mobile Number,clinic\r\n+14155550100,East\r\n+919876543210,North\r\n',
		);
		expect(output[0].json.rows_uploaded).toBe(2);
		expect(output[0].json.left_out).toEqual([
			{ item: 1, mobile_number: '', field: 'Phone Number', reason: 'is empty' },
			{
				item: 2,
				mobile_number: '+14155550101',
				field: 'Column clinic',
				reason:
					"is empty, but the assistant's prompt uses @{{clinic}}: the callee would hear the placeholder",
			},
			{
				item: 3,
				mobile_number: '+14155550102',
				field: 'Column clinic',
				reason: 'must be text, a number or a boolean, not an object or list',
			},
		]);
	});

	test('a prompt variable no column fills is refused before anything is uploaded', async () => {
		mockAgent(['clinic', 'date']);
		const { error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: createParams(),
			items: rows({ phone: '+14155550100', clinic: 'East' }),
		});
		expect(error?.message).toBe(
			"The assistant's prompt uses @{{date}}, which no column fills: the callee would hear the placeholder",
		);
		expect(String(error?.description)).toContain('Nothing was uploaded');
	});

	test('Missing Prompt Variables: Warn uploads and says so on the output', async () => {
		mockAgent(['clinic', 'date']);
		mockLookup();
		captureUpload('/campaign/save', SAVE_ANSWER);
		const { output, error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: createParams({ options: { missingVariables: 'warn' } }),
			items: rows({ phone: '+14155550100', clinic: '' }),
		});
		expect(error).toBeUndefined();
		expect(output[0].json.warnings).toEqual([
			"The assistant's prompt uses @{{date}}, which no column fills: the callee would hear the placeholder",
		]);
	});

	test('CSV files in binary data: every item’s file, quoting, a byte-order mark, lines named', async () => {
		const save = firstSave(['clinic']);
		const { output, error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: createParams({
				contactsSource: 'file',
				phoneColumn: 'Phone',
				variableMapping: {
					mapping: [
						{ variable: 'callee_name', column: 'Name' },
						{ variable: 'clinic', column: 'Clinic' },
					],
				},
			}),
			items: [
				csvItem(
					'\ufeffName,Phone,Clinic\r\n"Ana, A.",98765 43210,East\r\n\r\nBo,+14155550100,"Say ""hi"""\r\n',
				),
				csvItem('Phone,Name,Clinic\nbad,Cy,West\n+14155550101,Dee,South\n', 'two.csv'),
			],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(save.seen[0].csv).toBe(
			'Mobile Number,callee_name,clinic\r\n' +
				'+919876543210,"Ana, A.",East\r\n' +
				'+14155550100,Bo,"Say ""hi"""\r\n' +
				'+14155550101,Dee,South\r\n',
		);
		expect(output[0].json.left_out).toEqual([
			{
				item: 1,
				line: 2,
				mobile_number: 'bad',
				field: 'two.csv line 2 › Phone',
				reason:
					'"bad" is not a phone number in international format with country code, e.g. +14155550100',
			},
		]);
	});

	test('a file without the phone column is refused naming the columns it has', async () => {
		const { error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: createParams({ contactsSource: 'file' }),
			items: [csvItem('Name,Phone\nAna,+14155550100\n')],
		});
		expect(error?.message).toBe(
			'Phone Column: "Mobile Number" is not a column of sheet.csv (its columns: Name, Phone) [item 0]',
		);
	});

	test('every row left out: nothing to upload, nothing asked', async () => {
		const { output } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: createParams(),
			items: rows({ phone: 'x' }),
			continueOnFail: true,
		});
		expect(output).toEqual([
			{
				json: {
					error: 'No contact to upload: every row was left out',
					description:
						'Left out: item 0: Phone Number "x" is not a phone number in international format with country code, e.g. +14155550100',
				},
				pairedItem: [{ item: 0 }],
			},
		]);
	});
});

/**
 * Start's Do Not Call list: a listed row is never sent, whatever its formatting, and is output
 * as skipped beside its item (never an error, also under Continue On Fail); the other rows are
 * sent exactly as without a list. Dry Run reports every row and sends nothing.
 */
import fc from 'fast-check';
import nock from 'nock';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { expectAllMocksUsed, mockApi, runNode } from '../../../../helpers/harness';
import { e164, phoneNumber, writtenAs } from '../../../../helpers/phoneFormats';
import { AGENT } from '../../../../helpers/fixtures';
import { dryRunSummary } from '../../../../helpers/dryRun';
import { sheetStart } from '../../../../helpers/startParams';
import { answer, listed, params, recordSentTo, rows, sent } from '../../../../helpers/startRows';
import { agentAnswer } from '../../../VoiceAgentCampaign/campaign/create/helpers';

beforeAll(() => nock.disableNetConnect());
expectAllMocksUsed();
afterEach(() => jest.restoreAllMocks());

const csvItem = (text: string, json: IDataObject = {}): INodeExecutionData => ({
	json,
	binary: {
		data: {
			data: Buffer.from(text, 'utf8').toString('base64'),
			mimeType: 'text/csv',
			fileName: 'optout.csv',
		},
	},
});

describe('Call › Start: Do Not Call', () => {
	test('listed rows are never sent, whatever their formatting; the others are sent unchanged', async () => {
		const scope = mockApi()
			.post('/calling/outbound/individual', sent('+14155550100', 'Row 1'))
			.reply(200, answer(1));
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			items: rows('415.555.0101', '+14155550100', '00 1 415 555 0102'),
			parameters: params({
				doNotCall: 'numbers',
				doNotCallNumbers: '+1 (415) 555-0101\n4155550102',
			}),
		});
		expect(error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
		expect(output.map((o) => o.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(output[0].json).toEqual(listed('+14155550101'));
		expect(output[1].json).toMatchObject({ call_id: '00000000-0000-4000-8000-000000000001' });
		expect(output[2].json).toEqual(listed('+14155550102'));
	});

	test('Continue On Fail: a listed row is skipped, not an error; a bad row is an error', async () => {
		mockApi()
			.post('/calling/outbound/individual', sent('+14155550100', 'Row 2'))
			.reply(200, answer(1));
		const { output } = await runNode({
			type: 'voiceAgentCalling',
			continueOnFail: true,
			items: rows('(415) 555-0101', '12', '+14155550100'),
			parameters: params({ doNotCall: 'numbers', doNotCallNumbers: '+14155550101' }),
		});
		expect(output[0].json).toEqual(listed('+14155550101'));
		expect(output[1].json.error).toBe(
			'Phone Number: "12" is not a phone number in international format with country code, e.g. +14155550100 [item 1]',
		);
		expect(output[2].json).toMatchObject({ call_id: '00000000-0000-4000-8000-000000000001' });
	});

	test('an expression: a list of numbers, objects and n8n items (Number Field)', async () => {
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			items: rows('4155550101', '4155550102', '4155550103'),
			parameters: params({
				doNotCall: 'numbers',
				doNotCallNumbers:
					"={{ [4155550101, { mobile: '415-555-0102' }, { json: { mobile: '+1 415 555 0103' } }] }}",
				doNotCallNumberField: 'mobile',
			}),
		});
		expect(error).toBeUndefined();
		expect(output.map((o) => o.json)).toEqual([
			listed('+14155550101'),
			listed('+14155550102'),
			listed('+14155550103'),
		]);
	});

	test('a CSV file: the column named, or the first column below its header', async () => {
		for (const [column, text] of [
			['phone', 'name,phone\nAda,(415) 555-0101\n'],
			['', 'number\n4155550101\n'],
			['', '4155550101\n'],
		]) {
			mockApi()
				.post('/calling/outbound/individual', sent('+14155550100', 'Row 1'))
				.reply(200, answer(1));
			const items = [
				csvItem(text, { name: 'Row 0', phone: '4155550101' }),
				...rows('x', '+14155550100').slice(1),
			];
			const { output, error } = await runNode({
				type: 'voiceAgentCalling',
				items,
				parameters: params({
					doNotCall: 'binary',
					doNotCallBinaryProperty: 'data',
					doNotCallColumn: column,
				}),
			});
			expect(error).toBeUndefined();
			expect(output[0].json).toEqual(listed('+14155550101'));
			expect(output[1].json).toMatchObject({ call_id: '00000000-0000-4000-8000-000000000001' });
		}
	});

	test('entries that are not numbers stop the run naming the field and each entry, nobody called', async () => {
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			items: rows('+14155550100'),
			parameters: params({ doNotCall: 'numbers', doNotCallNumbers: '+14155550101, call me, 12' }),
		});
		expect(error?.message).toBe(
			'Do Not Call: 2 entries are not a phone number (fix or remove them; nobody was called): Do Not Call Numbers › entry 2 "call me": is not a phone number in international format with country code, e.g. +14155550100; Do Not Call Numbers › entry 3 "12": is not a phone number in international format with country code, e.g. +14155550100 [item 0]',
		);
	});

	test('a CSV column that is not there, and a missing file, are named', async () => {
		const missing = await runNode({
			type: 'voiceAgentCalling',
			items: [csvItem('name,tel\nAda,4155550101\n', { name: 'A', phone: '+14155550100' })],
			parameters: params({ doNotCall: 'binary', doNotCallColumn: 'phone' }),
		});
		expect(missing.error?.message).toBe(
			'Do Not Call file optout.csv: has no column "phone" (its columns: name, tel) [item 0]',
		);
		const noFile = await runNode({
			type: 'voiceAgentCalling',
			items: rows('+14155550100'),
			parameters: params({ doNotCall: 'binary' }),
		});
		expect(noFile.error?.message).toBe(
			'Do Not Call Binary Field: the item has no binary data "data" (a CSV file read by an earlier node) [item 0]',
		);
	});
});

describe('Call › Start: a listed row is skipped before anything else of it is read', () => {
	// The callee verdict's order: number, list, zone, variables, the rest. Before, the zone and
	// the variables were read first, and a listed row's bad value stopped the whole batch.
	test.each([
		[
			'its zone is unknown (+7: several zones, no Time Zone Column value)',
			{ name: 'Ru', phone: '+7 916 123 45 67' },
			'+79161234567',
		],
		[
			'a variable is an object',
			{ name: 'Obj', phone: '4155550101', city: { nested: true } },
			'+14155550101',
		],
		['its Callee Name is a list', { name: ['a', 'b'], phone: '4155550101' }, '+14155550101'],
	])('%s: skipped, the other rows called, no error', async (_, row, number) => {
		const scope = mockApi()
			.post('/calling/outbound/individual', {
				...sent('+14155550100', 'Ok'),
				custom_args_values: { name: 'Ok', phone: '4155550100', city: 'Austin' },
				call_config: {
					call_time: {
						call_start_time: '08:00',
						call_end_time: '21:00',
						timezone: 'America/Los_Angeles',
					},
				},
			})
			.reply(200, answer(1));
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			items: [{ json: row }, { json: { name: 'Ok', phone: '4155550100', city: 'Austin' } }],
			parameters: sheetStart(
				{ defaultCountryCode: '+1' },
				{
					variablesMode: 'row',
					calleeTimeZone: true,
					callConfig: { callStartTime: '08:00', callEndTime: '21:00' },
					doNotCall: 'numbers',
					doNotCallNumbers: number,
				},
			),
		});
		expect(error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
		expect(output.map((o) => [o.json, o.pairedItem])).toEqual([
			[listed(number), { item: 0 }],
			[expect.objectContaining({ call_id: '00000000-0000-4000-8000-000000000001' }), { item: 1 }],
		]);
	});
});

describe('Call › Start: Dry Run', () => {
	const summary = (counts: IDataObject) => ({
		rows: 4,
		would_call: 2,
		skipped: {
			do_not_call: 0,
			invalid_number: 0,
			missing_prompt_variable: 0,
			zone_unknown: 0,
			invalid_input: 0,
			...counts,
		},
	});

	test('without Dry Run Report: each body as before, a listed row skipped, a bad row stops the run', async () => {
		const ok = await runNode({
			type: 'voiceAgentCalling',
			items: rows('4155550101', '+14155550100'),
			parameters: params(
				{ doNotCall: 'numbers', doNotCallNumbers: '+14155550101' },
				{ dryRun: true },
			),
		});
		expect(ok.output.map((o) => o.json)).toEqual([
			{ dry_run: true, ...listed('+14155550101') },
			{ dry_run: true, body: sent('+14155550100', 'Row 1') },
		]);
		const bad = await runNode({
			type: 'voiceAgentCalling',
			items: rows('4155550101', '12'),
			parameters: params(
				{ doNotCall: 'numbers', doNotCallNumbers: '+14155550101' },
				{ dryRun: true },
			),
		});
		expect(bad.error?.message).toBe(
			'Phone Number: "12" is not a phone number in international format with country code, e.g. +14155550100 [item 1]',
		);
	});

	test('Dry Run Report: every row without stopping, the counts on each, the call window; nothing sent', async () => {
		// 18:00 in New York, the evening before the scheduled time.
		jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2030-03-09T23:00:00Z'));
		// No mock: any request would fail the run (net connect is disabled).
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			items: rows('4155550101', '12', '+14155550100', '+1 415 555 0103'),
			parameters: params(
				{
					doNotCall: 'numbers',
					doNotCallNumbers: '+14155550101',
					dryRunReport: true,
					callConfig: {
						callStartTime: '09:00',
						callEndTime: '17:00',
						timezone: 'America/New_York',
						// After the window closes, the night before the change to daylight saving.
						scheduledAt: '2030-03-09T20:00:00',
					},
				},
				{ dryRun: true },
			),
		});
		expect(error).toBeUndefined();
		const s = summary({ do_not_call: 1, invalid_number: 1 });
		// Sent as the window's next opening: the moment it may first ring.
		const callTime = {
			call_start_time: '09:00',
			call_end_time: '17:00',
			timezone: 'America/New_York',
			scheduled_at: '2030-03-10T09:00:00',
		};
		const window = {
			timezone: 'America/New_York',
			window_start: '09:00',
			window_end: '17:00',
			first_call_at: '2030-03-10T09:00:00',
		};
		expect(output.map((o) => o.json)).toEqual([
			{ dry_run: true, ...listed('+14155550101'), summary: s },
			{
				dry_run: true,
				skipped: 'invalid_number',
				problem:
					'Phone Number: "12" is not a phone number in international format with country code, e.g. +14155550100 [item 1]',
				summary: s,
			},
			{
				dry_run: true,
				body: { ...sent('+14155550100', 'Row 2'), call_config: { call_time: callTime } },
				call_window: window,
				summary: s,
			},
			{
				dry_run: true,
				body: { ...sent('+14155550103', 'Row 3'), call_config: { call_time: callTime } },
				warnings: ['Phone Number "+1 415 555 0103" is sent as +14155550103'],
				call_window: window,
				summary: s,
			},
		]);
		expect(output.map((o) => o.pairedItem)).toEqual([0, 1, 2, 3].map((item) => ({ item })));
	});
});

describe('Call › Start: Dry Run Report with the prompt check', () => {
	test('a row lacking a variable is skipped with why; the one request is the assistant read', async () => {
		// The only mock: one read of the assistant, nothing else.
		mockApi()
			.get(`/agent/${AGENT}`)
			.reply(200, agentAnswer(['clinic']));
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			items: [
				{ json: { name: 'A', phone: '+14155550100', clinic: 'East' } },
				{ json: { name: 'B', phone: '+14155550101', clinic: '' } },
			],
			parameters: params(
				{ dryRunReport: true, variablesMode: 'row', variablesExclude: 'name, phone' },
				{ dryRun: true, missingVariables: 'refuse' },
			),
		});
		expect(error).toBeUndefined();
		const summary = dryRunSummary(2, 1, { missing_prompt_variable: 1 });
		expect(output.map((o) => o.json)).toEqual([
			{
				dry_run: true,
				body: { ...sent('+14155550100', 'A'), custom_args_values: { clinic: 'East' } },
				prompt_variables: { uses: ['clinic'], missing: [] },
				summary,
			},
			{
				dry_run: true,
				skipped: 'missing_prompt_variable',
				problem: expect.stringMatching(/^Custom Variables: .*@\{\{clinic\}\}.* \[item 1\]$/),
				summary,
			},
		]);
	});
});

describe('Call › Start: Do Not Call, whatever the formatting', () => {
	test('property: no number on the list is ever sent; every other row is', async () => {
		const sheet = fc
			.uniqueArray(phoneNumber, { minLength: 1, maxLength: 4, selector: e164 })
			.chain((numbers) =>
				fc.tuple(
					fc.constant(numbers),
					fc.tuple(...numbers.map(writtenAs)),
					fc.tuple(...numbers.map(writtenAs)),
					fc.array(fc.boolean(), { minLength: numbers.length, maxLength: numbers.length }),
				),
			);
		await fc.assert(
			fc.asyncProperty(sheet, async ([numbers, rowForms, listForms, onList]) => {
				const sentTo = recordSentTo();
				// Rows and list each written in their own way, numbers of both countries mixed:
				// the country code field completes only the numbers of its own country.
				const cc = `+${numbers[0].cc}`;
				const written = (forms: string[], n: number) =>
					numbers[n].cc === numbers[0].cc ? forms[n] : e164(numbers[n]);
				const list = numbers.flatMap((_, n) => (onList[n] ? [written(listForms, n)] : []));
				try {
					const { output, error } = await runNode({
						type: 'voiceAgentCalling',
						items: numbers.map((_, n) => ({ json: { name: 'R', phone: written(rowForms, n) } })),
						parameters: params(
							{ doNotCall: 'numbers', doNotCallNumbers: list.join('\n') },
							{ defaultCountryCode: cc },
						),
					});
					expect(error).toBeUndefined();
					expect(sentTo.sort()).toEqual(
						numbers
							.filter((_, n) => !onList[n])
							.map(e164)
							.sort(),
					);
					numbers.forEach((n, i) => {
						if (onList[i]) expect(output[i].json).toEqual(listed(e164(n)));
					});
				} finally {
					nock.cleanAll();
				}
			}),
			{ numRuns: 40 },
		);
	});
});

/**
 * Call › Start: which number each row calls, as the requests show it. A "(0)" after the
 * country code is dropped; full-width digits are read; "011" under +1 is international; a
 * number no country can have (555-0102 with +1) is refused on its row, never sent, and a Dry
 * Run does not count it as called; the Do Not Call list is read the same way, an impossible
 * entry named; a list entry without its country code is completed with every row's Default
 * Country Code, so a mixed-country sheet calls nobody listed.
 */
import fc from 'fast-check';
import nock from 'nock';
import type { INodeExecutionData } from 'n8n-workflow';

import { expectAllMocksUsed, mockApi, runNode } from '../../../../helpers/harness';
import {
	anyE164,
	anyNumber,
	impossibleUnderPlusOne,
	writtenUnder,
} from '../../../../helpers/phoneFormats';
import { answer, listed, params, recordSentTo, rows, sent } from '../../../../helpers/startRows';

beforeAll(() => nock.disableNetConnect());
expectAllMocksUsed();

const callId = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

describe('Call › Start: numbers no country can have are refused, never sent', () => {
	test('with Default Country Code +1, 555-0102 and 415 555 010 are refused naming the row', async () => {
		mockApi()
			.post('/calling/outbound/individual', sent('+14155550100', 'Row 2'))
			.reply(200, answer(1));
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			continueOnFail: true,
			items: rows('555-0102', '415 555 010', '(415) 555-0100'),
			parameters: params(),
		});
		expect(error).toBeUndefined();
		expect(output.map((o) => o.json.error)).toEqual([
			'Phone Number: "555-0102" is not a possible phone number: +15550102 has 7 digits after +1, where numbers have 10 [item 0]',
			'Phone Number: "415 555 010" is not a possible phone number: +1415555010 has 9 digits after +1, where numbers have 10 [item 1]',
			undefined,
		]);
		expect(output[2].json).toMatchObject({ call_id: callId(1) });
	});

	test('without Continue On Fail the first impossible row stops the batch, nobody called', async () => {
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			items: rows('+14155550100', '555-0102'),
			parameters: params(),
		});
		expect(error?.message).toBe(
			'Phone Number: "555-0102" is not a possible phone number: +15550102 has 7 digits after +1, where numbers have 10 [item 1]',
		);
	});

	test('Dry Run Report counts them as invalid numbers, not as would call', async () => {
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			items: rows('555-0102', '415 555 010', '4155550100'),
			parameters: params({ dryRunReport: true }, { dryRun: true }),
		});
		expect(error).toBeUndefined();
		expect(output.map((o) => o.json.skipped)).toEqual([
			'invalid_number',
			'invalid_number',
			undefined,
		]);
		expect(output[2].json.body).toEqual(sent('+14155550100', 'Row 2'));
		expect(output[0].json.summary).toMatchObject({ rows: 3, would_call: 1 });
	});
});

describe('Call › Start: how a number is read', () => {
	test('"(0)" after the country code is dropped', async () => {
		mockApi()
			.post('/calling/outbound/individual', sent('+442079460000', 'Row 0'))
			.reply(200, answer(1));
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			items: rows('+44 (0)20 7946 0000'),
			parameters: params(),
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ call_id: callId(1) });
	});

	test('full-width digits, plus and spaces are read', async () => {
		mockApi()
			.post('/calling/outbound/individual', sent('+14155550101', 'Row 0'))
			.reply(200, answer(1));
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			items: rows('＋１ ４１５ ５５５ ０１０１'),
			parameters: params(),
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({ call_id: callId(1) });
	});

	test("a national number is read by its country's prefix: Italy keeps the 0, Hungary drops 06", async () => {
		mockApi()
			.post('/calling/outbound/individual', sent('+390612345678', 'Row 0'))
			.reply(200, answer(1))
			.post('/calling/outbound/individual', sent('+3612345678', 'Row 1'))
			.reply(200, answer(2));
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			items: [
				{ json: { name: 'Row 0', phone: '06 1234 5678', cc: '+39' } },
				{ json: { name: 'Row 1', phone: '06 1 234 5678', cc: '+36' } },
			],
			parameters: params({}, { defaultCountryCode: '={{ $json.cc }}' }),
		});
		expect(error).toBeUndefined();
		expect(output.map((o) => o.json.call_id)).toEqual([callId(1), callId(2)]);
	});

	test('a number that is also the country code and a number is refused as ambiguous, naming the row', async () => {
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			continueOnFail: true,
			items: rows('39 0612345'),
			parameters: params({}, { defaultCountryCode: '+39' }),
		});
		expect(error).toBeUndefined();
		expect(output.map((o) => o.json.error)).toEqual([
			'Phone Number: "39 0612345" is ambiguous with country code +39: it can be +39390612345 or +390612345; write the number meant in full, with + and its country code [item 0]',
		]);
	});

	test('a "(0)" inside the number is refused: which number is meant cannot be told', async () => {
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			items: rows('+44 20 (0)7946 0000'),
			parameters: params(),
		});
		expect(error?.message).toBe(
			'Phone Number: "+44 20 (0)7946 0000" is not a phone number in international format with country code, e.g. +14155550100 [item 0]',
		);
	});
});

describe('Call › Start: the Do Not Call list, read as the rows are', () => {
	test('a listed "+44 20 7946 0000" stops a row written "+44 (0)20 7946 0000", and the other way round', async () => {
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			items: rows('+44 (0)20 7946 0000', '+44 20 7946 0001'),
			parameters: params({
				doNotCall: 'numbers',
				doNotCallNumbers: '+44 20 7946 0000\n0044 (0)20 7946 0001',
			}),
		});
		expect(error).toBeUndefined();
		expect(output.map((o) => o.json)).toEqual([listed('+442079460000'), listed('+442079460001')]);
	});

	test('with +1, a listed "011 65 9123 4567" is +6591234567: that row is skipped', async () => {
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			items: rows('+65 9123 4567'),
			parameters: params({ doNotCall: 'numbers', doNotCallNumbers: '011 65 9123 4567' }),
		});
		expect(error).toBeUndefined();
		expect(output.map((o) => o.json)).toEqual([listed('+6591234567')]);
	});

	test('an impossible entry is named and nobody is called', async () => {
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			items: rows('+14155550100'),
			parameters: params({ doNotCall: 'numbers', doNotCallNumbers: '+14155550101\n555-0102' }),
		});
		expect(error?.message).toBe(
			'Do Not Call: 1 entry is not a phone number (fix or remove it; nobody was called): Do Not Call Numbers › entry 2 "555-0102": is not a possible phone number: +15550102 has 7 digits after +1, where numbers have 10 [item 0]',
		);
	});

	test('a CSV without a header whose first line is in full-width digits: that number is listed', async () => {
		mockApi()
			.post('/calling/outbound/individual', sent('+14155550100', 'Row 1'))
			.reply(200, answer(1));
		const items = rows('4155550101', '4155550100', '4155550102');
		items[0].binary = {
			data: {
				data: Buffer.from('＋１ ４１５ ５５５ ０１０１\n+1 415 555 0102\n', 'utf8').toString(
					'base64',
				),
				mimeType: 'text/csv',
				fileName: 'optout.csv',
			},
		};
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			items,
			parameters: params({ doNotCall: 'binary', doNotCallBinaryProperty: 'data' }),
		});
		expect(error).toBeUndefined();
		expect(output.map((o) => o.json.skipped ?? o.json.call_id)).toEqual([
			'do_not_call',
			callId(1),
			'do_not_call',
		]);
	});

	test("mixed country codes: a listed national number stops it in every row's country", async () => {
		// Matched with the first row's code only, the list held +444155550101 and the US row
		// +14155550101 was called.
		mockApi()
			.post('/calling/outbound/individual', sent('+442079460000', 'Row 0'))
			.reply(200, answer(1));
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			items: [
				{ json: { name: 'Row 0', phone: '020 7946 0000', cc: '+44' } },
				{ json: { name: 'Row 1', phone: '(415) 555-0101', cc: '+1' } },
				// No code of its own: written in full, it is still the listed number.
				{ json: { name: 'Row 2', phone: '+1 415 555 0101', cc: '' } },
				{ json: { name: 'Row 3', phone: '415 555 0101', cc: '+44' } },
			],
			parameters: params(
				{ doNotCall: 'numbers', doNotCallNumbers: '415 555 0101' },
				{ defaultCountryCode: '={{ $json.cc }}' },
			),
		});
		expect(error).toBeUndefined();
		expect(output.map((o) => o.json)).toEqual([
			expect.objectContaining({ call_id: callId(1) }),
			listed('+14155550101'),
			listed('+14155550101'),
			listed('+444155550101'),
		]);
	});
});

describe('Call › Start: hostile forms and mixed country codes', () => {
	const CODES = ['1', '44', '91', '65'];
	/** Rows of numbers (national digits all different), each with its own Default Country Code. */
	const sheet = fc
		.uniqueArray(anyNumber, { minLength: 1, maxLength: 5, selector: (n) => n.national })
		.chain((numbers) =>
			fc.tuple(
				fc.constant(numbers),
				fc.tuple(...numbers.map((n) => fc.constantFrom(n.cc, '', ...CODES))),
				fc.array(fc.boolean(), { minLength: numbers.length, maxLength: numbers.length }),
				fc.array(impossibleUnderPlusOne, { maxLength: 2 }),
			),
		)
		.chain(([numbers, codes, onList, impossible]) => {
			const runCodes = [
				...new Set([...codes.filter(Boolean), ...(impossible.length ? ['1'] : [])]),
			];
			return fc.tuple(
				fc.constant(numbers),
				fc.constant(codes),
				fc.constant(onList),
				fc.constant(impossible),
				fc.tuple(...numbers.map((n, i) => writtenUnder(n, codes[i]))),
				fc.tuple(
					...numbers.map((n) =>
						fc.constantFrom('', ...runCodes).chain((code) => writtenUnder(n, code)),
					),
				),
			);
		});

	test('property: no listed number is ever sent; every row gets one outcome: called, skipped or refused', async () => {
		await fc.assert(
			fc.asyncProperty(sheet, async ([numbers, codes, onList, impossible, rowForms, listForms]) => {
				const sentTo = recordSentTo();
				const items: INodeExecutionData[] = [
					...numbers.map((_, i) => ({
						json: { name: 'R', phone: rowForms[i], cc: codes[i] ? `+${codes[i]}` : '' },
					})),
					...impossible.map((phone) => ({ json: { name: 'X', phone, cc: '+1' } })),
				];
				try {
					const { output, error } = await runNode({
						type: 'voiceAgentCalling',
						continueOnFail: true,
						items,
						parameters: params(
							{
								doNotCall: 'numbers',
								doNotCallNumbers: listForms.filter((_, i) => onList[i]).join('\n'),
							},
							{ defaultCountryCode: '={{ $json.cc }}' },
						),
					});
					expect(error).toBeUndefined();
					const listedNumbers = numbers.filter((_, i) => onList[i]).map(anyE164);
					for (const number of listedNumbers) expect(sentTo).not.toContain(number);
					expect(sentTo.sort()).toEqual(
						numbers
							.filter((_, i) => !onList[i])
							.map(anyE164)
							.sort(),
					);
					expect(output).toHaveLength(items.length);
					output.forEach((o, i) => {
						const outcomes = ['call_id', 'skipped', 'error'].filter((k) => k in o.json);
						expect(outcomes).toHaveLength(1);
						if (i < numbers.length) {
							expect(o.json).toEqual(
								onList[i]
									? listed(anyE164(numbers[i]))
									: expect.objectContaining({ call_id: callId(1) }),
							);
						} else {
							expect(o.json.error).toMatch(/^Phone Number: /);
						}
					});
				} finally {
					nock.cleanAll();
				}
			}),
			{ numRuns: 50 },
		);
	});
});

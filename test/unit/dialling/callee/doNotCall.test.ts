/**
 * The do-not-call list as a set (doNotCall.ts): entries of every source, unreadable entries
 * named. Dry Run's report (preview.ts) is tested in preview.test.ts.
 */
import fc from 'fast-check';

import { calleeNumber } from '../../../../nodes/shared/dialling/callee/values';
import {
	buildDoNotCall,
	entriesOfCsv,
	entriesOfValue,
	unreadableText,
	type ListEntries,
} from '../../../../nodes/shared/dialling/callee/doNotCall';
import {
	anyE164,
	anyNumber,
	e164,
	phoneNumber,
	writtenAs,
	writtenUnder,
} from '../../../helpers/phoneFormats';

describe('the list', () => {
	test('text: split on commas and new lines, blanks skipped, every entry cleaned like a row', () => {
		const list = buildDoNotCall(
			entriesOfValue('+1 (415) 555-0100,\n 4155550101 \r\n\n0014155550102', 'Numbers', ''),
			'+1',
		);
		expect([...list.numbers]).toEqual(['+14155550100', '+14155550101', '+14155550102']);
		expect(list.unreadable).toEqual([]);
	});

	test('a list: numbers, texts, objects and items by their Number Field', () => {
		const entries = entriesOfValue(
			[4155550100, '415 555 0101', { tel: '4155550102' }, { json: { tel: '+14155550103' } }],
			'Numbers',
			'tel',
		);
		expect([...buildDoNotCall(entries, '+1').numbers]).toEqual([
			'+14155550100',
			'+14155550101',
			'+14155550102',
			'+14155550103',
		]);
	});

	test("items by n8n's item rule (engine/items.ts): metadata, binary, pairedItem unwrapped; a json key beside columns is data", () => {
		const entries = entriesOfValue(
			[
				// An Execute Workflow node's output.
				{
					json: { tel: '4155550100' },
					pairedItem: { item: 0 },
					metadata: { subExecution: { executionId: '7', workflowId: 'w' } },
				},
				{ json: { tel: '4155550101' }, binary: { data: { data: '', mimeType: 'text/csv' } } },
				{ json: { tel: '4155550102' }, pairedItem: 0 },
				{ tel: '4155550103' },
				// Data that merely has a json key: its own Number Field is read.
				{ json: { tel: '4155550198' }, tel: '4155550104' },
				{ json: 'note', tel: '4155550105' },
			],
			'Numbers',
			'tel',
		);
		expect(entries.values).toEqual([
			'4155550100',
			'4155550101',
			'4155550102',
			'4155550103',
			'4155550104',
			'4155550105',
		]);
	});

	test('an object without a Number Field, and entries that are not numbers, are named', () => {
		const list = buildDoNotCall(
			entriesOfValue([{ tel: '4155550100' }, 'opted out', true], 'Numbers', ''),
			'+1',
		);
		expect(list.numbers.size).toBe(0);
		expect(list.unreadable.map((u) => [u.where, u.entry])).toEqual([
			['Numbers › entry 1 (an object: name its Number Field)', '{"tel":"4155550100"}'],
			['Numbers › entry 2', 'opted out'],
			['Numbers › entry 3', 'true'],
		]);
		expect(unreadableText(list.unreadable, 2)).toBe(
			'Numbers › entry 1 (an object: name its Number Field) "{"tel":"4155550100"}": an object is not text; Numbers › entry 2 "opted out": is not a phone number in international format with country code, e.g. +14155550100; and 1 more',
		);
	});

	/** Each entry with where it is, as a message would name it. */
	const named = (read: ListEntries | { problem: string }) =>
		'problem' in read ? read : read.values.map((v, n) => [v, read.whereOf(n)]);

	test('CSV: the column named on the first line; else the first column below a header', () => {
		expect(named(entriesOfCsv('name,tel\nAda,"(415) 555-0100"\n', 'f.csv', 'tel'))).toEqual([
			['(415) 555-0100', 'f.csv line 2 › tel'],
		]);
		expect(named(entriesOfCsv('phone\n4155550100\n', 'f.csv', ''))).toEqual([
			['4155550100', 'f.csv line 2'],
		]);
		expect(named(entriesOfCsv('4155550100\n\n4155550101', 'f.csv', ''))).toEqual([
			['4155550100', 'f.csv line 1'],
			['4155550101', 'f.csv line 3'],
		]);
		expect(entriesOfCsv('a,b\n1,2\n', 'f.csv', 'tel')).toEqual({
			problem: 'has no column "tel" (its columns: a, b)',
		});
		expect(entriesOfCsv('"open\n', 'f.csv', '')).toEqual({
			problem: 'is not a CSV file: a quoted field opened on line 1 is never closed',
		});
	});

	test('an entry already in E.164 is taken as is; one that only looks like it is cleaned', () => {
		const list = buildDoNotCall(entriesOfValue(['+14155550100', '+1 415 555 0101'], 'N', ''), '+1');
		expect([...list.numbers]).toEqual(['+14155550100', '+14155550101']);
	});

	test('CSV without a header: a first line in full-width digits is a number, not a header', () => {
		const read = entriesOfCsv('＋１ ４１５ ５５５ ０１０１\n+14155550102\n', 'f.csv', '');
		expect(named(read)).toEqual([
			['＋１ ４１５ ５５５ ０１０１', 'f.csv line 1'],
			['+14155550102', 'f.csv line 2'],
		]);
		const list = buildDoNotCall(read as ListEntries, '+1');
		expect([...list.numbers]).toEqual(['+14155550101', '+14155550102']);
		// A first line with digits of another script is not taken for a header either: named.
		expect(named(entriesOfCsv('٤١٥٥٥٥٠١٠١\n', 'f.csv', ''))).toEqual([
			['٤١٥٥٥٥٠١٠١', 'f.csv line 1'],
		]);
	});

	test('text in full-width digits and commas is read as ASCII', () => {
		const list = buildDoNotCall(
			entriesOfValue('４１５ ５５５ ０１０１，＋４４ (０)２０ ７９４６ ００００', 'N', ''),
			'+1',
		);
		expect([...list.numbers]).toEqual(['+14155550101', '+442079460000']);
		expect(list.unreadable).toEqual([]);
	});

	test('"011" with +1 is international; "(0)" after the code dropped; impossible entries named', () => {
		const list = buildDoNotCall(
			entriesOfValue(
				['011 65 9123 4567', '+44 (0)20 7946 0000', '555-0102', '+4402079460000', '+1 415 555 010'],
				'Numbers',
				'',
			),
			'+1',
		);
		expect([...list.numbers]).toEqual(['+6591234567', '+442079460000']);
		expect(unreadableText(list.unreadable, 5)).toBe(
			[
				'Numbers › entry 3 "555-0102": is not a possible phone number: +15550102 has 7 digits after +1, where numbers have 10',
				'Numbers › entry 4 "+4402079460000": is not a possible phone number: +4402079460000 has 11 digits after +44, where numbers have 7, 9 or 10',
				'Numbers › entry 5 "+1 415 555 010": is not a possible phone number: +1415555010 has 9 digits after +1, where numbers have 10',
			].join('; '),
		);
	});

	test("an entry without its country code stands for that number in each of the run's countries", () => {
		const list = buildDoNotCall(
			entriesOfValue(['415 555 0101', '+6591234567', '011 65 9123 4568', '20 7946 0000'], 'N', ''),
			['+1', '+44'],
		);
		expect([...list.numbers].sort()).toEqual(
			[
				'+14155550101',
				'+444155550101',
				'+6591234567',
				// Only +1 reads 011 as international; +44 makes it +44116591234568, impossible.
				'+6591234568',
				'+442079460000',
				'+12079460000',
			].sort(),
		);
		expect(list.unreadable).toEqual([]);
	});

	test('an entry no country code of the run makes possible is named, with the first reason', () => {
		const list = buildDoNotCall(entriesOfValue(['011 65 9123 4567'], 'N', ''), ['+44']);
		expect(list.numbers.size).toBe(0);
		expect(unreadableText(list.unreadable)).toBe(
			'N › entry 1 "011 65 9123 4567": is not a possible phone number: +44116591234567 has 12 digits after +44, where numbers have 7, 9 or 10',
		);
	});

	test('property: a listed number matches the row whatever the formatting of either', () => {
		fc.assert(
			fc.property(
				phoneNumber.chain((n) => fc.tuple(fc.constant(n), writtenAs(n), writtenAs(n))),
				([n, listedAs, rowAs]) => {
					const cc = `+${n.cc}`;
					const list = buildDoNotCall({ values: [listedAs], whereOf: () => 'x' }, cc);
					const row = calleeNumber(rowAs, cc);
					return row.ok && row.number === e164(n) && list.numbers.has(row.number);
				},
			),
			{ numRuns: 500 },
		);
	});
});

describe('the list against hostile forms and mixed country codes', () => {
	const CODES = ['1', '44', '91', '65'] as const;
	/** Numbers (national digits all different), each row's Default Country Code ('' for none). */
	const sheet = fc
		.uniqueArray(anyNumber, { minLength: 1, maxLength: 6, selector: (n) => n.national })
		.chain((numbers) =>
			fc.tuple(
				fc.constant(numbers),
				fc.tuple(...numbers.map((n) => fc.constantFrom(n.cc, '', ...CODES))),
				fc.array(fc.boolean(), { minLength: numbers.length, maxLength: numbers.length }),
			),
		)
		.chain(([numbers, codes, onList]) => {
			// A list entry is written as under any code the run completes numbers with, or none.
			const runCodes = [...new Set(codes.filter(Boolean))];
			return fc.tuple(
				fc.constant(numbers),
				fc.constant(codes),
				fc.constant(onList),
				fc.tuple(...numbers.map((n, i) => writtenUnder(n, codes[i]))),
				fc.tuple(
					...numbers.map((n) =>
						fc.constantFrom('', ...runCodes).chain((code) => writtenUnder(n, code)),
					),
				),
			);
		});

	test('property: every row reads as its number; a listed one is on the list, no other is', () => {
		fc.assert(
			fc.property(sheet, ([numbers, codes, onList, rowForms, listForms]) => {
				const runCodes = [...new Set(codes.filter(Boolean))].map((c) => `+${c}`);
				const entries = listForms.filter((_, i) => onList[i]);
				const list = buildDoNotCall({ values: entries, whereOf: (n) => `entry ${n}` }, runCodes);
				expect(list.unreadable).toEqual([]);
				numbers.forEach((n, i) => {
					const row = calleeNumber(rowForms[i], codes[i] ? `+${codes[i]}` : '');
					expect(row).toMatchObject({ ok: true, number: anyE164(n) });
					expect(list.numbers.has(anyE164(n))).toBe(onList[i]);
				});
			}),
			{ numRuns: 500 },
		);
	});
});

import fc from 'fast-check';

import {
	csvFile,
	csvLine,
	parseCsv,
} from '../../../../../nodes/VoiceAgentCampaign/actions/campaign/create/csv';
import {
	campaignTime,
	windowProblem,
} from '../../../../../nodes/VoiceAgentCampaign/actions/campaign/create/schedule';
import { multipartBody } from '../../../../../nodes/shared/http/multipart';
import { parseMultipart } from '../../../../helpers/multipart';

const written = (header: string[], rows: string[][]) => {
	const file = csvFile(header, rows.length, (n) => rows[n]);
	const body = multipartBody([
		{ name: 'file', filename: 'c.csv', contentType: 'text/csv', data: file.writer },
	]);
	return { file, text: parseMultipart(body.body, body.contentType).files[0].data.toString('utf8') };
};

describe('campaign CSV', () => {
	test('RFC 4180: quotes only where needed, doubled quotes, CRLF', () => {
		expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', ' x '])).toBe(
			'a,"b,c","say ""hi""","two\nlines", x \r\n',
		);
	});

	test('the file written into the body is its header and rows, its hash over exactly those bytes', () => {
		const { file, text } = written(
			['Mobile Number', 'name'],
			[
				['+14155550100', 'Zoë'],
				['+14155550101', 'A, B'],
			],
		);
		expect(text).toBe('Mobile Number,name\r\n+14155550100,Zoë\r\n+14155550101,"A, B"\r\n');
		expect(file.writer.byteLength).toBe(Buffer.byteLength(text));
		expect(file.sha256).toBe(require('crypto').createHash('sha256').update(text).digest('hex'));
	});

	test('whatever the cells, parsing what was written gives them back', () => {
		const cell = fc.string({ unit: 'grapheme', maxLength: 12 });
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 4 }).chain((width) =>
					fc.tuple(
						fc.array(
							cell.filter((c) => c.trim() === c && c !== ''),
							{ minLength: width, maxLength: width },
						),
						fc.array(fc.array(cell, { minLength: width, maxLength: width }), { maxLength: 6 }),
					),
				),
				([header, rows]) => {
					const { text } = written(header, rows);
					const parsed = parseCsv(text).map((r) => r.cells);
					// A row of one empty cell is a blank line, which readers skip.
					const kept = rows.filter((r) => !(r.length === 1 && r[0] === ''));
					expect(parsed).toEqual([header, ...kept]);
				},
			),
		);
	});

	test('reading: a byte-order mark is dropped, LF and CRLF both end rows, lines are numbered', () => {
		expect(parseCsv('\ufeffa,b\n"x\ny",2\r\n\r\nz,3')).toEqual([
			{ line: 1, cells: ['a', 'b'] },
			{ line: 2, cells: ['x\ny', '2'] },
			{ line: 5, cells: ['z', '3'] },
		]);
		expect(() => parseCsv('a\n"open')).toThrow('a quoted field opened on line 2 is never closed');
	});
});

describe('campaign times', () => {
	test('DD/MM/YYYY, HH:MM in the zone: an end rounded down, a start up (never before it)', () => {
		const at = Date.parse('2027-01-14T23:59:59Z');
		expect(campaignTime(at, 'UTC')).toBe('14/01/2027, 23:59');
		expect(campaignTime(at, 'Asia/Kolkata')).toBe('15/01/2027, 05:29');
		expect(campaignTime(at, 'America/New_York')).toBe('14/01/2027, 18:59');
		expect(campaignTime(at, 'UTC', 'up')).toBe('15/01/2027, 00:00');
		expect(campaignTime(Date.parse('2027-01-15T00:00:00Z'), 'UTC', 'up')).toBe('15/01/2027, 00:00');
	});

	test('the start must be ahead of now, the end a minute after its minute', () => {
		const now = Date.parse('2027-01-15T09:30:20Z');
		expect(windowProblem(now, now + 3600e3, now)?.field).toBe('Start');
		// 09:30:50 is sent as 09:31: ahead of now, never before the Start given.
		expect(windowProblem(Date.parse('2027-01-15T09:30:50Z'), now + 3600e3, now)).toBeUndefined();
		expect(
			windowProblem(Date.parse('2027-01-15T09:30:50Z'), Date.parse('2027-01-15T09:31:59Z'), now)
				?.field,
		).toBe('End');
		expect(
			windowProblem(Date.parse('2027-01-15T09:31:00Z'), Date.parse('2027-01-15T09:31:59Z'), now)
				?.field,
		).toBe('End');
		expect(
			windowProblem(Date.parse('2027-01-15T09:31:00Z'), Date.parse('2027-01-15T09:32:00Z'), now),
		).toBeUndefined();
	});
});

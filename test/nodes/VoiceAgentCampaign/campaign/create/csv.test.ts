import fc from 'fast-check';

import {
	csvFile,
	csvLine,
	parseCsv,
} from '../../../../../nodes/VoiceAgentCampaign/actions/campaign/create/csv';
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
});

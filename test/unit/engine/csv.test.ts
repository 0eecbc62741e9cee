/** Reading a CSV file a user gives: RFC 4180 quoting, both line ends, rows numbered. */
import { parseCsv } from '../../../nodes/shared/engine/csv';

test('reading: a byte-order mark is dropped, LF and CRLF both end rows, lines are numbered', () => {
	expect(parseCsv('\ufeffa,b\n"x\ny",2\r\n\r\nz,3')).toEqual([
		{ line: 1, cells: ['a', 'b'] },
		{ line: 2, cells: ['x\ny', '2'] },
		{ line: 5, cells: ['z', '3'] },
	]);
	expect(() => parseCsv('a\n"open')).toThrow('a quoted field opened on line 2 is never closed');
});

/**
 * CSV as RFC 4180 has it (comma, CRLF, fields quoted when they hold a comma, quote or line
 * break, quotes doubled), UTF-8 without a byte-order mark: the contacts file of a campaign.
 */
import { createHash } from 'crypto';

import type { PartWriter } from '../../../../shared/http/multipart';

const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: string): string {
	return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvLine(cells: readonly string[]): string {
	return `${cells.map(csvField).join(',')}\r\n`;
}

export interface CsvFile {
	/** Writes the file straight into the upload body (see multipart.ts). */
	writer: PartWriter;
	/** SHA-256 of the file's bytes, hex. */
	sha256: string;
}

/**
 * The file of a header and `count` rows, written in two passes (sizes and hash first, then
 * the bytes into the body), each row's cells made when written: only the body holds the file,
 * and 50,000 rows are never kept as text or as cells besides it.
 */
export function csvFile(
	header: readonly string[],
	count: number,
	cellsOf: (n: number) => readonly string[],
): CsvFile {
	const hash = createHash('sha256');
	const head = csvLine(header);
	let byteLength = Buffer.byteLength(head, 'utf8');
	hash.update(head, 'utf8');
	for (let n = 0; n < count; n++) {
		const line = csvLine(cellsOf(n));
		byteLength += Buffer.byteLength(line, 'utf8');
		hash.update(line, 'utf8');
	}
	return {
		sha256: hash.digest('hex'),
		writer: {
			byteLength,
			writeInto(target, offset) {
				let at = offset + target.write(head, offset, 'utf8');
				for (let n = 0; n < count; n++) at += target.write(csvLine(cellsOf(n)), at, 'utf8');
				if (at - offset !== byteLength) throw new Error('the CSV changed while it was written');
			},
		},
	};
}

/** Reading CSV is shared: a Do Not Call list may come as a CSV file too. */
export { parseCsv } from '../../../../shared/engine/csv';

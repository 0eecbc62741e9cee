// @ts-check
'use strict';

/**
 * CSV as RFC 4180 writes it, read strictly so that a client's quoting mistakes show up:
 * fields separated by commas, records by CRLF or LF; a field that holds a comma, a quote or a
 * line break is quoted, a quote inside it doubled. UTF-8, with or without a byte-order mark.
 * A quote inside an unquoted field, text after a closing quote, an unterminated quote or bytes
 * that are not UTF-8 make the whole file unreadable (CsvError).
 */

class CsvError extends Error {}

/** @param {Buffer} bytes @returns {string} the text, without a byte-order mark */
function decode(bytes) {
	try {
		// ignoreBOM false: a leading BOM is consumed, not returned.
		return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
	} catch {
		throw new CsvError('not UTF-8');
	}
}

/**
 * The records of a CSV file, each a list of its fields (blank lines left out).
 * @param {Buffer | string} input @returns {string[][]}
 */
function parseCsv(input) {
	const text = typeof input === 'string' ? input.replace(/^\uFEFF/, '') : decode(input);
	/** @type {string[][]} */
	const records = [];
	/** @type {string[]} */
	let record = [];
	let field = '';
	let quoted = false;
	const where = () => `record ${records.length + 1}`;
	const endField = () => {
		record.push(field);
		field = '';
		quoted = false;
	};
	const endRecord = () => {
		// A blank line is one empty, unquoted field: not a record.
		const blank = record.length === 0 && field === '' && !quoted;
		endField();
		if (!blank) records.push(record);
		record = [];
	};
	const n = text.length;
	let i = 0;
	while (i < n) {
		const ch = text[i];
		if (ch === ',') {
			endField();
			i++;
		} else if (ch === '\r' || ch === '\n') {
			endRecord();
			i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
		} else if (ch === '"') {
			if (field !== '' || quoted)
				throw new CsvError(`a quote inside an unquoted field (${where()})`);
			// Up to the quote that is not doubled.
			let j = i + 1;
			for (;;) {
				const q = text.indexOf('"', j);
				if (q < 0) throw new CsvError(`an unterminated quoted field (${where()})`);
				field += text.slice(j, q);
				if (text[q + 1] !== '"') {
					i = q + 1;
					break;
				}
				field += '"';
				j = q + 2;
			}
			quoted = true;
			if (i < n && !',\r\n'.includes(text[i]))
				throw new CsvError(`text after a closing quote (${where()})`);
		} else {
			if (quoted) throw new CsvError(`text after a closing quote (${where()})`);
			let j = i;
			while (j < n && !',\r\n'.includes(text[j])) {
				if (text[j] === '"') throw new CsvError(`a quote inside an unquoted field (${where()})`);
				j++;
			}
			field += text.slice(i, j);
			i = j;
		}
	}
	// The last record, when the file does not end with a line break.
	if (field !== '' || quoted || record.length) endRecord();
	return records;
}

/** One field, quoted when it must be. @param {string} value */
function csvField(value) {
	return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Records back to CSV text (CRLF, a line break after the last record). @param {string[][]} records */
function writeCsv(records) {
	return records.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

module.exports = { parseCsv, writeCsv, CsvError };

/**
 * Reading a CSV file a user gives (a campaign's contacts, a do-not-call list).
 */

/**
 * Rows of a CSV file (a sheet exported by a user or another node): RFC 4180 quoting, CRLF or
 * LF line ends, a UTF-8 byte-order mark dropped, blank lines skipped. Throws with the line
 * number on an unclosed quote.
 */
export function parseCsv(text: string): Array<{ line: number; cells: string[] }> {
	const rows: Array<{ line: number; cells: string[] }> = [];
	let cells: string[] = [];
	let cell = '';
	let quoted = false;
	let line = 1;
	let rowLine = 1;
	let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
	const endRow = () => {
		cells.push(cell);
		if (!(cells.length === 1 && cells[0] === '')) rows.push({ line: rowLine, cells });
		cells = [];
		cell = '';
	};
	for (; i < text.length; i++) {
		const c = text[i];
		if (quoted) {
			if (c === '"') {
				if (text[i + 1] === '"') {
					cell += '"';
					i++;
				} else quoted = false;
			} else {
				if (c === '\n') line++;
				cell += c;
			}
		} else if (c === '"' && cell === '') quoted = true;
		else if (c === ',') {
			cells.push(cell);
			cell = '';
		} else if (c === '\n' || c === '\r') {
			if (c === '\r' && text[i + 1] === '\n') i++;
			endRow();
			line++;
			rowLine = line;
		} else cell += c;
	}
	if (quoted) throw new Error(`a quoted field opened on line ${rowLine} is never closed`);
	if (cell !== '' || cells.length) endRow();
	return rows;
}

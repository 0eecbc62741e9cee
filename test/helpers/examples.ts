/** What the tests of the shipped examples share. */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The contacts file as Extract From File hands it on: one item per row, every value text. */
export const contactItems = () => {
	const [head, ...lines] = fs
		.readFileSync(path.join(__dirname, '../../examples/files/campaign/contacts.csv'), 'utf8')
		.trim()
		.split(/\r?\n/);
	const columns = head.split(',');
	return lines.map((line) => ({
		json: Object.fromEntries(line.split(',').map((v, n) => [columns[n], v])),
	}));
};

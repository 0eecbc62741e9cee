/**
 * The README is for users: at most 300 lines (depth goes to docs/), and every link it has to a
 * file of the repository (and its #section) leads somewhere.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '../..');
const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as dashes. */
const anchor = (heading: string) =>
	heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N} -]/gu, '')
		.replace(/ /g, '-');

test('the README stays within 300 lines', () => {
	expect(README.trimEnd().split('\n').length).toBeLessThanOrEqual(300);
});

test('every link of the README to the repository leads to a file, and every #section exists', () => {
	const broken: string[] = [];
	for (const [, target] of README.matchAll(/\]\(([^)\s]+)\)/g)) {
		if (/^[a-z]+:/.test(target)) continue;
		const [file, section] = target.split('#');
		const at = file ? path.join(ROOT, file) : path.join(ROOT, 'README.md');
		if (!existsSync(at)) {
			broken.push(target);
			continue;
		}
		if (section && at.endsWith('.md')) {
			const headings = readFileSync(at, 'utf8')
				.split('\n')
				.filter((line) => /^#{1,6} /.test(line))
				.map((line) => anchor(line.replace(/^#+ /, '')));
			if (!headings.includes(section)) broken.push(target);
		}
	}
	expect(broken).toEqual([]);
});

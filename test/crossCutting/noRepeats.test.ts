/**
 * No copied fixtures: a run of 6+ code lines found in two places under test/ is a builder
 * to share (test/helpers/ between files, a local function within one), so a fixture is
 * changed in one place and the tests keep saying only what they are about. The repeat scan
 * is a command-line script (it reads its arguments at load), so it is run as one; it reads
 * test/ in well under a second.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

import { ROOT } from '../helpers/sources';

const SCAN = path.join(ROOT, 'scripts/dev/repeats.js');

test('no run of 6+ code lines is repeated under test/', () => {
	const lines = execFileSync(process.execPath, [SCAN, 'test'], { cwd: ROOT, encoding: 'utf8' })
		.trim()
		.split('\n');
	// The last line is the count; the lines before it name each pair of places.
	expect(lines.slice(0, -1)).toEqual([]);
	expect(lines[lines.length - 1]).toBe('0 repeated run(s) of 6+ code lines under test/');
});

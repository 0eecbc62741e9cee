/**
 * A module one can read in one sitting: no file of nodes/ or credentials/ runs past 500 lines,
 * nor any script of the tools around them (sandbox/, scripts/, bench/, lib/, the browser
 * suite in test/ui/).
 * A file past it is split by job (as engine/params.ts was: the item readers, the checks of
 * n8n's field types, the trigger's reader). The one kind of file that may be exempt is a file
 * of field descriptions only (data the editor shows, not logic), each listed with its reason.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { filesUnder, ROOT } from '../helpers/sources';

const MAX_LINES = 500;

/** Files allowed past MAX_LINES, each with why. None today. */
const EXEMPT: Record<string, string> = {};

const lengthOf = (file: string) =>
	readFileSync(path.join(ROOT, file), 'utf8').trimEnd().split('\n').length;

const files = [...filesUnder('nodes'), ...filesUnder('credentials')];

/** The tools' JavaScript: held to the same bound, split by job the same way. */
const TOOLS = ['sandbox', 'scripts', 'bench', 'lib', 'test/ui'];
const tools = TOOLS.flatMap((dir) => filesUnder(dir, '.js'));

test(`no file of nodes/ or credentials/ is over ${MAX_LINES} lines`, () => {
	const long = files
		.filter((file) => !(file in EXEMPT))
		.map((file) => ({ file, lines: lengthOf(file) }))
		.filter(({ lines }) => lines > MAX_LINES);
	expect(long).toEqual([]);
});

test(`no script of ${TOOLS.join(', ')} is over ${MAX_LINES} lines`, () => {
	expect(TOOLS.map((dir) => tools.some((file) => file.startsWith(`${dir}/`)))).not.toContain(false);
	const long = tools
		.map((file) => ({ file, lines: lengthOf(file) }))
		.filter(({ lines }) => lines > MAX_LINES);
	expect(long).toEqual([]);
});

test('every exemption names a file that exists and needs it', () => {
	const stale = Object.keys(EXEMPT).filter(
		(file) => !files.includes(file) || lengthOf(file) <= MAX_LINES,
	);
	expect(stale).toEqual([]);
});

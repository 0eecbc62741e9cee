/**
 * Code a newcomer can read: no function of the published nodes runs past 80 lines. A field
 * description (a function whose body only returns a literal: the fields as the editor shows
 * them) is data, not a path to follow, and is not counted. The tools around the nodes (scripts/,
 * bench/, lib/, the browser suite in test/ui/) are held to the sandbox's bound, 120 lines
 * (test/sandbox/functionLength.test.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { longFunctions, sourceFiles } from '../helpers/functionLength';

const MAX_LINES = 80;
const ROOTS = ['nodes', 'credentials'].map((d) => path.join(__dirname, '../..', d));
const TOOLS_MAX_LINES = 120;
const TOOLS = ['scripts', 'bench', 'lib', 'test/ui'];

test(`no function of the nodes runs past ${MAX_LINES} lines`, () => {
	const files = ROOTS.flatMap((root) => sourceFiles(root, '.ts'));
	expect(files.flatMap((f) => longFunctions(f, readFileSync(f, 'utf8'), MAX_LINES))).toEqual([]);
});

test.each(TOOLS)(`no function of %s runs past ${TOOLS_MAX_LINES} lines`, (root) => {
	const files = sourceFiles(path.join(__dirname, '../..', root), '.js');
	expect(files.length).toBeGreaterThan(0);
	expect(files.flatMap((f) => longFunctions(f, readFileSync(f, 'utf8'), TOOLS_MAX_LINES))).toEqual(
		[],
	);
});

test('the check sees a long function (and passes over a long field description)', () => {
	const body = Array.from({ length: MAX_LINES }, (_, n) => `\tconst a${n} = ${n};`).join('\n');
	const fields = Array.from({ length: MAX_LINES }, (_, n) => `\t\tf${n}: ${n},`).join('\n');
	const dir = path.join(__dirname, '../..', 'nodes');
	const probe = (text: string) => longFunctions(path.join(dir, 'probe.ts'), text, MAX_LINES).length;
	expect(probe(`function long() {\n${body}\n}`)).toBe(1);
	expect(probe(`function fields() {\n\treturn {\n${fields}\n\t};\n}`)).toBe(0);
	expect(probe(`function fields() {\n\tif (x) y();\n\treturn {\n${fields}\n\t};\n}`)).toBe(1);
});

/**
 * The sandbox stays readable: no function of sandbox/ (plain JavaScript) runs past 120 lines.
 * A function whose body only returns a literal (data, maybe built from a few constants first)
 * is not counted, as for the nodes (test/crossCutting/functionLength.test.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { longFunctions, sourceFiles } from '../helpers/functionLength';

const MAX_LINES = 120;
const ROOT = path.join(__dirname, '../..', 'sandbox');

test(`no function of the sandbox runs past ${MAX_LINES} lines`, () => {
	const files = sourceFiles(ROOT, '.js');
	expect(files.length).toBeGreaterThan(20);
	expect(files.flatMap((f) => longFunctions(f, readFileSync(f, 'utf8'), MAX_LINES))).toEqual([]);
});

test('the check sees a long function, arrow and method (and passes over a long literal)', () => {
	const body = Array.from({ length: MAX_LINES }, (_, n) => `\tconst a${n} = ${n};`).join('\n');
	const fields = Array.from({ length: MAX_LINES }, (_, n) => `\t\tf${n}: ${n},`).join('\n');
	const probe = (text: string) =>
		longFunctions(path.join(ROOT, 'probe.js'), text, MAX_LINES).length;
	expect(probe(`function long() {\n${body}\n}`)).toBe(1);
	expect(probe(`const long = () => {\n${body}\n};`)).toBe(1);
	expect(probe(`const o = {\n\tlong() {\n${body}\n\t},\n};`)).toBe(1);
	expect(probe(`function short() {\n\treturn 1;\n}`)).toBe(0);
	expect(probe(`function fields() {\n\treturn {\n${fields}\n\t};\n}`)).toBe(0);
	expect(probe(`function fields() {\n\tif (x) y();\n\treturn {\n${fields}\n\t};\n}`)).toBe(1);
});

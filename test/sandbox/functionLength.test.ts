/**
 * The sandbox stays readable: no function of sandbox/ (plain JavaScript) runs past 120 lines.
 * A function whose body only returns a literal (data, maybe built from a few constants first)
 * is not counted, as for the nodes (test/crossCutting/functionLength.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const MAX_LINES = 120;
const REPO = path.join(__dirname, '../..');
const ROOT = path.join(REPO, 'sandbox');

function sources(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
		const p = path.join(dir, e.name);
		return e.isDirectory() ? sources(p) : p.endsWith('.js') ? [p] : [];
	});
}

/** A body without a branch or a loop that ends by returning a literal. */
function onlyReturnsLiteral(body: ts.Node): boolean {
	if (!ts.isBlock(body))
		return ts.isObjectLiteralExpression(body) || ts.isArrayLiteralExpression(body);
	const last = body.statements[body.statements.length - 1];
	if (
		!last ||
		!ts.isReturnStatement(last) ||
		!last.expression ||
		!(ts.isObjectLiteralExpression(last.expression) || ts.isArrayLiteralExpression(last.expression))
	)
		return false;
	let branches = false;
	const visit = (node: ts.Node) => {
		if (
			ts.isIfStatement(node) ||
			ts.isIterationStatement(node, false) ||
			ts.isSwitchStatement(node) ||
			ts.isTryStatement(node)
		)
			branches = true;
		else if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
	};
	body.statements.forEach(visit);
	return !branches;
}

/** Every function, arrow and method of `text` longer than MAX_LINES, as `file:line name (n lines)`. */
function longFunctions(file: string, text: string): string[] {
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
	const found: string[] = [];
	const visit = (node: ts.Node) => {
		if (ts.isFunctionLike(node) && 'body' in node && node.body) {
			const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
			const last = source.getLineAndCharacterOfPosition(node.end).line;
			if (last - first + 1 > MAX_LINES && !onlyReturnsLiteral(node.body as ts.Node)) {
				const name = (node as { name?: ts.Node }).name?.getText() ?? '(anonymous)';
				found.push(`${path.relative(REPO, file)}:${first + 1} ${name} (${last - first + 1} lines)`);
			}
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

test(`no function of the sandbox runs past ${MAX_LINES} lines`, () => {
	const files = sources(ROOT);
	expect(files.length).toBeGreaterThan(20);
	expect(files.flatMap((f) => longFunctions(f, readFileSync(f, 'utf8')))).toEqual([]);
});

test('the check sees a long function, arrow and method (and passes over a long literal)', () => {
	const body = Array.from({ length: MAX_LINES }, (_, n) => `\tconst a${n} = ${n};`).join('\n');
	const fields = Array.from({ length: MAX_LINES }, (_, n) => `\t\tf${n}: ${n},`).join('\n');
	const probe = (text: string) => longFunctions(path.join(ROOT, 'probe.js'), text).length;
	expect(probe(`function long() {\n${body}\n}`)).toBe(1);
	expect(probe(`const long = () => {\n${body}\n};`)).toBe(1);
	expect(probe(`const o = {\n\tlong() {\n${body}\n\t},\n};`)).toBe(1);
	expect(probe(`function short() {\n\treturn 1;\n}`)).toBe(0);
	expect(probe(`function fields() {\n\treturn {\n${fields}\n\t};\n}`)).toBe(0);
	expect(probe(`function fields() {\n\tif (x) y();\n\treturn {\n${fields}\n\t};\n}`)).toBe(1);
});

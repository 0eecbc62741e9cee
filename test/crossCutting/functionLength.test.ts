/**
 * Code a newcomer can read: no function of the published nodes runs past 80 lines. A field
 * description (a function whose body only returns a literal: the fields as the editor shows
 * them) is data, not a path to follow, and is not counted.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const MAX_LINES = 80;
const ROOTS = ['nodes', 'credentials'].map((d) => path.join(__dirname, '../..', d));

function sources(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
		const p = path.join(dir, e.name);
		return e.isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
	});
}

/**
 * A field description: a body without a branch or a loop that ends by returning a literal
 * (the fields, maybe built from a few constants first).
 */
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

function longFunctions(file: string): string[] {
	const source = ts.createSourceFile(
		file,
		readFileSync(file, 'utf8'),
		ts.ScriptTarget.Latest,
		true,
	);
	const found: string[] = [];
	const visit = (node: ts.Node) => {
		if (ts.isFunctionLike(node) && 'body' in node && node.body) {
			const body = node.body as ts.Node;
			const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
			const last = source.getLineAndCharacterOfPosition(node.end).line;
			if (last - first + 1 > MAX_LINES && !onlyReturnsLiteral(body)) {
				const name = (node as { name?: ts.Node }).name?.getText() ?? '(anonymous)';
				found.push(
					`${path.relative(path.join(__dirname, '../..'), file)}:${first + 1} ${name} (${last - first + 1} lines)`,
				);
			}
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

test(`no function of the nodes runs past ${MAX_LINES} lines`, () => {
	expect(ROOTS.flatMap(sources).flatMap(longFunctions)).toEqual([]);
});

test('the check sees a long function (and passes over a long field description)', () => {
	const body = Array.from({ length: MAX_LINES }, (_, n) => `\tconst a${n} = ${n};`).join('\n');
	const fields = Array.from({ length: MAX_LINES }, (_, n) => `\t\tf${n}: ${n},`).join('\n');
	const dir = path.join(__dirname, '../..', 'nodes');
	const probe = (text: string) => {
		const source = ts.createSourceFile(
			path.join(dir, 'probe.ts'),
			text,
			ts.ScriptTarget.Latest,
			true,
		);
		let count = 0;
		const visit = (node: ts.Node) => {
			if (ts.isFunctionLike(node) && 'body' in node && node.body) {
				const lines =
					source.getLineAndCharacterOfPosition(node.end).line -
					source.getLineAndCharacterOfPosition(node.getStart()).line +
					1;
				if (lines > MAX_LINES && !onlyReturnsLiteral(node.body as ts.Node)) count++;
			}
			ts.forEachChild(node, visit);
		};
		visit(source);
		return count;
	};
	expect(probe(`function long() {\n${body}\n}`)).toBe(1);
	expect(probe(`function fields() {\n\treturn {\n${fields}\n\t};\n}`)).toBe(0);
	expect(probe(`function fields() {\n\tif (x) y();\n\treturn {\n${fields}\n\t};\n}`)).toBe(1);
});

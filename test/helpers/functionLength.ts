/**
 * The one check of function lengths, for the nodes (TypeScript) and the sandbox (JavaScript):
 * every function, arrow and method longer than a bound, but for one whose body only returns a
 * literal (a field description, data: maybe built from a few constants first, no branch).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const REPO = path.join(__dirname, '../..');

/** The files under `dir` whose names end in `ext`. */
export function sourceFiles(dir: string, ext: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
		const p = path.join(dir, e.name);
		return e.isDirectory() ? sourceFiles(p, ext) : p.endsWith(ext) ? [p] : [];
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

/** Every function of `text` longer than `maxLines`, as `file:line name (n lines)`. */
export function longFunctions(file: string, text: string, maxLines: number): string[] {
	const kind = file.endsWith('.js') ? ts.ScriptKind.JS : ts.ScriptKind.TS;
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
	const found: string[] = [];
	const visit = (node: ts.Node) => {
		if (ts.isFunctionLike(node) && 'body' in node && node.body) {
			const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
			const last = source.getLineAndCharacterOfPosition(node.end).line;
			if (last - first + 1 > maxLines && !onlyReturnsLiteral(node.body as ts.Node)) {
				const name = (node as { name?: ts.Node }).name?.getText() ?? '(anonymous)';
				found.push(`${path.relative(REPO, file)}:${first + 1} ${name} (${last - first + 1} lines)`);
			}
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

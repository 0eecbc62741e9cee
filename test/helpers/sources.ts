/**
 * The package's source files and what each imports, for the tests of its layout (rooms that
 * import each other, tests at their mirrored paths, file sizes). Paths are relative to the
 * repository, with forward slashes.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const ROOT = path.join(__dirname, '../..');

/** Every file under `dir` (relative to the repository) whose name ends with `ending`. */
export function filesUnder(dir: string, ending = '.ts'): string[] {
	const walk = (rel: string): string[] =>
		readdirSync(path.join(ROOT, rel), { withFileTypes: true })
			.sort((a, b) => a.name.localeCompare(b.name))
			.flatMap((e) => {
				const p = `${rel}/${e.name}`;
				if (e.isDirectory()) return walk(p);
				return e.name.endsWith(ending) ? [p] : [];
			});
	return walk(dir);
}

/** The file a relative specifier names, as TypeScript resolves it (x.ts, x/index.ts, x.json). */
function resolveRelative(from: string, specifier: string): string | undefined {
	const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
	for (const candidate of [base, `${base}.ts`, `${base}/index.ts`, `${base}.json`]) {
		const at = path.join(ROOT, candidate);
		if (existsSync(at) && statSync(at).isFile()) return candidate;
	}
	return undefined;
}

/**
 * The repository files a source file imports by a relative path: `import` and `import type`,
 * `export … from`, `import()` and `require()`, as TypeScript's own pre-processor reads them.
 * A relative import that names no file is returned as written (prefixed `?`), so it fails loudly.
 */
export function relativeImports(file: string): string[] {
	const { importedFiles } = ts.preProcessFile(
		readFileSync(path.join(ROOT, file), 'utf8'),
		true,
		true,
	);
	return importedFiles
		.map((f) => f.fileName)
		.filter((spec) => spec.startsWith('./') || spec.startsWith('../'))
		.map((spec) => resolveRelative(file, spec) ?? `?${spec}`);
}

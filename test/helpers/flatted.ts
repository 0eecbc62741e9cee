import path from 'node:path';

/** n8n stores execution data with `flatted`; the copy of the n8n installed in `n8nDir` reads it. */
export function parseFlatted(n8nDir: string, text: string) {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const flatted = require(
		require.resolve('flatted', { paths: [path.join(n8nDir, 'node_modules', 'n8n')] }),
	);
	return flatted.parse(text);
}

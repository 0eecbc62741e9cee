// @ts-check
'use strict';

/**
 * The queue suites' cluster (test/queue/cluster.ts) and run helpers (test/helpers/*.ts) loaded
 * from plain node: a `.ts` file is transpiled on require (types dropped, nothing checked;
 * `npx tsc` checks them with the suites). One cluster for both, rather than a copy to drift.
 */
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const REPO = path.resolve(__dirname, '../..');

if (!require.extensions['.ts'])
	require.extensions['.ts'] = (module, filename) => {
		const out = ts.transpileModule(fs.readFileSync(filename, 'utf8'), {
			fileName: filename,
			compilerOptions: {
				module: ts.ModuleKind.CommonJS,
				target: ts.ScriptTarget.ES2022,
				esModuleInterop: true,
			},
		});
		/** @type {any} */ (module)._compile(out.outputText, filename);
	};

/** @returns {{ Cluster: any }} */
const cluster = () => require(path.join(REPO, 'test/queue/cluster.ts'));
/** @returns {{ parseFlatted: (dir: string, text: string) => any }} */
const flatted = () => require(path.join(REPO, 'test/helpers/flatted.ts'));

module.exports = { cluster, flatted, REPO };

/**
 * scripts/ci/scan.js runs n8n's community package scanner on a checkout and a tarball. Here,
 * on two stand-in packages, that it passes what the scanner passes and fails what it fails
 * (the repository's own scan is `npm run scan`, in CI).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SCRIPT = path.resolve(__dirname, '../../../scripts/ci/scan.js');

/** The script on one folder (both legs on it), as a user runs it. */
function scan(dir: string) {
	const r = spawnSync(process.execPath, [SCRIPT, dir], { encoding: 'utf8' });
	return { code: r.status, out: r.stdout + r.stderr };
}

const root = mkdtempSync(path.join(tmpdir(), 'voice-agent-scan-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function standIn(name: string, manifest: object, node: string) {
	const dir = path.join(root, name);
	mkdirSync(path.join(dir, 'nodes', 'Example'), { recursive: true });
	writeFileSync(
		path.join(dir, 'package.json'),
		JSON.stringify({
			name: 'n8n-nodes-example',
			version: '1.0.0',
			description: 'An example service for n8n',
			license: 'MIT',
			homepage: 'https://example.com/n8n-nodes-example',
			author: { name: 'Example', email: 'dev@example.com' },
			keywords: ['n8n-community-node-package'],
			files: ['dist'],
			peerDependencies: { 'n8n-workflow': '*' },
			n8n: { n8nNodesApiVersion: 1, nodes: ['dist/nodes/Example/Example.node.js'] },
			...manifest,
		}),
	);
	writeFileSync(path.join(dir, 'nodes', 'Example', 'Example.node.js'), node);
	return dir;
}

test('a clean package passes both legs', () => {
	const { code, out } = scan(standIn('clean', {}, 'module.exports = { a: 1 };\n'));
	expect(out).toContain('[scan] source: clean\n[scan] tarball: clean\n');
	expect(out).toMatch(/\[scan\] @n8n\/scan-community-package \d+\.\d+\.\d+: passed/);
	expect(code).toBe(0);
});

test("what the scanner refuses fails it, with the rule's name", () => {
	const dir = standIn(
		'bad',
		{ overrides: { lodash: '4.17.21' } },
		"const cp = require('child_process');\nmodule.exports = { run: () => cp.execSync('ls') };\n",
	);
	const { code, out } = scan(dir);
	expect(out).toContain('[scan] source: FAILED (ESLint violations found)');
	expect(out).toContain('[scan] tarball: FAILED (ESLint violations found)');
	expect(out).toContain('no-overrides-field');
	expect(out).toContain('no-restricted-imports');
	expect(out).toMatch(/: failed\n$/);
	expect(code).toBe(1);
});

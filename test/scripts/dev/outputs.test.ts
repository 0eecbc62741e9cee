/**
 * scripts/dev/outputs.js diff: a run that changed is reported with the field before and after, and
 * exits 1; what differs between two records of one commit (real-clock times moved by the
 * records' shift, a sandbox's port, concurrent requests in another order, an ignored run) is not.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SCRIPT = path.resolve(__dirname, '../../../scripts/dev/outputs.js');
const SHIFT = 600_000;

let root: string;
beforeEach(() => {
	root = mkdtempSync(path.join(tmpdir(), 'outputs-diff-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A record of these runs (each a test's only run, started `at`). */
function record(name: string, at: number, runs: Array<Record<string, unknown>>): string {
	const dir = path.join(root, name);
	mkdirSync(dir);
	const lines = runs.map((run, n) =>
		JSON.stringify({
			file: 'f.test.ts',
			test: `t${n}`,
			ordinal: 1,
			at,
			kind: 'execute',
			type: 'x',
			...run,
		}),
	);
	writeFileSync(path.join(dir, 'worker-1.jsonl'), lines.join('\n') + '\n');
	return dir;
}

const diff = (a: string, b: string, ...more: string[]) => {
	const run = spawnSync(process.execPath, [SCRIPT, 'diff', a, b, ...more], { encoding: 'utf8' });
	return { status: run.status, out: run.stdout };
};

test('the same behaviour a clock shift, a port and a request order apart: no difference', () => {
	const a = record('a', 0, [
		{
			outcome: { at: '2026-12-07T03:00:00.000Z', window: '05:28', expiry: 1796613468 },
			requests: [{ path: '/1' }, { path: '/2', origin: 'http://127.0.0.1:40001' }],
		},
	]);
	const b = record('b', SHIFT, [
		{
			outcome: { at: '2026-12-07T03:10:00.500Z', window: '05:38', expiry: 1796614068 },
			requests: [{ path: '/2', origin: 'http://127.0.0.1:40999' }, { path: '/1' }],
		},
	]);
	const { status, out } = diff(a, b);
	expect(out).toContain('1 runs before, 1 after: 0 differ, 0 only before, 0 only after');
	expect(status).toBe(0);
});

test('a one-word change, a time moved by more than the shift, a run on one side: reported, exit 1', () => {
	const a = record('a', 0, [
		{ outcome: { skip_reason: 'Do Not Call: +1 is on the list' } },
		{ outcome: { at: '2026-12-07T03:00:00Z' } },
		{ outcome: {} },
	]);
	const b = record('b', SHIFT, [
		{ outcome: { skip_reason: 'Do Not Call: +1 is in the list' } },
		{ outcome: { at: '2026-12-07T04:10:00Z' } },
	]);
	const { status, out } = diff(a, b);
	expect(out).toContain(
		'  .outcome.skip_reason\n    - "Do Not Call: +1 is on the list"\n    + "Do Not Call: +1 is in the list"',
	);
	expect(out).toContain(
		'  .outcome.at\n    - "2026-12-07T03:00:00Z"\n    + "2026-12-07T04:10:00Z"',
	);
	expect(out).toContain('f.test.ts › t2 › #1');
	expect(out).toContain('  f.test.ts: 2 / 1 / 0');
	expect(out).toContain('3 runs before, 2 after: 2 differ, 1 only before, 0 only after');
	expect(status).toBe(1);
});

test('--rename reads a moved test file of the first record at its new path', () => {
	const a = record('a', 0, [{ outcome: { n: 1 } }]);
	const b = record('b', 0, [{ outcome: { n: 1 } }]);
	writeFileSync(
		path.join(b, 'worker-1.jsonl'),
		readFileSync(path.join(b, 'worker-1.jsonl'), 'utf8').replace('"f.test.ts"', '"g/f.test.ts"'),
	);
	expect(diff(a, b).out).toContain('1 only before, 1 only after');
	const renamed = diff(a, b, '--rename', 'f.test.ts=g/f.test.ts');
	expect(renamed.out).toContain('1 runs before, 1 after: 0 differ, 0 only before, 0 only after');
	expect(renamed.status).toBe(0);
});

test('--by-input meets a run moved to another test by what the node was given; another outcome fails', () => {
	const given = { parameters: { b: 2, a: 1 }, given: { items: [{ json: { n: 1 } }] } };
	const a = record('a', 0, [
		{ ...given, outcome: { ok: true } },
		{ parameters: { only: 'before' }, outcome: {} },
	]);
	// After: the same input in another test, its keys in another order; and a new test.
	const b = record('b', 0, [
		{ parameters: { new: 'test' }, outcome: {} },
		{ parameters: { a: 1, b: 2 }, given: given.given, outcome: { ok: true } },
	]);
	const same = diff(a, b, '--by-input');
	expect(same.out).toContain(
		'2 runs before, in 2 inputs: 1 found after with the same outcome, 0 with another outcome, 1 whose input no run after has; 1 runs after of new inputs.',
	);
	expect(same.status).toBe(0);
	const c = record('c', 0, [
		{ parameters: { a: 1, b: 2 }, given: given.given, outcome: { ok: false } },
	]);
	const changed = diff(a, c, '--by-input');
	expect(changed.out).toContain('  .outcome.ok\n    - true\n    + false');
	expect(changed.out).toContain('1 with another outcome');
	expect(changed.status).toBe(1);
});

/**
 * The run value (nodes/shared/engine/run.ts): each value read once per run, at its first use;
 * a read that throws keeps nothing; an async read is kept as its promise, failed or not. How
 * the router makes one per execution of a node: router.test.ts.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { perRun, Run } from '../../../nodes/shared/engine/run';

const ctx = { getNode: () => ({ name: 'Node' }) } as unknown as IExecuteFunctions;

test('a value is read once, with the run’s context, at its first use', () => {
	const reads: IExecuteFunctions[] = [];
	const value = perRun((c) => {
		reads.push(c);
		return { list: ['+14155550100'] };
	});
	const run = new Run(ctx);
	expect(reads).toEqual([]);
	const first = run.get(value);
	expect(run.get(value)).toBe(first);
	expect(run.get(value)).toBe(first);
	expect(reads).toEqual([ctx]);
});

test('each value of a run is its own; another run reads again', () => {
	let reads = 0;
	const a = perRun(() => ++reads);
	const b = perRun(() => ++reads);
	const run = new Run(ctx);
	expect([run.get(a), run.get(b), run.get(a), run.get(b)]).toEqual([1, 2, 1, 2]);
	expect(new Run(ctx).get(a)).toBe(3);
});

test('a read that throws keeps nothing: the next use reads again', () => {
	let reads = 0;
	const value = perRun(() => {
		reads++;
		if (reads === 1) throw new Error('Variables From Rows: not a list of rows');
		return 'rows';
	});
	const run = new Run(ctx);
	expect(() => run.get(value)).toThrow('Variables From Rows: not a list of rows');
	expect(run.get(value)).toBe('rows');
	expect(run.get(value)).toBe('rows');
	expect(reads).toBe(2);
});

test('an async read is kept as its promise: a failed one fails every use alike', async () => {
	let reads = 0;
	const value = perRun(async () => {
		reads++;
		throw new Error('Do Not Call: 1 entry is not a phone number');
	});
	const run = new Run(ctx);
	const first = run.get(value);
	const second = run.get(value);
	expect(second).toBe(first);
	await expect(first).rejects.toThrow('Do Not Call: 1 entry is not a phone number');
	await expect(run.get(value)).rejects.toThrow('Do Not Call: 1 entry is not a phone number');
	expect(reads).toBe(1);
});

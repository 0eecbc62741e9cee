/**
 * The router (nodes/shared/engine/router.ts) runs an operation by its kind, through n8n's own
 * engine: outputs paired with their items, Continue On Fail on and off, and one run value per
 * execution of the node, read once for all its items and made anew for a Retry On Fail try.
 * The operations are the test's own; the node runs them with `route` as every node does.
 */
import nock from 'nock';
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import {
	defineResource,
	operationOption,
	type AllOperation,
	type BatchOperation,
	type ItemOperation,
	type SortedOperation,
} from '../../../nodes/shared/engine/operation';
import { nodeOutputs, nodeProperties, route } from '../../../nodes/shared/engine/router';
import { perRun, type Run } from '../../../nodes/shared/engine/run';
import { recordAll, runNode } from '../../helpers/harness';

const LIST_URL = 'https://lists.test.local/list';

/** What one execution reads once: a list over HTTP (nock counts the reads). */
const list = perRun(
	async (ctx) => (await ctx.helpers.httpRequest({ url: LIST_URL, json: true })) as string[],
);

/** Every run value an operation was handed, in order of use. */
let runsSeen: Run[] = [];

const option = <const O extends string>(value: O) =>
	operationOption({ name: value, value, description: value, action: value });

/** An item fails where its json says `fail`, or `failFirstTry` while the first run is the only one. */
const failing = (ctx: IExecuteFunctions, i: number) => {
	const { json } = ctx.getInputData()[i];
	return json.fail === true || (json.failFirstTry === true && new Set(runsSeen).size === 1);
};

const echo: ItemOperation<'echo'> = {
	kind: 'item',
	option: option('echo'),
	properties: [],
	async execute(i, run) {
		runsSeen.push(run);
		const read = await run.get(list);
		if (failing(this, i)) throw new Error(`item ${i} refused`);
		// Two outputs for the second item: both paired with it.
		return i === 1
			? [
					{ n: i, read },
					{ n: i, again: true },
				]
			: { n: i, read };
	},
};

const batch: BatchOperation<'batch'> = {
	kind: 'batch',
	option: option('batch'),
	properties: [],
	async execute(itemCount, { stopOnError }, run) {
		runsSeen.push(run);
		const read = await run.get(list);
		let stopped = false;
		return Array.from({ length: itemCount }, (_, i) => {
			if (stopped) return undefined;
			if (!failing(this, i)) return { ok: true as const, output: { n: i, read } };
			stopped = stopOnError;
			return { ok: false as const, error: new Error(`row ${i} refused`) };
		});
	},
};

const all: AllOperation<'all'> = {
	kind: 'all',
	option: option('all'),
	properties: [],
	async execute(itemCount, _options, run) {
		runsSeen.push(run);
		const read = await run.get(list);
		const bad = Array.from({ length: itemCount }, (_, i) => i).find((i) => failing(this, i));
		if (bad !== undefined) {
			throw new NodeOperationError(this.getNode(), `row ${bad} refused`, { itemIndex: bad });
		}
		return [{ rows: itemCount, read }, { summary: true }];
	},
};

const sorted: SortedOperation<'sorted'> = {
	kind: 'sorted',
	option: option('sorted'),
	outputNames: ['Even', 'Odd'],
	properties: [],
	async execute(itemCount, _options, run) {
		runsSeen.push(run);
		const read = await run.get(list);
		const out: Awaited<ReturnType<SortedOperation['execute']>> = {
			outputs: [[], []],
			failed: [],
		};
		const taken: number[] = [];
		for (let i = 0; i < itemCount; i++) {
			if (failing(this, i)) out.failed.push({ itemIndex: i, error: new Error(`row ${i} refused`) });
			else {
				out.outputs[i % 2].push({ json: { n: i, read }, from: [i] });
				taken.push(i);
			}
		}
		// One item made of several: paired with each.
		out.outputs[1].push({ json: { taken: taken.length }, from: taken });
		return out;
	},
};

const thing = defineResource({
	value: 'thing',
	name: 'Thing',
	operations: { echo, batch, all, sorted },
	default: 'echo',
});

const testNode: INodeType = {
	description: {
		displayName: 'Router Test',
		name: 'routerTest',
		group: ['transform'],
		version: 1,
		description: 'Runs the test operations',
		defaults: { name: 'Router Test' },
		inputs: [NodeConnectionTypes.Main],
		outputs: nodeOutputs([thing], 'thing'),
		properties: nodeProperties([thing], 'thing'),
	},
	async execute(this: IExecuteFunctions) {
		return await route.call(this, [thing]);
	},
};

/** Three items; those listed fail. */
const items = (...fail: number[]): INodeExecutionData[] =>
	[0, 1, 2].map((n) => ({ json: fail.includes(n) ? { n, fail: true } : { n } }));

const run = (
	operation: string,
	input: INodeExecutionData[],
	extra: { continueOnFail?: boolean; settings?: IDataObject } = {},
) =>
	runNode({
		type: 'routerTest',
		nodeType: testNode,
		parameters: { resource: 'thing', operation },
		items: input,
		credentials: null,
		continueOnFail: extra.continueOnFail,
		settings: extra.settings,
	});

/** The list served `times` times: each read is one request. */
const serveList = (times: number) =>
	nock('https://lists.test.local').get('/list').times(times).reply(200, ['+14155550100']);

const READ = ['+14155550100'];
const paired = (output: INodeExecutionData[]) => output.map((o) => [o.json, o.pairedItem]);

let unmatched: string[] = [];
beforeAll(() => nock.disableNetConnect());
beforeEach(() => {
	runsSeen = [];
	unmatched = recordAll();
});
afterEach(() => {
	nock.cleanAll();
	nock.emitter.removeAllListeners('no match');
});

/** What 'echo' outputs for three items, the second answered twice: each paired with its item. */
const ECHOED = [
	[
		[{ n: 0, read: READ }, { item: 0 }],
		[{ n: 1, read: READ }, { item: 1 }],
		[{ n: 1, again: true }, { item: 1 }],
		[{ n: 2, read: READ }, { item: 2 }],
	],
];

describe("kind 'item': one item at a time, in input order", () => {
	test('every output paired with its item; the run read once for the three items', async () => {
		const scope = serveList(1);
		const { outputs, error } = await run('echo', items());
		expect(error).toBeUndefined();
		expect(outputs.map(paired)).toEqual(ECHOED);
		expect(scope.isDone()).toBe(true);
		expect(unmatched).toEqual([]);
		expect(runsSeen).toHaveLength(3);
		expect(new Set(runsSeen).size).toBe(1);
	});

	test('without Continue On Fail: the first failure fails the node, naming its item; later items do not run', async () => {
		serveList(1);
		const { output, error } = await run('echo', items(1, 2));
		expect(error?.message).toBe('item 1 refused');
		expect(error?.context).toEqual({ itemIndex: 1 });
		expect(output).toEqual([]);
		expect(runsSeen).toHaveLength(2);
	});

	test('with Continue On Fail: each failure is its item’s error item, in place', async () => {
		serveList(1);
		const { outputs, error } = await run('echo', items(1), { continueOnFail: true });
		expect(error).toBeUndefined();
		expect(outputs.map(paired)).toEqual([
			[
				[{ n: 0, read: READ }, { item: 0 }],
				[{ error: 'item 1 refused' }, { item: 1 }],
				[{ n: 2, read: READ }, { item: 2 }],
			],
		]);
		expect(unmatched).toEqual([]);
	});
});

describe("kind 'batch': every item at once, one result each", () => {
	test('every output paired with its item; the run read once', async () => {
		const scope = serveList(1);
		const { outputs, error } = await run('batch', items());
		expect(error).toBeUndefined();
		expect(outputs.map(paired)).toEqual([[0, 1, 2].map((n) => [{ n, read: READ }, { item: n }])]);
		expect(scope.isDone()).toBe(true);
		expect(unmatched).toEqual([]);
	});

	test('without Continue On Fail: the failed row fails the node, saying how many were carried out', async () => {
		serveList(1);
		const { output, error } = await run('batch', items(1, 2));
		expect(error?.message).toBe('row 1 refused');
		expect(error?.context).toEqual({ itemIndex: 1 });
		expect(error?.description).toBe(
			'1 other item(s) had already been carried out (for example, calls started) when this failed; they are not in the output, so check before running again. Turn on Continue On Fail to get one output per item.',
		);
		expect(output).toEqual([]);
	});

	test('with Continue On Fail: one output per item, failures as error items', async () => {
		serveList(1);
		const { outputs, error } = await run('batch', items(0, 2), { continueOnFail: true });
		expect(error).toBeUndefined();
		expect(outputs.map(paired)).toEqual([
			[
				[{ error: 'row 0 refused' }, { item: 0 }],
				[{ n: 1, read: READ }, { item: 1 }],
				[{ error: 'row 2 refused' }, { item: 2 }],
			],
		]);
	});
});

describe("kind 'all': one result of every item", () => {
	const every = [{ item: 0 }, { item: 1 }, { item: 2 }];

	test('its outputs paired with every item; the run read once', async () => {
		const scope = serveList(1);
		const { outputs, error } = await run('all', items());
		expect(error).toBeUndefined();
		expect(outputs.map(paired)).toEqual([
			[
				[{ rows: 3, read: READ }, every],
				[{ summary: true }, every],
			],
		]);
		expect(scope.isDone()).toBe(true);
		expect(unmatched).toEqual([]);
	});

	test('without Continue On Fail: its failure fails the node, naming the row it names', async () => {
		serveList(1);
		const { output, error } = await run('all', items(2));
		expect(error?.message).toBe('row 2 refused');
		expect(error?.context).toEqual({ itemIndex: 2 });
		expect(output).toEqual([]);
	});

	test('with Continue On Fail: one error item paired with every item', async () => {
		serveList(1);
		const { outputs, error } = await run('all', items(2), { continueOnFail: true });
		expect(error).toBeUndefined();
		expect(outputs.map(paired)).toEqual([[[{ error: 'row 2 refused' }, every]]]);
	});
});

describe("kind 'sorted': several outputs, each item naming where it came from", () => {
	test('items sorted into the outputs, paired with their items; the run read once', async () => {
		const scope = serveList(1);
		const { outputs, error } = await run('sorted', items());
		expect(error).toBeUndefined();
		expect(outputs.map(paired)).toEqual([
			[
				[{ n: 0, read: READ }, { item: 0 }],
				[{ n: 2, read: READ }, { item: 2 }],
			],
			[
				[{ n: 1, read: READ }, { item: 1 }],
				[{ taken: 3 }, [{ item: 0 }, { item: 1 }, { item: 2 }]],
			],
		]);
		expect(scope.isDone()).toBe(true);
		expect(unmatched).toEqual([]);
	});

	test('without Continue On Fail: the first refused item fails the node', async () => {
		serveList(1);
		const { error } = await run('sorted', items(1, 2));
		expect(error?.message).toBe('row 1 refused');
		expect(error?.context).toEqual({ itemIndex: 1 });
	});

	test('with Continue On Fail: refused items are error items on the first output', async () => {
		serveList(1);
		const { outputs, error } = await run('sorted', items(1), { continueOnFail: true });
		expect(error).toBeUndefined();
		expect(outputs.map(paired)).toEqual([
			[
				[{ n: 0, read: READ }, { item: 0 }],
				[{ n: 2, read: READ }, { item: 2 }],
				[{ error: 'row 1 refused' }, { item: 1 }],
			],
			[[{ taken: 2 }, [{ item: 0 }, { item: 2 }]]],
		]);
	});
});

describe('the run value: one per execution of the node', () => {
	test('a new execution reads again', async () => {
		const scope = serveList(2);
		await run('echo', items());
		await run('echo', items());
		expect(scope.isDone()).toBe(true);
		expect(unmatched).toEqual([]);
		expect(new Set(runsSeen).size).toBe(2);
	});

	test("n8n's Retry On Fail: each try is handed a new run, read once for its items", async () => {
		const scope = serveList(2);
		const input = items();
		input[1].json.failFirstTry = true;
		const { outputs, error } = await run('echo', input, {
			settings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 1 },
		});
		expect(error).toBeUndefined();
		expect(outputs.map(paired)).toEqual(ECHOED);
		// Two requests: one per try, not one per item.
		expect(scope.isDone()).toBe(true);
		expect(unmatched).toEqual([]);
		const [first, second] = [...new Set(runsSeen)];
		expect(runsSeen).toEqual([first, first, second, second, second]);
	});
});

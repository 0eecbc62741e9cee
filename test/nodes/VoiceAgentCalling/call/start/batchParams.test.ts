import type { IExecuteFunctions, INode, INodeParameters } from 'n8n-workflow';

import fc from 'fast-check';

import {
	batchParams,
	columnPath,
	hasExpression,
} from '../../../../../nodes/VoiceAgentCalling/actions/call/start/batchParams';

/**
 * A context standing in for n8n's: parameters as stored in the workflow; an expression
 * "={{ $json.<field> }}" resolves to that field of the item; every read is logged.
 */
function fakeContext(parameters: INodeParameters, rows: Array<Record<string, unknown>>) {
	const reads: Array<{ name: string; item: number; options?: object }> = [];
	let nodeCopies = 0;
	const node: INode = {
		id: 'n1',
		name: 'Start',
		type: 'voiceAgentCalling',
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const resolve = (value: unknown, item: number): unknown => {
		if (typeof value === 'string' && value.startsWith('=')) {
			const field = /\$json\.(\w+)/.exec(value)?.[1] ?? '';
			return rows[item][field];
		}
		if (Array.isArray(value)) return value.map((v) => resolve(v, item));
		if (value && typeof value === 'object') {
			return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, item)]));
		}
		return value;
	};
	const ctx = {
		marker: 'the context itself',
		getNode: () => {
			nodeCopies++;
			return structuredClone(node);
		},
		getNodeParameter: (name: string, item: number, fallback?: unknown, options?: object) => {
			reads.push({ name, item, options });
			let stored: unknown = parameters;
			for (const key of name.split('.')) stored = (stored as Record<string, unknown>)?.[key];
			if (stored === undefined) {
				if (fallback === undefined) throw new Error(`Could not get parameter ${name}`);
				return fallback;
			}
			if (name === 'broken') throw new Error('refused by n8n');
			const value = resolve(stored, item);
			if (options && 'extractValue' in options) return (value as { value: unknown }).value;
			return value;
		},
	};
	return {
		ctx: ctx as unknown as IExecuteFunctions,
		reads,
		nodeCopies: () => nodeCopies,
	};
}

const rows = [
	{ name: 'Ann', phone: '+14155550001', cc: '+1' },
	{ name: 'Bob', phone: '+14155550002', cc: '+44' },
	{ name: 'Cyd', phone: '+14155550003', cc: '+91' },
];

test('a parameter without an expression is resolved by n8n once, for the first row that reads it', () => {
	const { ctx, reads } = fakeContext(
		{ variablesMode: 'none', options: { maxConcurrent: 10, dryRun: false } },
		rows,
	);
	const view = batchParams(ctx);
	const seen = rows.map((_, i) => [
		view.getNodeParameter('variablesMode', i),
		view.getNodeParameter('options', i, {}),
	]);
	expect(seen).toEqual([
		['none', { maxConcurrent: 10, dryRun: false }],
		['none', { maxConcurrent: 10, dryRun: false }],
		['none', { maxConcurrent: 10, dryRun: false }],
	]);
	expect(reads).toEqual([
		{ name: 'variablesMode', item: 0, options: undefined },
		{ name: 'options', item: 0, options: undefined },
	]);
});

test('a parameter with an expression anywhere inside is resolved by n8n for every row', () => {
	const { ctx, reads } = fakeContext(
		{
			name: '={{ $json.name }}',
			options: { maxConcurrent: 10, defaultCountryCode: '={{ $json.cc }}' },
			assistant: { __rl: true, mode: 'id', value: '={{ $json.phone }}' },
			list: {
				values: [
					{ key: 'a', value: 'fixed' },
					{ key: 'b', value: '={{ $json.name }}' },
				],
			},
		},
		rows,
	);
	const view = batchParams(ctx);
	const seen = rows.map((_, i) => [
		view.getNodeParameter('name', i),
		view.getNodeParameter('options', i),
		view.getNodeParameter('assistant', i, '', { extractValue: true }),
		view.getNodeParameter('list', i),
	]);
	expect(seen).toEqual([
		[
			'Ann',
			{ maxConcurrent: 10, defaultCountryCode: '+1' },
			'+14155550001',
			{
				values: [
					{ key: 'a', value: 'fixed' },
					{ key: 'b', value: 'Ann' },
				],
			},
		],
		[
			'Bob',
			{ maxConcurrent: 10, defaultCountryCode: '+44' },
			'+14155550002',
			{
				values: [
					{ key: 'a', value: 'fixed' },
					{ key: 'b', value: 'Bob' },
				],
			},
		],
		[
			'Cyd',
			{ maxConcurrent: 10, defaultCountryCode: '+91' },
			'+14155550003',
			{
				values: [
					{ key: 'a', value: 'fixed' },
					{ key: 'b', value: 'Cyd' },
				],
			},
		],
	]);
	expect(reads.map((r) => `${r.name}@${r.item}`)).toEqual([
		'name@0',
		'options@0',
		'assistant@0',
		'list@0',
		'name@1',
		'options@1',
		'assistant@1',
		'list@1',
		'name@2',
		'options@2',
		'assistant@2',
		'list@2',
	]);
});

test('reads with different options are resolved separately, once each', () => {
	const { ctx, reads } = fakeContext(
		{ fromNumber: { __rl: true, mode: 'number', value: '+14155550100' } },
		rows,
	);
	const view = batchParams(ctx);
	for (let i = 0; i < rows.length; i++) {
		expect(view.getNodeParameter('fromNumber', i, '')).toEqual({
			__rl: true,
			mode: 'number',
			value: '+14155550100',
		});
		expect(view.getNodeParameter('fromNumber', i, '', { extractValue: true })).toBe('+14155550100');
	}
	expect(reads).toEqual([
		{ name: 'fromNumber', item: 0, options: undefined },
		{ name: 'fromNumber', item: 0, options: { extractValue: true } },
	]);
});

test('every row gets its own copy: changing one row value changes no other', () => {
	const { ctx } = fakeContext({ options: { callConfig: { retries: 2 } } }, rows);
	const view = batchParams(ctx);
	const first = view.getNodeParameter('options', 0) as { callConfig: { retries: number } };
	first.callConfig.retries = 99;
	expect(view.getNodeParameter('options', 1)).toEqual({ callConfig: { retries: 2 } });
});

test('an unset parameter and a dotted name are left to n8n (fallback, or its error)', () => {
	const { ctx, reads } = fakeContext({ options: { maxConcurrent: 5 } }, rows);
	const view = batchParams(ctx);
	expect(view.getNodeParameter('waitForCompletion', 0, false)).toBe(false);
	expect(view.getNodeParameter('waitForCompletion', 1, true)).toBe(true);
	expect(() => view.getNodeParameter('missing', 0)).toThrow('Could not get parameter missing');
	expect(view.getNodeParameter('options.maxConcurrent', 0)).toBe(5);
	expect(view.getNodeParameter('options.maxConcurrent', 1)).toBe(5);
	expect(reads.map((r) => `${r.name}@${r.item}`)).toEqual([
		'waitForCompletion@0',
		'waitForCompletion@1',
		'missing@0',
		'options.maxConcurrent@0',
	]);
});

test('a read n8n refuses is refused for every row, never remembered', () => {
	const { ctx, reads } = fakeContext({ broken: 'x' }, rows);
	const view = batchParams(ctx);
	expect(() => view.getNodeParameter('broken', 0)).toThrow('refused by n8n');
	expect(() => view.getNodeParameter('broken', 1)).toThrow('refused by n8n');
	expect(reads.map((r) => `${r.name}@${r.item}`)).toEqual(['broken@0', 'broken@1']);
});

test('getNode copies the node once for the view; everything else is the context', () => {
	const { ctx, nodeCopies } = fakeContext({}, rows);
	const view = batchParams(ctx);
	const node = view.getNode();
	expect(view.getNode()).toBe(node);
	expect(node.name).toBe('Start');
	expect(nodeCopies()).toBe(1);
	expect((view as unknown as { marker: string }).marker).toBe('the context itself');
	// The context itself is untouched.
	expect(ctx.getNode()).not.toBe(node);
});

test('hasExpression: a string starting with "=" at any depth', () => {
	expect(hasExpression('={{ $json.a }}')).toBe(true);
	expect(hasExpression('=plain text is an expression too')).toBe(true);
	expect(hasExpression('{{ $json.a }}')).toBe(false);
	expect(hasExpression(' ={{ $json.a }}')).toBe(false);
	expect(hasExpression(42)).toBe(false);
	expect(hasExpression(null)).toBe(false);
	expect(hasExpression({ a: { b: ['x', { c: '=1' }] } })).toBe(true);
	expect(hasExpression({ a: { b: ['x', { c: '1' }] } })).toBe(false);
});

describe('a parameter that is only a column of the row', () => {
	test('columnPath reads the keys of the forms n8n writes, and nothing else', () => {
		expect(columnPath('={{ $json.phone }}')).toEqual(['phone']);
		expect(columnPath('={{$json.phone}}')).toEqual(['phone']);
		expect(columnPath("={{ $json['Phone Number'] }}")).toEqual(['Phone Number']);
		expect(columnPath('={{ $json["Phone Number"] }}')).toEqual(['Phone Number']);
		expect(columnPath("={{ $json.contact['mobile #'].e164 }}")).toEqual([
			'contact',
			'mobile #',
			'e164',
		]);
		for (const other of [
			'{{ $json.phone }}', // not an expression: plain text
			'={{ $json.phone }} ', // text after it
			'=+1{{ $json.phone }}',
			'={{ $json.first }} {{ $json.last }}',
			'={{ $json }}',
			'={{ $json.phone.trim() }}',
			'={{ $json[0] }}',
			"={{ $json['it\\'s'] }}",
			'={{ $json.phone || $json.mobile }}',
			"={{ $('Sheet').item.json.phone }}",
			'={{ $json.1st }}',
		]) {
			expect([other, columnPath(other)]).toEqual([other, undefined]);
		}
	});

	test('columnPath gives back the keys an expression was written from (dot or bracket form)', () => {
		const key = fc.oneof(
			fc.stringMatching(/^[A-Za-z_$][\w$]{0,8}$/),
			fc.string({ maxLength: 12 }).filter((k) => !/['"\\]/.test(k)),
		);
		fc.assert(
			fc.property(fc.array(key, { minLength: 1, maxLength: 4 }), fc.boolean(), (keys, spaced) => {
				const steps = keys.map((k) =>
					/^[A-Za-z_$][\w$]*$/.test(k) && !spaced ? `.${k}` : `[${JSON.stringify(k)}]`,
				);
				const pad = spaced ? ' ' : '';
				expect(columnPath(`={{${pad}$json${steps.join('')}${pad}}}`)).toEqual(keys);
			}),
		);
	});

	/** The fake context with the items n8n would hand over. */
	function withRows(parameters: INodeParameters, items: Array<Record<string, unknown>>) {
		const fake = fakeContext(parameters, items);
		const ctx = Object.assign(fake.ctx, { getInputData: () => items.map((json) => ({ json })) });
		return { ...fake, ctx };
	}

	test('read from the row after n8n agreed on the first row: one resolution by n8n in all', () => {
		const { ctx, reads } = withRows({ name: '={{ $json.name }}' }, rows);
		const view = batchParams(ctx);
		expect(rows.map((_, i) => view.getNodeParameter('name', i))).toEqual(['Ann', 'Bob', 'Cyd']);
		expect(reads).toEqual([{ name: 'name', item: 0, options: undefined }]);
	});

	test('n8n disagreeing on the first row: n8n resolves that parameter for every row', () => {
		const { ctx, reads } = withRows({ name: '={{ $json.name }}' }, rows);
		const disagreeing = Object.assign(Object.create(ctx), {
			getNodeParameter: (name: string, item: number, fallback?: unknown, options?: object) =>
				`n8n: ${ctx.getNodeParameter(name, item, fallback, options) as string}`,
		}) as IExecuteFunctions;
		const view = batchParams(disagreeing);
		expect(rows.map((_, i) => view.getNodeParameter('name', i))).toEqual([
			'n8n: Ann',
			'n8n: Bob',
			'n8n: Cyd',
		]);
		expect(reads.map((r) => `${r.name}@${r.item}`)).toEqual(['name@0', 'name@1', 'name@2']);
	});

	test('anything but text, a number or true/false, and read options, are left to n8n', () => {
		const items = [
			{ v: 'text' },
			{ v: { nested: 1 } },
			{ v: null },
			{ v: Number.NaN },
			{ v: [1] },
			{},
			{ v: 7 },
			{ v: false },
		];
		const { ctx, reads } = withRows({ v: '={{ $json.v }}' }, items);
		const view = batchParams(ctx);
		const seen = items.map((_, i) => view.getNodeParameter('v', i, 'fallback'));
		expect(seen).toEqual(['text', { nested: 1 }, null, Number.NaN, [1], undefined, 7, false]);
		expect(reads.map((r) => `${r.name}@${r.item}`)).toEqual([
			'v@0', // the proof
			'v@1',
			'v@2',
			'v@3',
			'v@4',
			'v@5',
		]);
		view.getNodeParameter('v', 7, '', { extractValue: true });
		expect(reads.at(-1)).toEqual({ name: 'v', item: 7, options: { extractValue: true } });
	});

	test('names n8n guards are left to n8n', () => {
		const items = [{ constructor: 'x' }, { constructor: 'y' }];
		const { ctx, reads } = withRows({ v: '={{ $json.constructor }}' }, items);
		const view = batchParams(ctx);
		expect(items.map((_, i) => view.getNodeParameter('v', i))).toEqual(['x', 'y']);
		expect(reads).toHaveLength(2);
	});
});

/**
 * The operation contract (nodes/shared/engine/operation.ts): one shape told apart by `kind`.
 * A module without a kind, or whose `execute` is not its kind's, does not compile: checked by
 * compiling modules of each kind, right and wrong, with the project's compiler options (jest
 * itself only transpiles). How the router runs each kind: router.test.ts.
 */
import path from 'node:path';

import ts from 'typescript';

import { defineResource, operationOption } from '../../../nodes/shared/engine/operation';
import { ROOT } from '../../helpers/sources';

/** Each case a module shaped as a namespace import is (no excess-property check), passed alone. */
const CASES: Record<string, string> = {
	'an item operation': `kind: 'item' as const,
		async execute(this: IExecuteFunctions, i: number, run: Run) { run.get(list); return { i }; },`,
	'an item operation that does not use the run': `kind: 'item' as const,
		async execute(this: IExecuteFunctions, i: number) { return [{ i }]; },`,
	'a batch operation': `kind: 'batch' as const,
		async execute(this: IExecuteFunctions, itemCount: number, { stopOnError }: BatchOptions, run: Run) {
			run.get(list);
			return Array.from({ length: itemCount }, (): ItemResult | undefined => stopOnError ? undefined : { ok: true, output: {} });
		},`,
	'an all operation': `kind: 'all' as const,
		async execute(this: IExecuteFunctions, itemCount: number, _o: BatchOptions, run: Run) { run.get(list); return { itemCount }; },`,
	'a sorted operation': `kind: 'sorted' as const,
		outputNames: ['Ended', 'Pending'],
		async execute(this: IExecuteFunctions, itemCount: number): Promise<SortedOutput> {
			return { outputs: [[{ json: { itemCount }, from: [0] }], []], failed: [] };
		},`,
	'no kind': `async execute(this: IExecuteFunctions, i: number) { return { i }; },`,
	'a kind that is none': `kind: 'each' as const,
		async execute(this: IExecuteFunctions, i: number) { return { i }; },`,
	"an item's kind without execute (the old executeBatch)": `kind: 'item' as const,
		async executeBatch(this: IExecuteFunctions, itemCount: number): Promise<ItemResult[]> { return []; },`,
	"kind 'item' with a batch's execute": `kind: 'item' as const,
		async execute(this: IExecuteFunctions, itemCount: number, o: BatchOptions): Promise<Array<ItemResult | undefined>> { return [o.stopOnError ? undefined : { ok: true, output: {} }]; },`,
	"kind 'batch' with an item's execute": `kind: 'batch' as const,
		async execute(this: IExecuteFunctions, i: number) { return { i }; },`,
	"kind 'batch' with an all's execute": `kind: 'batch' as const,
		async execute(this: IExecuteFunctions, itemCount: number, _o: BatchOptions): Promise<IDataObject> { return { itemCount }; },`,
	"kind 'all' with a batch's execute": `kind: 'all' as const,
		async execute(this: IExecuteFunctions, itemCount: number, _o: BatchOptions): Promise<ItemResult[]> { return []; },`,
	"kind 'all' with a sorted's execute": `kind: 'all' as const,
		async execute(this: IExecuteFunctions, itemCount: number): Promise<SortedOutput> { return { outputs: [], failed: [] }; },`,
	"kind 'sorted' with an all's execute": `kind: 'sorted' as const,
		outputNames: ['A', 'B'],
		async execute(this: IExecuteFunctions, itemCount: number): Promise<IDataObject> { return { itemCount }; },`,
	"kind 'sorted' without its outputNames": `kind: 'sorted' as const,
		async execute(this: IExecuteFunctions, itemCount: number): Promise<SortedOutput> { return { outputs: [], failed: [] }; },`,
};

const VALID = [
	'an item operation',
	'an item operation that does not use the run',
	'a batch operation',
	'an all operation',
	'a sorted operation',
];

const HEADER = `import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { defineResource, operationOption, type BatchOptions, type ItemResult, type SortedOutput } from '../../../nodes/shared/engine/operation';
import { perRun, type Run } from '../../../nodes/shared/engine/run';
const list = perRun(() => ['+14155550100']);
`;

/** One file with every case, each its own resource; diagnostics by case. */
function compileCases(): Map<string, string[]> {
	const names = Object.keys(CASES);
	let text = HEADER;
	const starts: number[] = [];
	names.forEach((name, n) => {
		starts.push(text.split('\n').length - 1);
		text += `const module${n} = {
		option: operationOption({ name: 'Op', value: 'op', description: 'Op', action: 'Op' }),
		properties: [],
		${CASES[name]}
	};
	export const resource${n} = defineResource({ value: 'r${n}', name: 'R', operations: { op: module${n} }, default: 'op' });
	`;
	});
	const file = path.join(ROOT, 'test/unit/engine/contractCases.ts');
	const config = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile).config;
	const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
	options.noEmit = true;
	// The cases' unused helpers are not what is checked.
	options.noUnusedLocals = false;
	const host = ts.createCompilerHost(options);
	const getSourceFile = host.getSourceFile.bind(host);
	host.getSourceFile = (name, language, ...rest) =>
		path.resolve(name) === file
			? ts.createSourceFile(name, text, language)
			: getSourceFile(name, language, ...rest);
	const fileExists = host.fileExists.bind(host);
	host.fileExists = (name) => path.resolve(name) === file || fileExists(name);
	const program = ts.createProgram([file], options, host);
	const source = program.getSourceFile(file)!;
	const found = new Map<string, string[]>(names.map((name) => [name, []]));
	for (const d of ts.getPreEmitDiagnostics(program, source)) {
		const line = source.getLineAndCharacterOfPosition(d.start ?? 0).line;
		const n = starts.filter((start) => start <= line).length - 1;
		found.get(names[n])!.push(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
	}
	return found;
}

describe('one operation shape, told apart by kind', () => {
	let found: Map<string, string[]>;
	beforeAll(() => (found = compileCases()));

	test.each(VALID)('%s compiles', (name) => {
		expect(found.get(name)).toEqual([]);
	});

	test.each(Object.keys(CASES).filter((name) => !VALID.includes(name)))(
		'%s does not compile',
		(name) => {
			expect(found.get(name)).toEqual([
				expect.stringContaining(`is not assignable to type 'NodeOperation<"op">'`),
			]);
		},
	);
});

describe('defineResource', () => {
	const op = <const O extends string>(value: O, name: string) => ({
		kind: 'item' as const,
		option: operationOption({ name, value, description: name, action: name }),
		properties: [{ displayName: name, name: value, type: 'string' as const, default: '' }],
		execute: async () => ({}),
	});

	test('the dropdown sorted by name, each operation its own fields, the default its own', () => {
		const resource = defineResource({
			value: 'thing',
			name: 'Thing',
			operations: { zed: op('zed', 'Zed'), alpha: op('alpha', 'Alpha') },
			default: 'zed',
		});
		expect(resource.properties).toEqual([
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['thing'] } },
				options: [
					expect.objectContaining({ name: 'Alpha', value: 'alpha' }),
					expect.objectContaining({ name: 'Zed', value: 'zed' }),
				],
				default: 'zed',
			},
			{
				displayName: 'Zed',
				name: 'zed',
				type: 'string',
				default: '',
				displayOptions: { show: { resource: ['thing'], operation: ['zed'] } },
			},
			{
				displayName: 'Alpha',
				name: 'alpha',
				type: 'string',
				default: '',
				displayOptions: { show: { resource: ['thing'], operation: ['alpha'] } },
			},
		]);
	});

	test('a module cast past the types under another name is refused', () => {
		const alpha = op('alpha', 'Alpha') as unknown as ReturnType<typeof op<'zed'>>;
		expect(() =>
			defineResource({ value: 'thing', name: 'Thing', operations: { zed: alpha }, default: 'zed' }),
		).toThrow('Operation "zed" of "thing" declares "alpha"');
	});
});

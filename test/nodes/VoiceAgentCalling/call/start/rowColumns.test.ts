/**
 * Start reads a parameter that is only a column of the row (`={{ $json.phone }}`) from the
 * row itself (nodes/VoiceAgentCalling/actions/call/start/batchParams.ts). Here a probe node runs in n8n-core's real engine
 * and reads the same parameters both ways, for rows of every kind of value: the answers must
 * be the same, and n8n must have resolved such a parameter once (the proof on the first row
 * read) when every row holds text, a number or true/false.
 */
import fc from 'fast-check';
import type { IDataObject, IExecuteFunctions, INodeType } from 'n8n-workflow';

import { batchParams } from '../../../../../nodes/VoiceAgentCalling/actions/call/start/batchParams';
import { runNode } from '../../../../helpers/harness';

const UNSET = '\u0000unset';
const NAMES = ['a', 'b', 'c'] as const;

const attempt = (read: () => unknown): IDataObject => {
	try {
		return { value: read() as IDataObject };
	} catch (error) {
		return { error: (error as Error).message };
	}
};

/** The probe, a node of this test's own (package.json does not declare it). */
const probe = {
	description: {
		displayName: 'Row Columns Probe',
		name: 'rowColumnsProbe',
		group: ['transform'],
		version: 1,
		description: 'Reads its parameters through batchParams and through n8n',
		defaults: { name: 'Probe' },
		inputs: ['main'],
		outputs: ['main'],
		properties: NAMES.map((name) => ({
			displayName: name,
			name,
			type: 'string' as const,
			default: '',
		})),
	},
	async execute(this: IExecuteFunctions) {
		let resolutions = 0;
		const counted = Object.create(this) as IExecuteFunctions;
		counted.getNodeParameter = ((...args: Parameters<IExecuteFunctions['getNodeParameter']>) => {
			resolutions++;
			return (this.getNodeParameter as (...a: unknown[]) => unknown)(...args);
		}) as IExecuteFunctions['getNodeParameter'];
		const view = batchParams(counted);
		const items = this.getInputData();
		// Every row through the view first (as Start reads them), then through n8n.
		const fast = items.map((_, i) =>
			Object.fromEntries(NAMES.map((n) => [n, attempt(() => view.getNodeParameter(n, i, UNSET))])),
		);
		const viaN8n = items.map((_, i) =>
			Object.fromEntries(NAMES.map((n) => [n, attempt(() => this.getNodeParameter(n, i, UNSET))])),
		);
		return [[{ json: { fast, viaN8n, resolutions } }]];
	},
} as INodeType;

const key = fc.constantFrom('phone', 'Phone Number', 'name', 'x', 'constructor', '$v', '_w');
const leaf = fc.oneof(
	fc.string({ maxLength: 10 }),
	fc.constantFrom('={{ 1 + 1 }}', '{{ $json.phone }}', '', ' ', 'true', '+14155550100'),
	fc.integer(),
	fc.double(),
	fc.boolean(),
	fc.constant(null),
	fc.array(fc.integer(), { maxLength: 2 }),
);
const row = fc.dictionary(key, fc.oneof(leaf, fc.dictionary(key, leaf, { maxKeys: 3 })), {
	maxKeys: 5,
});
const step = fc
	.tuple(key, fc.boolean())
	.map(([k, bracket]) => (bracket || !/^[A-Za-z_$][\w$]*$/.test(k) ? `['${k}']` : `.${k}`));
const expression = fc.oneof(
	fc.array(step, { minLength: 1, maxLength: 2 }).map((steps) => `={{ $json${steps.join('')} }}`),
	fc.constantFrom(
		'={{ $json.phone }} x',
		'fixed text',
		'={{ 42 }}',
		"={{ $json['Phone Number'] || 'none' }}",
	),
);

test('every parameter reads the same through the view as through n8n, for every row', async () => {
	await fc.assert(
		fc.asyncProperty(
			fc.array(row, { minLength: 1, maxLength: 6 }),
			fc.tuple(expression, expression, expression),
			async (rows, expressions) => {
				const parameters = Object.fromEntries(NAMES.map((n, i) => [n, expressions[i]]));
				const { output, error } = await runNode({
					type: 'rowColumnsProbe',
					nodeType: probe,
					parameters,
					items: rows.map((json) => ({ json })),
				});
				expect(error).toBeUndefined();
				const { fast, viaN8n } = output[0].json;
				expect(fast).toEqual(viaN8n);
			},
		),
		{ numRuns: 150 },
	);
});

test('a column of text, numbers or true/false in every row: n8n resolves it once, the proof', async () => {
	const rows = [
		{ phone: '+14155550001', 'Phone Number': 1, ok: true },
		{ phone: '+14155550002', 'Phone Number': 2.5, ok: false },
		{ phone: '+14155550003', 'Phone Number': -3, ok: true },
	];
	const { output } = await runNode({
		type: 'rowColumnsProbe',
		nodeType: probe,
		parameters: { a: '={{ $json.phone }}', b: "={{ $json['Phone Number'] }}", c: '={{$json.ok}}' },
		items: rows.map((json) => ({ json })),
	});
	const { fast, viaN8n, resolutions } = output[0].json as IDataObject;
	const expected = rows.map((r) => ({
		a: { value: r.phone },
		b: { value: r['Phone Number'] },
		c: { value: r.ok },
	}));
	expect(fast).toEqual(expected);
	expect(viaN8n).toEqual(expected);
	expect(resolutions).toBe(3);
});

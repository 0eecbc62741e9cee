/**
 * Every dropdown of every node package.json declares. A field whose list names a method its
 * node does not declare shows "Could not load list: Node type does not have method defined"
 * in the editor (Analytics' Assistant and Campaign did), and nothing else notices: so each
 * searchListMethod / loadOptionsMethod named at any depth (collections, fixedCollections,
 * resource locator modes) must be in its node's `methods`, and each is called once against
 * the sandbox and must list entries.
 */
import type { LoadOptionsContext } from 'n8n-core';
import type {
	INodeListSearchResult,
	INodeParameters,
	INodeProperties,
	INodePropertyOptions,
	INodeType,
} from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { loadOptionsContext, PACKAGE, packageNodeClasses } from '../helpers/harness';
import { packageNodeTypes } from '../helpers/nodes';
import { sandboxCredentials, useSandbox } from '../helpers/sandbox';
import { AGENT_1, KB_1 } from '../sandbox/helpers';

type Kind = 'listSearch' | 'loadOptions';

/** A dropdown: the method it names and the parameter path of its field. */
interface Dropdown {
	kind: Kind;
	method: string;
	field: string;
}

/** Every dropdown of these properties, nested ones included. */
function dropdownsOf(properties: INodeProperties[], at = ''): Dropdown[] {
	const found: Dropdown[] = [];
	for (const p of properties) {
		const field = at ? `${at}.${p.name}` : p.name;
		const { loadOptionsMethod, searchListMethod } = p.typeOptions ?? {};
		if (typeof loadOptionsMethod === 'string')
			found.push({ kind: 'loadOptions', method: loadOptionsMethod, field });
		if (typeof searchListMethod === 'string')
			found.push({ kind: 'listSearch', method: searchListMethod, field });
		for (const mode of p.modes ?? []) {
			const method = mode.typeOptions?.searchListMethod;
			if (typeof method === 'string') found.push({ kind: 'listSearch', method, field });
		}
		for (const option of (p.options ?? []) as unknown[]) {
			if (!option || typeof option !== 'object') continue;
			// A fixedCollection's option groups its fields under `values`; a collection's
			// options are fields themselves; an options list's entries are neither.
			const values = (option as { values?: unknown }).values;
			if (Array.isArray(values)) {
				found.push(
					...dropdownsOf(
						values as INodeProperties[],
						`${field}.${(option as INodeProperties).name}`,
					),
				);
			} else if ('type' in option) {
				found.push(...dropdownsOf([option as INodeProperties], field));
			}
		}
	}
	return found;
}

const nodeType = (type: string): INodeType => {
	const Class = packageNodeClasses().get(`${PACKAGE}.${type}`);
	if (!Class) throw new Error(`package.json declares no node ${type}`);
	return new Class();
};

/**
 * The context n8n gives a dropdown of `type`'s field, with the credential pointing at the
 * sandbox. The panel holds the seeded assistant and knowledge base, as a user fills them
 * before the lists that follow them (versions, numbers, prompt variables, a base's files).
 */
function dropdownContext(sb: Sandbox, type: string, field: string): LoadOptionsContext {
	const current: INodeParameters = {
		assistant: { __rl: true, mode: 'list', value: AGENT_1 },
		knowledgeBaseId: { __rl: true, mode: 'list', value: KB_1 },
	};
	return loadOptionsContext(type, `parameters.${field}`, current, current, sandboxCredentials(sb));
}

/** Calls one dropdown's method as the editor does; its entries as {name, value}. */
async function entriesOf(
	sb: Sandbox,
	type: string,
	{ kind, method, field }: Dropdown,
): Promise<Array<{ name: unknown; value: unknown }>> {
	const fn = nodeType(type).methods?.[kind]?.[method] as
		| ((this: LoadOptionsContext, ...args: unknown[]) => Promise<unknown>)
		| undefined;
	if (!fn) throw new Error(`${type} has no ${kind} method ${method}`);
	const answer = await fn.call(dropdownContext(sb, type, field));
	return kind === 'listSearch'
		? (answer as INodeListSearchResult).results
		: (answer as INodePropertyOptions[]);
}

const described = (d: Dropdown) => `${d.field} (${d.kind} ${d.method})`;

/**
 * The sandbox serves both shapes FACTS gives where the reference and the live service differ.
 * The list that differs: an assistant in the reference's flat shape has no versions.
 */
const SHAPES = ['live', 'docs'] as const;
const EMPTY_IN: Record<(typeof SHAPES)[number], string[]> = {
	live: [],
	// The flat shape carries no classification_labels (FACTS: only the live root does).
	docs: ['listSearch searchVersions', 'loadOptions getClassificationLabels'],
};

describe.each(packageNodeTypes())('%s', (type) => {
	const dropdowns = dropdownsOf(nodeType(type).description.properties);
	/** One call per method: fields that share a method share its answer. */
	const called = [...new Map(dropdowns.map((d) => [`${d.kind} ${d.method}`, d])).values()];

	test('every method its fields name is in its methods, and every method is named', () => {
		const declared = nodeType(type).methods ?? {};
		const missing = dropdowns.filter((d) => !declared[d.kind]?.[d.method]).map(described);
		expect([...new Set(missing)]).toEqual([]);
		// The other way round: a declared method no field names is dead code or a typo.
		const named = new Set(dropdowns.map((d) => `${d.kind} ${d.method}`));
		const unnamed = (['listSearch', 'loadOptions'] as const).flatMap((kind) =>
			Object.keys(declared[kind] ?? {})
				.map((method) => `${kind} ${method}`)
				.filter((key) => !named.has(key)),
		);
		expect(unnamed).toEqual([]);
	});

	if (called.length === 0) {
		test('has no dropdown', () => expect(nodeType(type).methods).toBeUndefined());
		return;
	}

	describe.each(SHAPES)('against the sandbox (%s shape)', (shape) => {
		let sb: Sandbox;
		useSandbox((started) => (sb = started.sb), { shape });

		test.each(called.map((d) => [described(d), d] as const))('%s lists entries', async (_, d) => {
			const entries = await entriesOf(sb, type, d);
			if (EMPTY_IN[shape].includes(`${d.kind} ${d.method}`)) {
				expect(entries).toEqual([]);
				return;
			}
			expect(entries.length).toBeGreaterThan(0);
			for (const entry of entries) {
				expect(typeof entry.name).toBe('string');
				expect(entry.name).not.toBe('');
				expect(typeof entry.value).toBe('string');
				expect(entry.value).not.toBe('');
			}
		});
	});
});

import * as fs from 'node:fs';
import * as path from 'node:path';

import { nodeSourceFiles } from '../helpers/nodes';

/**
 * The codex files decide whether the editor's nodes panel finds the nodes. Its search
 * (n8n 1.123 and 2.x) drops, outside its AI view, every node whose categories include "AI"
 * unless its AI subcategories include "Root Nodes"; a dropped node is found by no alias.
 */

/** Each declared node by its source file's base name (the class name n8n loads). */
const sources = new Map(
	nodeSourceFiles().map((source) => [path.basename(source, '.node'), source]),
);
const declared = [...sources.keys()];

/** A node's type name, from its class (folders follow display names; type names never change). */
const typeOf = (name: string): string => {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const Class = require(sources.get(name)!)[name];
	return new Class().description.name;
};

interface Codex {
	node: string;
	categories: string[];
	subcategories?: Record<string, string[]>;
	alias: string[];
}

const codexOf = (name: string): Codex =>
	JSON.parse(fs.readFileSync(`${sources.get(name)}.json`, 'utf8'));

/** The editor's rule, as its nodes panel applies it outside the AI view. */
const searchable = (c: Codex) =>
	!c.categories.includes('AI') || (c.subcategories?.AI ?? []).includes('Root Nodes');

describe('codex files', () => {
	test('every declared node has one, named after the package and the node', () => {
		expect(declared.length).toBeGreaterThan(0);
		for (const name of declared) {
			expect(codexOf(name).node).toBe(`n8n-nodes-voice-agent.${typeOf(name)}`);
		}
	});

	test.each(declared)('%s is in Communication and visible to the editor search', (name) => {
		const codex = codexOf(name);
		expect(codex.categories).toEqual(['Communication']);
		expect(searchable(codex)).toBe(true);
	});

	test.each(declared)('%s is found by the brand and what it does', (name) => {
		const aliases = codexOf(name).alias.map((a) => a.toLowerCase());
		for (const word of ['ringg', 'voice agent', 'voice', 'phone call', 'ai caller']) {
			expect(aliases).toContain(word);
		}
		expect(new Set(aliases).size).toBe(aliases.length);
	});

	test('the rule above is the one that hid them: "AI" alone is not searchable', () => {
		expect(searchable({ node: '', alias: [], categories: ['Communication', 'AI'] })).toBe(false);
	});
});

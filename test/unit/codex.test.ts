import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The codex files decide whether the editor's nodes panel finds the nodes. Its search
 * (n8n 1.123 and 2.x) drops, outside its AI view, every node whose categories include "AI"
 * unless its AI subcategories include "Root Nodes"; a dropped node is found by no alias.
 */

const NODES = path.join(__dirname, '..', '..', 'nodes');
const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8'));
const declared: string[] = pkg.n8n.nodes.map((p: string) => path.basename(p, '.node.js'));

interface Codex {
	node: string;
	categories: string[];
	subcategories?: Record<string, string[]>;
	alias: string[];
}

const codexOf = (name: string): Codex =>
	JSON.parse(fs.readFileSync(path.join(NODES, name, `${name}.node.json`), 'utf8'));

/** The editor's rule, as its nodes panel applies it outside the AI view. */
const searchable = (c: Codex) =>
	!c.categories.includes('AI') || (c.subcategories?.AI ?? []).includes('Root Nodes');

describe('codex files', () => {
	test('every declared node has one, named after the package and the node', () => {
		expect(declared).toHaveLength(6);
		for (const name of declared) {
			const type = name.charAt(0).toLowerCase() + name.slice(1);
			expect(codexOf(name).node).toBe(`n8n-nodes-voice-agent.${type}`);
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

/**
 * n8n 2.x runs every regex of a node's description (a locator mode's `validation`, a
 * `_cnd: {regex}` display condition) in a vm with a 250 ms timeout, at the start of every
 * execution; on a busy machine that timeout failed a whole workflow before any node ran (seen
 * in CI: "Regular expression execution timed out"). Locator modes therefore carry no regex:
 * the nodes check IDs and numbers themselves, naming the field and the item. No display
 * condition carries one either: the Webhook Trigger's short-secret notice had one, and under
 * load n8n 2.x failed webhook deliveries on it (seen in CI, in the e2e and queue suites).
 */
import type { INodeProperties } from 'n8n-workflow';

import { packageNodeClasses } from '../helpers/harness';

function* regexes(properties: INodeProperties[], at: string): Generator<string> {
	for (const p of properties) {
		const here = `${at} › ${p.name}`;
		for (const mode of p.modes ?? []) {
			for (const v of mode.validation ?? []) {
				if (typeof v === 'object' && v.type === 'regex') yield `${here} (mode ${mode.name})`;
			}
		}
		if (JSON.stringify(p.displayOptions ?? {}).includes('"regex"')) yield `${here} (display)`;
		const nested = (p.options ?? []) as Array<INodeProperties | { values?: INodeProperties[] }>;
		for (const o of nested) {
			if ('values' in o && o.values) yield* regexes(o.values, here);
			else if ('type' in o && 'name' in o) yield* regexes([o as INodeProperties], at);
		}
	}
}

test('no locator mode or display condition of any node carries a regex', () => {
	const found: string[] = [];
	for (const [type, Node] of packageNodeClasses()) {
		found.push(...regexes(new Node().description.properties, type));
	}
	expect(found).toEqual([]);
});

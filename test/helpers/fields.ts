/**
 * The typed field readers (engine/params.ts) over plain values, for modules whose functions
 * take a Fields: what an item's parameters would hold, without an n8n run.
 */
import type { INode } from 'n8n-workflow';

import { fields, type Fields, type ParamSource } from '../../nodes/shared/engine/params';

const node = { name: 'Voice Agent', type: 'x' } as INode;

/** The readers of item `i` whose parameters are `values` (an unset one reads its fallback). */
export function fieldsOf(values: Record<string, unknown>, i = 0): Fields {
	const source: ParamSource = {
		getNode: () => node,
		getNodeParameter: (name, _i, fallback) => (name in values ? values[name] : fallback),
	};
	return fields(source, i);
}

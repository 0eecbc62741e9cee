import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { assistantView } from '../../../shared/assistantVersions';
import { paginate } from '../../../shared/paginate';
import { fields } from '../../../shared/params';
import { expectObject, expectRows, isPlainObject, shapeError } from '../../../shared/shape';
import { apiRequest } from '../../../shared/transport';

/** One assistant, normalised beside its raw record (see shared/assistantVersions.ts). */
export async function readAssistant(
	ctx: IExecuteFunctions,
	agentId: string,
	i: number,
): Promise<IDataObject> {
	const body = await apiRequest.call(ctx, {
		method: 'GET',
		path: `/agent/${encodeURIComponent(agentId)}`,
		itemIndex: i,
	});
	// `{agents: {...}}`: a plural key holding one object (vendor reference).
	return assistantView(expectObject(ctx.getNode(), body.agents, 'agents', i));
}

/**
 * The rows of a `GET /agent/all` page. The service answers `{status, data: {agents: [...]}}`
 * (vendor reference and live, 2026-08/09); a bare `{agents}` is read too. An answer whose
 * list cannot be found is an error: an empty success would hide every assistant.
 */
export function assistantRows(ctx: IExecuteFunctions, body: IDataObject, i: number): IDataObject[] {
	const node = ctx.getNode();
	if (isPlainObject(body.data) && Array.isArray(body.data.agents))
		return expectRows(node, body.data.agents, 'data.agents', i);
	if (Array.isArray(body.agents)) return expectRows(node, body.agents, 'agents', i);
	throw shapeError(node, 'the assistant list', 'is missing (expected data.agents)', i);
}

/** The assistant list page by page, as Return All / Limit ask. */
export async function listAssistants(
	ctx: IExecuteFunctions,
	i: number,
	pageSize: number,
	maxLimit: number,
): Promise<IDataObject[]> {
	const f = fields(ctx, i);
	const returnAll = f.boolean('returnAll', 'Return All', false);
	const max = returnAll ? undefined : f.integer('limit', 'Limit', 50, { min: 1, max: maxLimit });
	return await paginate<IDataObject>(
		async (offset, limit) => {
			const body = await apiRequest.call(ctx, {
				method: 'GET',
				path: '/agent/all',
				qs: { limit, offset },
				itemIndex: i,
			});
			return { rows: assistantRows(ctx, expectObject(ctx.getNode(), body, 'the answer', i), i) };
		},
		{ pageSize, max },
	);
}

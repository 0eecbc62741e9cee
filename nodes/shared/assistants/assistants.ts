/**
 * The readers and the writers of assistants, shared by every node that needs them: GET
 * /agent/{id}, GET /agent/all, PATCH /agent/v1 and DELETE /agent/{id} (the Assistant node,
 * the dropdowns, Update Voice, the Webhook Trigger's registration). Each answer's shape is
 * checked here once.
 */
import type { IDataObject, INode } from 'n8n-workflow';

import { resolveLive, usedPromptVariables, type UsedVariables } from './versions';
import { expectObject, expectRows, isPlainObject, shapeError } from '../http/shape';
import { apiRequest, type ApiContext, type ApiRequest } from '../http/transport';

/** One assistant's record from `GET /agent/{id}` (`{agents: {...}}`, a plural key holding one). */
export async function readAssistantRecord(
	ctx: ApiContext,
	agentId: string,
	itemIndex?: number,
): Promise<IDataObject> {
	const body = await apiRequest.call(ctx, {
		method: 'GET',
		path: `/agent/${encodeURIComponent(agentId)}`,
		itemIndex,
	});
	return expectObject(ctx.getNode(), body.agents, 'agents', itemIndex);
}

/**
 * The `@{{name}}` variables calls with this assistant use (its live version's prompt and intro,
 * or the given version's): one read of GET /agent/{id}. `variables` is undefined when it
 * cannot be told (a multi_node assistant has no readable prompt), with the reason in `note`.
 */
export async function assistantPromptVariables(
	ctx: ApiContext,
	assistantId: string,
	itemIndex?: number,
	options: { versionId?: string } = {},
): Promise<UsedVariables> {
	const agent = await readAssistantRecord(ctx, assistantId, itemIndex);
	return usedPromptVariables(agent, options.versionId);
}

/**
 * The language an assistant speaks. The service answers two shapes (vendor reference and live
 * service, 2026-08/09): flat, with `language` at the root; or versioned, with it in
 * `version_details[active_agent_version_id]`. While an A/B test runs the active id is null:
 * then the version with the traffic speaks (an even split leaves it unknown).
 */
export function assistantLanguage(record: IDataObject): string | undefined {
	// The record itself, or a whole answer `{agents: {...}}`.
	const agent = isPlainObject(record.agents) ? record.agents : record;
	return resolveLive(agent).live?.language ?? undefined;
}

/** Reads the assistant's language; undefined when it cannot be known. */
export async function readAssistantLanguage(
	ctx: ApiContext,
	agentId: string,
	itemIndex?: number,
): Promise<string | undefined> {
	return assistantLanguage(await readAssistantRecord(ctx, agentId, itemIndex));
}

/**
 * The rows of a `GET /agent/all` page. The service answers `{status, data: {agents: [...]}}`
 * (vendor reference and live, 2026-08/09); a bare `{agents}` is read too. An answer whose
 * list cannot be found is an error: an empty success would hide every assistant.
 */
export function assistantRows(node: INode, body: unknown, itemIndex?: number): IDataObject[] {
	const answer = expectObject(node, body, 'the answer', itemIndex);
	if (isPlainObject(answer.data) && Array.isArray(answer.data.agents))
		return expectRows(node, answer.data.agents, 'data.agents', itemIndex);
	if (Array.isArray(answer.agents)) return expectRows(node, answer.agents, 'agents', itemIndex);
	throw shapeError(node, 'the assistant list', 'is missing (expected data.agents)', itemIndex);
}

/** One page of `GET /agent/all`. */
export async function readAssistantsPage(
	ctx: ApiContext,
	page: { offset: number; limit: number },
	itemIndex?: number,
	retry?: ApiRequest['retry'],
): Promise<IDataObject[]> {
	const body = await apiRequest.call(ctx, {
		method: 'GET',
		path: '/agent/all',
		qs: { limit: page.limit, offset: page.offset },
		itemIndex,
		...(retry ? { retry } : {}),
	});
	return assistantRows(ctx.getNode(), body, itemIndex);
}

/** `PATCH /agent/v1`: one edit operation of the service on one assistant (and version). */
export async function patchAssistant(
	ctx: ApiContext,
	body: IDataObject & { operation: string; agent_id: string },
	itemIndex?: number,
): Promise<IDataObject> {
	return await apiRequest.call(ctx, { method: 'PATCH', path: '/agent/v1', body, itemIndex });
}

/** `DELETE /agent/{id}`: a soft delete (the service archives the assistant). */
export async function deleteAssistant(
	ctx: ApiContext,
	agentId: string,
	itemIndex?: number,
): Promise<IDataObject> {
	return await apiRequest.call(ctx, {
		method: 'DELETE',
		path: `/agent/${encodeURIComponent(agentId)}`,
		itemIndex,
	});
}

/**
 * `POST /public/agent` (vendor reference, since 2026-01-22): creates an assistant. Answers
 * `{success: true, data: {id, version, created_at}, message}`; `data` is checked here.
 */
export async function createAssistant(
	ctx: ApiContext,
	body: IDataObject,
	itemIndex?: number,
): Promise<{ data: IDataObject; message?: string }> {
	const answer = await apiRequest.call(ctx, {
		method: 'POST',
		path: '/public/agent',
		body,
		itemIndex,
	});
	const data = expectObject(ctx.getNode(), answer.data, 'data', itemIndex);
	if (typeof data.id !== 'string' || data.id === '')
		throw shapeError(ctx.getNode(), 'data.id', 'is missing', itemIndex);
	return { data, message: typeof answer.message === 'string' ? answer.message : undefined };
}

import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
	INodePropertyOptions,
	NodeApiError,
} from 'n8n-workflow';

import {
	assistantPromptVariables,
	readAssistantLanguage,
	readAssistantRecord,
	readAssistantsPage,
} from './assistants';
import { resolveLive } from './assistantVersions';
import { kbEntries, listKnowledgeBases, readKnowledgeBase } from './knowledgeBases';
import { readCampaignsPage } from './campaigns';
import { expectRows } from './shape';
import { apiRequest } from './transport';

/** Dropdown sources. Each page of the list is one API page; the offset is the paging token. */

const PAGE = 100;
/** Upper bound of pages one dropdown reads (5,000 rows): a dropdown must not read forever. */
const MAX_PAGES = 50;

function matches(filter: string | undefined, ...texts: Array<unknown>): boolean {
	if (!filter) return true;
	const needle = filter.toLowerCase();
	return texts.some((t) => typeof t === 'string' && t.toLowerCase().includes(needle));
}

function nextToken(offset: number, got: number): string | undefined {
	return got < PAGE ? undefined : String(offset + got);
}

interface WorkspaceNumber {
	id: string;
	number: string;
	agent?: { id?: string; agent_display_name?: string } | null;
	// Since 2026-06-12 (vendor reference); absent from older answers.
	is_test_number?: boolean;
	is_spam?: boolean;
	number_pool_id?: string | null;
}

async function numbersPage(ctx: ILoadOptionsFunctions, offset: number): Promise<WorkspaceNumber[]> {
	const body = await apiRequest.call(ctx, {
		method: 'GET',
		path: '/workspace/numbers',
		qs: { limit: PAGE, offset },
	});
	return expectRows(
		ctx.getNode(),
		body.workspace_numbers,
		'workspace_numbers',
	) as unknown as WorkspaceNumber[];
}

/** A number, its assistant, and what the service says of it: a test number, spam, a pool. */
const numberLabel = (n: WorkspaceNumber) => {
	const notes = [
		n.agent?.agent_display_name,
		n.is_test_number === true ? 'test number' : undefined,
		n.is_spam === true ? 'marked as spam' : undefined,
		n.number_pool_id ? 'in a number pool' : undefined,
	].filter(Boolean);
	return notes.length ? `${n.number} (${notes.join(', ')})` : n.number;
};

/** One page of workspace numbers as dropdown entries, labelled with their assistant. */
async function numberResults(
	ctx: ILoadOptionsFunctions,
	filter: string | undefined,
	paginationToken: string | undefined,
	valueField: 'number' | 'id',
): Promise<INodeListSearchResult> {
	const offset = Number(paginationToken ?? 0) || 0;
	const rows = await numbersPage(ctx, offset);
	const results: INodeListSearchItems[] = rows
		.filter(
			(n) =>
				n[valueField] &&
				matches(
					filter,
					n.number,
					n.agent?.agent_display_name,
					valueField === 'id' ? n.id : undefined,
				),
		)
		.map((n) => ({ name: numberLabel(n), value: n[valueField] }));
	return { results, paginationToken: nextToken(offset, rows.length) };
}

/**
 * The assistant chosen in the same node, when it is a plain ID (a locator's value, or a
 * string); undefined when none is chosen or it is an expression the editor cannot know yet.
 */
function chosenAssistant(ctx: ILoadOptionsFunctions): string | undefined {
	return chosenId(ctx, 'assistant');
}

/** A field's plain ID (a locator's value, or a string); undefined when unset or an expression. */
function chosenId(ctx: ILoadOptionsFunctions, field: string): string | undefined {
	const raw = ctx.getCurrentNodeParameter(field) as unknown;
	const value = raw && typeof raw === 'object' ? (raw as { value?: unknown }).value : raw;
	if (typeof value !== 'string') return undefined;
	const id = value.trim();
	return id === '' || id.startsWith('=') ? undefined : id;
}

/**
 * Workspace numbers by the number itself (the from_number of a call). With an assistant
 * chosen above, only its numbers (read from every page, so no paging token); all numbers
 * when none is chosen, or when none of them is attached to it (a list that empty would
 * only puzzle the user: the call decides, not the dropdown).
 */
export async function searchNumbers(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const assistant = chosenAssistant(this);
	if (assistant === undefined) return await numberResults(this, filter, paginationToken, 'number');
	const all: WorkspaceNumber[] = [];
	for (let page = 0; page < MAX_PAGES; page++) {
		const rows = await numbersPage(this, page * PAGE);
		all.push(...rows);
		if (rows.length < PAGE) break;
	}
	const own = all.filter((n) => n.agent?.id === assistant);
	return {
		results: (own.length > 0 ? own : all)
			.filter((n) => n.number && matches(filter, n.number, n.agent?.agent_display_name))
			.map((n) => ({ name: numberLabel(n), value: n.number })),
	};
}

/** Workspace numbers by their `id`, for fields that take a number_id (assistant edits). */
export async function searchNumberIds(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await numberResults(this, filter, paginationToken, 'id');
}

interface AssistantRow {
	id: string;
	name: string;
}

function assistantName(row: IDataObject): string {
	return String(row.agent_display_name ?? row.agent_name ?? row.name ?? row.id);
}

/** The rows of a GET /agent/all answer: `{status, data: {agents}}` (live), or `{agents}`. */
/** The service has no assistant list at all (an endpoint it does not serve). */
function listMissing(error: unknown): boolean {
	const status = String((error as { httpCode?: unknown })?.httpCode ?? '');
	return status === '404' || status === '405';
}

/**
 * Assistants of the workspace from `GET /agent/all` (documented by the vendor, not in the
 * contract). Only where the service does not serve that endpoint (404/405) are the
 * assistants attached to workspace numbers the ones we can know of.
 */
async function assistantsPage(
	ctx: ILoadOptionsFunctions,
	offset: number,
): Promise<{ rows: AssistantRow[]; more: boolean }> {
	let list: IDataObject[] | undefined;
	let failure: unknown;
	try {
		list = await readAssistantsPage(ctx, { offset, limit: PAGE }, undefined, { maxAttempts: 1 });
	} catch (error) {
		failure = error;
	}
	// Already a NodeApiError from the transport: passed on as it is.
	if (failure !== undefined && !listMissing(failure)) throw failure as NodeApiError;
	if (list) {
		return {
			rows: list
				.filter((r) => typeof r.id === 'string' && r.id !== '')
				.map((r) => ({ id: String(r.id), name: assistantName(r) })),
			more: list.length >= PAGE,
		};
	}
	if (offset > 0) return { rows: [], more: false };
	const seen = new Map<string, string>();
	for (let page = 0; page < MAX_PAGES; page++) {
		const numbers = await numbersPage(ctx, page * PAGE);
		for (const n of numbers) {
			if (n.agent?.id && !seen.has(n.agent.id))
				seen.set(n.agent.id, n.agent.agent_display_name ?? n.agent.id);
		}
		if (numbers.length < PAGE) break;
	}
	return { rows: [...seen].map(([id, name]) => ({ id, name })), more: false };
}

export async function searchAssistants(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const offset = Number(paginationToken ?? 0) || 0;
	const { rows, more } = await assistantsPage(this, offset);
	return {
		results: rows
			.filter((a) => matches(filter, a.name, a.id))
			.map((a) => ({ name: a.name, value: a.id })),
		paginationToken: more ? String(offset + rows.length) : undefined,
	};
}

/** The same assistants as options, for multi-select fields (export filter). */
export async function getAssistants(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const all: INodePropertyOptions[] = [];
	let offset = 0;
	for (let page = 0; page < MAX_PAGES; page++) {
		const { rows, more } = await assistantsPage(this, offset);
		all.push(...rows.map((a) => ({ name: a.name, value: a.id })));
		if (!more) break;
		offset += rows.length;
	}
	return all;
}

/**
 * Versions of the assistant chosen in the same node (GET /agent/{id}), labelled with their
 * traffic and which one is live. An assistant in the flat shape has no versions to pick.
 */
export async function searchVersions(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const agentId = chosenAssistant(this);
	if (!agentId) return { results: [] };
	const live = resolveLive(await readAssistantRecord(this, agentId));
	if (live.resolution === 'flat') return { results: [] };
	return {
		results: live.versions
			.filter((v) => v.version_id && matches(filter, v.version_slug, v.version_id))
			.map((v) => {
				const notes = [
					v.call_traffic !== null ? `${v.call_traffic}% of calls` : undefined,
					v === live.live ? 'live' : undefined,
				].filter(Boolean);
				const name = v.version_slug ?? String(v.version_id);
				return {
					name: notes.length ? `${name} (${notes.join(', ')})` : name,
					value: String(v.version_id),
				};
			}),
	};
}

export async function searchCampaigns(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const offset = Number(paginationToken ?? 0) || 0;
	const page = await readCampaignsPage(this, { offset, limit: PAGE, callCount: false });
	const rows = page.rows.filter((c) => c.id);
	return {
		results: rows
			.filter((c) => matches(filter, c.name, c.id))
			.map((c) => ({ name: String(c.name ?? c.id), value: String(c.id) })),
		paginationToken: nextToken(offset, rows.length),
	};
}

/** The same campaigns as options, for multi-select fields (the trigger's Campaign Ended). */
export async function getCampaigns(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const all: INodePropertyOptions[] = [];
	for (let page = 0, offset = 0; page < MAX_PAGES; page++) {
		const { rows } = await readCampaignsPage(this, { offset, limit: PAGE, callCount: false });
		const named = rows.filter((c) => c.id);
		all.push(...named.map((c) => ({ name: String(c.name ?? c.id), value: String(c.id) })));
		if (nextToken(offset, rows.length) === undefined) break;
		offset += rows.length;
	}
	return all;
}

/**
 * Voices that speak the language chosen in the same node (`language`; Update Secondary Voice
 * has no language of its own, so a `voiceLanguage` field that only filters this list), from
 * GET /agent/voices. Update Voice's language "Same as the Assistant" (empty) lists the voices
 * of the language the chosen assistant speaks now; English (US) when that cannot be read.
 */
export async function searchVoices(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const secondary = this.getCurrentNodeParameter('operation') === 'updateSecondaryVoice';
	const chosen = this.getCurrentNodeParameter(secondary ? 'voiceLanguage' : 'language');
	let language = typeof chosen === 'string' ? chosen.trim() : '';
	if (language === '' && !secondary) {
		const assistant = chosenAssistant(this);
		if (assistant !== undefined) {
			// A failed read still leaves a usable list: the dropdown must not break on it.
			language = (await readAssistantLanguage(this, assistant).catch(() => undefined)) ?? '';
		}
	}
	if (language === '') language = 'en-US';
	const body = await apiRequest.call(this, {
		method: 'GET',
		path: '/agent/voices',
		qs: { language },
	});
	const voices = expectRows(this.getNode(), body.voices, 'voices');
	return {
		results: voices
			.filter((v) => typeof v.id === 'string' && matches(filter, v.name, v.id, v.gender))
			.map((v) => ({
				name:
					typeof v.gender === 'string'
						? `${String(v.name ?? v.id)} (${v.gender})`
						: String(v.name ?? v.id),
				value: String(v.id),
				url: voicePreview(v, language),
			})),
	};
}

/**
 * A voice's preview for the language listed: FACTS gives `voice_previews` keyed by language;
 * a flat `voice_preview` (as assistant records carry one) is read too.
 */
function voicePreview(voice: IDataObject, language: string): string | undefined {
	const previews = voice.voice_previews;
	if (previews && typeof previews === 'object' && !Array.isArray(previews)) {
		const url = (previews as IDataObject)[language];
		if (typeof url === 'string') return url;
	}
	return typeof voice.voice_preview === 'string' ? voice.voice_preview : undefined;
}

/** Knowledge bases of the workspace, from GET /external/kb/all (one bare list, no paging). */
export async function searchKnowledgeBases(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const rows = await listKnowledgeBases(this);
	return {
		results: rows
			.filter((k) => typeof k.kb_id === 'string' && k.kb_id !== '')
			.filter((k) => matches(filter, k.kb_name, k.kb_id))
			.map((k) => ({ name: String(k.kb_name ?? k.kb_id), value: String(k.kb_id) })),
	};
}

/** What the chosen knowledge base holds, for Update's removal lists; none until one is chosen. */
async function knowledgeBaseEntries(
	ctx: ILoadOptionsFunctions,
	list: 'files' | 'urls' | 'faqs',
): Promise<INodePropertyOptions[]> {
	const kbId = chosenId(ctx, 'knowledgeBaseId');
	if (kbId === undefined) return [];
	return kbEntries(await readKnowledgeBase(ctx, kbId))[list];
}

export async function getKnowledgeBaseFiles(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await knowledgeBaseEntries(this, 'files');
}

export async function getKnowledgeBaseUrls(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await knowledgeBaseEntries(this, 'urls');
}

export async function getKnowledgeBaseFaqs(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await knowledgeBaseEntries(this, 'faqs');
}

/** searchNumbers as options, for multi-select caller lists (a campaign's From Numbers). */
export async function getNumbers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const { results } = await searchNumbers.call(this);
	return results.map((r) => ({ name: r.name, value: r.value }));
}

/** Workspace users by e-mail, valued by id (a campaign's completion e-mails). */
export async function getUsers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const all: INodePropertyOptions[] = [];
	for (let page = 0; page < MAX_PAGES; page++) {
		const body = await apiRequest.call(this, {
			method: 'GET',
			path: '/workspace/users',
			qs: { limit: PAGE, offset: page * PAGE },
		});
		const rows = expectRows(this.getNode(), body.workspace_users, 'workspace_users');
		for (const u of rows) {
			if (typeof u.id !== 'string') continue;
			const label = [u.email, u.username].find((v) => typeof v === 'string' && v) as string;
			all.push({ name: label ?? u.id, value: u.id });
		}
		if (rows.length < PAGE) break;
	}
	return all;
}

/**
 * The `@{{variables}}` the assistant chosen in the same node uses (its live version's prompt
 * and intro), for a campaign's variable mapping; callee_name is always offered. Empty when
 * no assistant is chosen; a prompt that cannot be read lists only callee_name.
 */
export async function getPromptVariables(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const assistant = chosenAssistant(this);
	if (assistant === undefined) return [];
	const { variables } = await assistantPromptVariables(this, assistant).catch(() => ({
		variables: undefined,
	}));
	const names = ['callee_name', ...(variables ?? []).filter((v) => v !== 'callee_name')];
	return names.map((name) => ({ name, value: name }));
}

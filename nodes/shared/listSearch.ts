import type {
	IDataObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';

import { expectRows, isPlainObject } from './shape';
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
}

async function numbersPage(ctx: ILoadOptionsFunctions, offset: number): Promise<WorkspaceNumber[]> {
	const body = await apiRequest.call(ctx, {
		method: 'GET',
		path: '/workspace/numbers',
		qs: { limit: PAGE, offset },
	});
	return ((body.workspace_numbers as WorkspaceNumber[] | undefined) ?? []).filter(Boolean);
}

const numberLabel = (n: WorkspaceNumber) =>
	n.agent?.agent_display_name ? `${n.number} (${n.agent.agent_display_name})` : n.number;

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
	const raw = ctx.getCurrentNodeParameter('assistant') as unknown;
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

/**
 * Assistants of the workspace. `GET /agent/all` lists them where the service answers it
 * (it is documented by the vendor but not in the contract); otherwise the assistants
 * attached to workspace numbers are the ones we can know of.
 */
async function assistantsPage(
	ctx: ILoadOptionsFunctions,
	offset: number,
): Promise<{ rows: AssistantRow[]; more: boolean }> {
	try {
		const body = await apiRequest.call(ctx, {
			method: 'GET',
			path: '/agent/all',
			qs: { limit: PAGE, offset },
			retry: { maxAttempts: 1 },
			allowList: true,
		});
		const list = (Array.isArray(body) ? body : (body.agents ?? body.data ?? [])) as IDataObject[];
		if (Array.isArray(list)) {
			return {
				rows: list
					.filter((r) => r && r.id)
					.map((r) => ({ id: String(r.id), name: assistantName(r) })),
				more: list.length >= PAGE,
			};
		}
	} catch {
		// Not available on this service: fall back to the numbers below.
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

export async function searchCampaigns(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const offset = Number(paginationToken ?? 0) || 0;
	const body = await apiRequest.call(this, {
		method: 'GET',
		path: '/campaign/all',
		qs: { limit: PAGE, offset, call_count: false },
	});
	const rows = ((body.campaigns as IDataObject[] | undefined) ?? []).filter((c) => c && c.id);
	return {
		results: rows
			.filter((c) => matches(filter, c.name, c.id))
			.map((c) => ({ name: String(c.name ?? c.id), value: String(c.id) })),
		paginationToken: nextToken(offset, rows.length),
	};
}

/**
 * The language an assistant speaks, from `GET /agent/{id}` (`{agents: {...}}`). The service
 * answers two shapes (vendor reference and live service, 2026-08/09): flat, with `language`
 * at the root; or versioned, with it in `version_details[active_agent_version_id]`. While an
 * A/B test runs the active id is null: then only a single version is unambiguous.
 */
export function assistantLanguage(body: IDataObject): string | undefined {
	const agent = isPlainObject(body.agents) ? body.agents : body;
	const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
	const details = isPlainObject(agent.version_details) ? agent.version_details : undefined;
	if (details) {
		const active = text(agent.active_agent_version_id);
		const versions = Object.values(details).filter(isPlainObject);
		const version = active ? details[active] : versions.length === 1 ? versions[0] : undefined;
		if (isPlainObject(version) && text(version.language)) return text(version.language);
	}
	return text(agent.language);
}

/** Reads the assistant's language; undefined when it cannot be known (no ID, no answer). */
export async function readAssistantLanguage(
	ctx: ILoadOptionsFunctions | IExecuteFunctions,
	agentId: string,
	itemIndex?: number,
): Promise<string | undefined> {
	const body = await apiRequest.call(ctx, {
		method: 'GET',
		path: `/agent/${encodeURIComponent(agentId)}`,
		itemIndex,
	});
	return assistantLanguage(body);
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
				url: typeof v.voice_preview === 'string' ? v.voice_preview : undefined,
			})),
	};
}

import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';

import { expectRows } from './shape';
import { apiRequest } from './transport';

/** Dropdown sources. Each page of the list is one API page; the offset is the paging token. */

const PAGE = 100;

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
		.map((n) => ({
			name: n.agent?.agent_display_name ? `${n.number} (${n.agent.agent_display_name})` : n.number,
			value: n[valueField],
		}));
	return { results, paginationToken: nextToken(offset, rows.length) };
}

/** Workspace numbers by the number itself (the from_number of a call). */
export async function searchNumbers(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await numberResults(this, filter, paginationToken, 'number');
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
	for (let page = 0; page < 50; page++) {
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
	for (let page = 0; page < 50; page++) {
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
 * Voices that speak the language chosen in the same node (`language`; Update Secondary Voice
 * has no language of its own, so a `voiceLanguage` field that only filters this list), from
 * GET /agent/voices.
 */
export async function searchVoices(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const secondary = this.getCurrentNodeParameter('operation') === 'updateSecondaryVoice';
	const chosen = this.getCurrentNodeParameter(secondary ? 'voiceLanguage' : 'language');
	const language = typeof chosen === 'string' && chosen.trim() !== '' ? chosen.trim() : 'en-US';
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

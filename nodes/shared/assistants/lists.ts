import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodePropertyOptions,
	NodeApiError,
} from 'n8n-workflow';

import { chosenAssistant, matches, MAX_PAGES, PAGE, tokenOffset } from '../engine/dropdowns';
import { expectRows } from '../http/shape';
import { apiRequest } from '../http/transport';
import { allNumbers } from '../workspace/lists';
import {
	assistantPromptVariables,
	readAssistantLanguage,
	readAssistantRecord,
	readAssistantsPage,
} from './assistants';
import { resolveLive } from './versions';

/** Dropdowns of assistants: the assistants, their versions, voices, prompt variables. */

interface AssistantRow {
	id: string;
	name: string;
}

function assistantName(row: IDataObject): string {
	return String(row.agent_display_name ?? row.agent_name ?? row.name ?? row.id);
}

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
	for (const n of await allNumbers(ctx)) {
		if (n.agent?.id && !seen.has(n.agent.id))
			seen.set(n.agent.id, n.agent.agent_display_name ?? n.agent.id);
	}
	return { rows: [...seen].map(([id, name]) => ({ id, name })), more: false };
}

export async function searchAssistants(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const offset = tokenOffset(paginationToken);
	const { rows, more } = await assistantsPage(this, offset);
	return {
		results: rows
			.filter((a) => matches(filter, a.name, a.id))
			.map((a) => ({ name: a.name, value: a.id })),
		paginationToken: more ? String(offset + rows.length) : undefined,
	};
}

/**
 * The same assistants as options, for multi-select fields (export filter). Its own loop: a
 * page's end is told by `more` (rows without an id are dropped, so not by the row count).
 */
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

/**
 * The classification labels of the assistant chosen in the same node (`classification_labels`
 * at the root of its record, strings), for a trigger's Classification filter. Empty when no
 * assistant is chosen or its record cannot be read: the field still takes free text.
 */
export async function getClassificationLabels(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const assistant = chosenAssistant(this);
	if (assistant === undefined) return [];
	const record = await readAssistantRecord(this, assistant).catch(() => undefined);
	const labels = Array.isArray(record?.classification_labels) ? record.classification_labels : [];
	const names = labels.filter((l): l is string => typeof l === 'string' && l.trim() !== '');
	return [...new Set(names)].map((name) => ({ name, value: name }));
}

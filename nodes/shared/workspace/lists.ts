import type {
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';

import { chosenAssistant, matches, nextToken, PAGE, tokenOffset } from '../engine/dropdowns';
import { allPages } from '../http/paginate';
import { readNumbersPage, readWorkspacePage, USERS, type WorkspaceNumber } from './workspace';

/** Dropdowns of the workspace: its numbers (by number or by id) and its users. */

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

/** Every workspace number, within the dropdown bound. */
export async function allNumbers(ctx: ILoadOptionsFunctions): Promise<WorkspaceNumber[]> {
	return await allPages(async (offset) => ({ rows: await readNumbersPage(ctx, offset, PAGE) }));
}

/** One page of workspace numbers as dropdown entries, labelled with their assistant. */
async function numberResults(
	ctx: ILoadOptionsFunctions,
	filter: string | undefined,
	paginationToken: string | undefined,
	valueField: 'number' | 'id',
): Promise<INodeListSearchResult> {
	const offset = tokenOffset(paginationToken);
	const rows = await readNumbersPage(ctx, offset, PAGE);
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
	const all = await allNumbers(this);
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

/** searchNumbers as options, for multi-select caller lists (a campaign's From Numbers). */
export async function getNumbers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const { results } = await searchNumbers.call(this);
	return results.map((r) => ({ name: r.name, value: r.value }));
}

/** Workspace users by e-mail, valued by id (a campaign's completion e-mails). */
export async function getUsers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const rows = await allPages(async (offset) => ({
		rows: await readWorkspacePage(this, USERS, offset, PAGE),
	}));
	return rows
		.filter((u) => typeof u.id === 'string')
		.map((u) => {
			const label = [u.email, u.username].find((v) => typeof v === 'string' && v) as string;
			return { name: label ?? String(u.id), value: String(u.id) };
		});
}

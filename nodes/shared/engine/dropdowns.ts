import type { ILoadOptionsFunctions } from 'n8n-workflow';

/** What every dropdown source shares: its page size, its bound, its filter and its inputs. */

/** Rows a dropdown asks for per API page; a search list's paging token is the next offset. */
export const PAGE = 100;
/** Upper bound of pages one dropdown reads (5,000 rows): a dropdown must not read forever. */
export const MAX_PAGES = 50;

/** The editor's filter text: a case-insensitive part of any of the texts. */
export function matches(filter: string | undefined, ...texts: Array<unknown>): boolean {
	if (!filter) return true;
	const needle = filter.toLowerCase();
	return texts.some((t) => typeof t === 'string' && t.toLowerCase().includes(needle));
}

/** The paging token after a page of `got` rows read at `offset`; none after a short page. */
export function nextToken(offset: number, got: number): string | undefined {
	return got < PAGE ? undefined : String(offset + got);
}

/** The offset a paging token stands for (the first page without one). */
export function tokenOffset(paginationToken: string | undefined): number {
	return Number(paginationToken ?? 0) || 0;
}

/** A field's plain ID (a locator's value, or a string); undefined when unset or an expression. */
export function chosenId(ctx: ILoadOptionsFunctions, field: string): string | undefined {
	const raw = ctx.getCurrentNodeParameter(field) as unknown;
	const value = raw && typeof raw === 'object' ? (raw as { value?: unknown }).value : raw;
	if (typeof value !== 'string') return undefined;
	const id = value.trim();
	return id === '' || id.startsWith('=') ? undefined : id;
}

/**
 * The assistant chosen in the same node, when it is a plain ID (a locator's value, or a
 * string); undefined when none is chosen or it is an expression the editor cannot know yet.
 */
export function chosenAssistant(ctx: ILoadOptionsFunctions): string | undefined {
	return chosenId(ctx, 'assistant');
}

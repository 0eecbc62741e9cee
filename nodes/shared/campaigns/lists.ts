import type {
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';

import { matches, nextToken, PAGE, tokenOffset } from '../engine/dropdowns';
import { allPages } from '../http/paginate';
import { readCampaignsPage } from './campaigns';

/** Dropdowns of campaigns, from GET /campaign/all. */

export async function searchCampaigns(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const offset = tokenOffset(paginationToken);
	const page = await readCampaignsPage(this, { offset, limit: PAGE, callCount: false });
	const rows = page.rows.filter((c) => c.id);
	return {
		results: rows
			.filter((c) => matches(filter, c.name, c.id))
			.map((c) => ({ name: String(c.name ?? c.id), value: String(c.id) })),
		paginationToken: nextToken(offset, page.rows.length),
	};
}

/** The same campaigns as options, for multi-select fields (the trigger's Campaign Ended). */
export async function getCampaigns(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const rows = await allPages(
		async (offset) => await readCampaignsPage(this, { offset, limit: PAGE, callCount: false }),
	);
	return rows
		.filter((c) => c.id)
		.map((c) => ({ name: String(c.name ?? c.id), value: String(c.id) }));
}

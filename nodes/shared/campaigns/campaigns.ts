/**
 * The one reader of GET /campaign/all, for every node that needs campaigns: the Campaign
 * node (Get Many, Get, Create's look-up of an earlier upload), the polling trigger's
 * Campaign Ended event and the dropdowns. The service has no get-by-id endpoint, so one
 * campaign is found by paging the list.
 *
 * A campaign's status is an open string: the service's reference gives three vocabularies
 * (pending/registered/running/completed/paused; scheduled/ongoing; draft/insufficient_balance
 * for large lists) and no live value. It is output as served; only `isFinalCampaignStatus`
 * interprets it.
 */
import type { IDataObject } from 'n8n-workflow';

import { paginate } from '../http/paginate';
import { expectObject, expectRows } from '../http/shape';
import { apiRequest, type ApiContext, type ApiCredentials } from '../http/transport';

/** The list takes 1 to 1000 rows a page; 100 keeps each answer (with counts) quick. */
export const CAMPAIGN_PAGE_SIZE = 100;
export const CAMPAIGN_MAX_LIMIT = 1000;

export interface CampaignPage {
	rows: IDataObject[];
	total: unknown;
}

/** One page of GET /campaign/all, newest first as the service orders it. */
export async function readCampaignsPage(
	ctx: ApiContext,
	page: { offset: number; limit: number; callCount: boolean },
	itemIndex?: number,
	credentials?: ApiCredentials,
): Promise<CampaignPage> {
	const body = await apiRequest.call(ctx, {
		method: 'GET',
		path: '/campaign/all',
		qs: { limit: page.limit, offset: page.offset, call_count: page.callCount },
		itemIndex,
		credentials,
	});
	const node = ctx.getNode();
	const answer = expectObject(node, body, 'the answer of GET /campaign/all', itemIndex);
	const pagination = answer.pagination;
	return {
		rows: expectRows(node, answer.campaigns, 'campaigns', itemIndex),
		total:
			pagination && typeof pagination === 'object' && !Array.isArray(pagination)
				? (pagination as IDataObject).total
				: undefined,
	};
}

/** Campaigns, all of them or up to `max`, paging until the list proves its end. */
export async function readCampaigns(
	ctx: ApiContext,
	options: { callCount: boolean; max?: number; enough?: (rows: IDataObject[]) => boolean },
	itemIndex?: number,
	credentials?: ApiCredentials,
): Promise<IDataObject[]> {
	return await paginate<IDataObject>(
		async (offset, limit) =>
			await readCampaignsPage(
				ctx,
				{ offset, limit, callCount: options.callCount },
				itemIndex,
				credentials,
			),
		{
			pageSize: CAMPAIGN_PAGE_SIZE,
			max: options.max,
			trustTotal: true,
			enough: options.enough,
		},
	);
}

/** The first campaign the test accepts, reading only as many pages as it takes. */
export async function findCampaign(
	ctx: ApiContext,
	accept: (campaign: IDataObject) => boolean,
	options: { callCount: boolean },
	itemIndex?: number,
): Promise<IDataObject | undefined> {
	let found: IDataObject | undefined;
	await readCampaigns(
		ctx,
		{
			callCount: options.callCount,
			enough: (rows) => {
				found = rows.find(accept);
				return found !== undefined;
			},
		},
		itemIndex,
	);
	return found;
}

/** A campaign's id as the list serves it (compared without case: ids are UUIDs). */
export const sameId = (a: unknown, b: string) =>
	typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

/**
 * Statuses after which a campaign places no more calls. Only the documented ones: completed
 * (all vocabularies) and failed (the dashboard's). Paused, insufficient_balance and draft can
 * still go on, and an unknown status is never taken as final.
 */
const FINAL_STATUSES = new Set(['completed', 'failed']);

export function isFinalCampaignStatus(status: unknown): boolean {
	return typeof status === 'string' && FINAL_STATUSES.has(status.trim().toLowerCase());
}

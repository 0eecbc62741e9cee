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

import { serviceTimeMs } from '../engine/serviceTime';
import { paginate } from '../http/paginate';
import { expectObject, expectRows } from '../http/shape';
import { apiRequestFull, type ApiContext, type ApiCredentials } from '../http/transport';

/** The list takes 1 to 1000 rows a page; 100 keeps each answer (with counts) quick. */
export const CAMPAIGN_PAGE_SIZE = 100;
export const CAMPAIGN_MAX_LIMIT = 1000;

export interface CampaignPage {
	rows: IDataObject[];
	total: unknown;
	/** The service's clock when it answered (its Date header), when it sent one. */
	serviceNowMs?: number;
}

/** The HTTP Date header of an answer, in epoch ms. */
function dateHeader(headers: IDataObject): number | undefined {
	const entry = Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === 'date');
	const ms = typeof entry?.[1] === 'string' ? Date.parse(entry[1]) : NaN;
	return Number.isFinite(ms) ? ms : undefined;
}

/** One page of GET /campaign/all, newest first as the service orders it. */
export async function readCampaignsPage(
	ctx: ApiContext,
	page: { offset: number; limit: number; callCount: boolean },
	itemIndex?: number,
	credentials?: ApiCredentials,
): Promise<CampaignPage> {
	const response = await apiRequestFull.call(ctx, {
		method: 'GET',
		path: '/campaign/all',
		qs: { limit: page.limit, offset: page.offset, call_count: page.callCount },
		itemIndex,
		credentials,
	});
	const node = ctx.getNode();
	const answer = expectObject(node, response.body, 'the answer of GET /campaign/all', itemIndex);
	const pagination = answer.pagination;
	return {
		rows: expectRows(node, answer.campaigns, 'campaigns', itemIndex),
		total:
			pagination && typeof pagination === 'object' && !Array.isArray(pagination)
				? (pagination as IDataObject).total
				: undefined,
		serviceNowMs: dateHeader(response.headers),
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

/**
 * The first campaign the test accepts, reading only as many pages as it takes. The test also
 * gets the service's clock of the page's answer (see campaignAgeMs).
 */
export async function findCampaign(
	ctx: ApiContext,
	accept: (campaign: IDataObject, serviceNowMs: number) => boolean,
	options: { callCount: boolean },
	itemIndex?: number,
): Promise<IDataObject | undefined> {
	let found: IDataObject | undefined;
	await paginate<IDataObject>(
		async (offset, limit) => {
			const page = await readCampaignsPage(
				ctx,
				{ offset, limit, callCount: options.callCount },
				itemIndex,
			);
			const now = page.serviceNowMs ?? Date.now();
			found ??= page.rows.find((c) => accept(c, now));
			return page;
		},
		{ pageSize: CAMPAIGN_PAGE_SIZE, trustTotal: true, enough: () => found !== undefined },
	);
	return found;
}

/**
 * A campaign's `created_at` in epoch ms: ISO 8601 with a zone (SPEC: UTC), or without one,
 * read as UTC, as every service time. Undefined when absent or unreadable.
 */
export function campaignCreatedMs(campaign: IDataObject): number | undefined {
	return serviceTimeMs(campaign.created_at);
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

/**
 * Whether a campaign has been started, from its status. Not started: `pending` (schema enum)
 * and `draft` (the start page's and the large flow's word). Started: the schema's
 * registered, running, paused, completed; the start page's and dashboard's scheduled,
 * ongoing, paused, completed, failed. Anything else (insufficient_balance, a word no source
 * gives, no status) is unknown: the caller must not start it, since it may have been.
 */
const NOT_STARTED = new Set(['pending', 'draft']);
const STARTED = new Set([
	'registered',
	'running',
	'paused',
	'completed',
	'scheduled',
	'ongoing',
	'failed',
]);

export function campaignStartState(status: unknown): 'notStarted' | 'started' | 'unknown' {
	const word = typeof status === 'string' ? status.trim().toLowerCase() : '';
	if (NOT_STARTED.has(word)) return 'notStarted';
	if (STARTED.has(word)) return 'started';
	return 'unknown';
}

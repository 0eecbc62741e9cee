/**
 * The polling trigger's Campaign Ended event: once per campaign that reaches a final status,
 * one item, the campaign as GET /campaign/all?call_count=true lists it (counts included,
 * campaign_status as served). The memory is campaignCursor.ts; this file reads and stores.
 */
import type {
	IDataObject,
	INodeExecutionData,
	INodeProperties,
	IPollFunctions,
} from 'n8n-workflow';

import { readCampaigns } from '../shared/campaigns/campaigns';
import type { Fields } from '../shared/engine/params';
import { UUID_RE } from '../shared/engine/validate';
import { advanceCampaigns, campaignKey, latestEnded, type CampaignRow } from './campaignCursor';

export const CAMPAIGN_ENDED = 'campaignEnded';

/** Fetch Test Event compares the campaigns of at most this many rows (10 pages). */
export const MANUAL_MAX_CAMPAIGNS = 1000;

export const campaignEndedProperties: INodeProperties[] = [
	{
		displayName: 'Campaign Names or IDs',
		name: 'campaigns',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getCampaigns' },
		default: [],
		displayOptions: { show: { event: [CAMPAIGN_ENDED] } },
		// The description is only a tooltip; the hint is on the panel, under the field.
		hint: 'Leave empty to watch every campaign',
		description:
			'Only these campaigns; none selected means every campaign. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName:
			'Fires once per campaign that reaches a final status (completed or failed), with its call counts. On activation the campaigns that have already ended are only recorded.',
		name: 'campaignEndedNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { event: [CAMPAIGN_ENDED] } },
	},
];

const FIELD = 'Campaign Names or IDs';

/** The selected campaigns, lower case (ids are UUIDs); [] means every campaign. */
export function readCampaignFilter(params: Fields): string[] {
	const ids = params.list('campaigns', FIELD, {
		commas: true,
		blank: 'empty',
		of: 'campaign IDs',
	});
	for (const id of ids) {
		if (!UUID_RE.test(id)) throw params.error(FIELD, `"${id}" is not a valid ID (UUID expected)`);
	}
	return ids.map((id) => id.toLowerCase());
}

/** Where the event keeps its memory: the node's workflow static data. */
interface Store {
	campaigns?: unknown;
	/** Call Completed's memory: switching the event starts that one over. */
	cursor?: unknown;
}

// Polls of one workflow in flight, keyed by its static data object: the entry lives only
// while that poll runs (the one kind of module state the design allows).
const running = new WeakSet<object>();

export async function pollCampaignEnded(
	ctx: IPollFunctions,
	selected: string[],
): Promise<INodeExecutionData[][] | null> {
	const wanted = (row: CampaignRow) =>
		selected.length === 0 || selected.includes(campaignKey(row) ?? '');

	if (ctx.getMode() === 'manual') {
		// Fetch Test Event: the most recently ended campaign, without touching the memory.
		const rows = await readCampaigns(ctx, { callCount: true, max: MANUAL_MAX_CAMPAIGNS });
		const found = latestEnded(rows.filter(wanted));
		return found ? [ctx.helpers.returnJsonArray([found as IDataObject])] : null;
	}

	const store = ctx.getWorkflowStaticData('node') as Store;
	// Another poll of this workflow still running covers the list; the next one catches up.
	if (running.has(store)) return null;
	running.add(store);
	try {
		// The whole list, every poll: its order is not documented, so no page can be skipped.
		const rows = await readCampaigns(ctx, { callCount: true });
		// Judged against the memory as stored now: nothing awaits between this and the store.
		const result = advanceCampaigns(store.campaigns, rows);
		store.campaigns = result.state;
		delete store.cursor;
		const items = result.emit.filter(wanted);
		return items.length ? [ctx.helpers.returnJsonArray(items as IDataObject[])] : null;
	} finally {
		running.delete(store);
	}
}

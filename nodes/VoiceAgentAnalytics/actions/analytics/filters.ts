import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { dayInZone } from '../../../shared/engine/dateTime';
import { assistantLocator } from '../../../shared/assistants/fields';
import { VOICEMAIL_FILTERS, voicemailFilter } from '../../../shared/calls/fields';
import { campaignLocator } from '../../../shared/campaigns/fields';
import { fields } from '../../../shared/engine/params';

/**
 * The filters every report takes (vendor reference, 2026-08): a day range sent as
 * YYYY-MM-DD, an assistant, a campaign (its list: the package sends the campaign's ID as
 * bulk_list_id, as the reference's examples do) and voicemail. Both days are always sent:
 * the service's own defaults are a fixed, stale date.
 */
export const DEFAULT_DAYS = 30;

export function filterProperties(campaign: 'optional' | 'required'): INodeProperties[] {
	return [
		{
			displayName: 'Start Date',
			name: 'startDate',
			type: 'dateTime',
			default: '',
			description: `The first day of the report, in the workflow's time zone. Empty: ${DEFAULT_DAYS} days ago.`,
		},
		{
			displayName: 'End Date',
			name: 'endDate',
			type: 'dateTime',
			default: '',
			description: "The last day of the report, in the workflow's time zone. Empty: today.",
		},
		campaignLocator({
			required: campaign === 'required',
			description:
				campaign === 'required'
					? 'The campaign to break down'
					: 'Only the calls of this campaign (leave empty for every call)',
		}),
		assistantLocator({
			required: false,
			description: 'Only the calls of this assistant (leave empty for every assistant)',
		}),
		voicemailFilter('Whether calls where voicemail was detected are counted'),
	];
}

/** The query of item i: both days always, the other filters where set. */
export function readFilters(
	ctx: IExecuteFunctions,
	i: number,
	campaign: 'optional' | 'required',
): IDataObject {
	const f = fields(ctx, i);
	const zone = ctx.getTimezone();
	const now = Date.now();
	const start = f.day('startDate', 'Start Date', zone, dayInZone(now, zone, -DEFAULT_DAYS));
	const end = f.day('endDate', 'End Date', zone, dayInZone(now, zone));
	if (start > end) throw f.error('End Date', `(${end}) is before the Start Date (${start})`);
	const qs: IDataObject = { start_date: start, end_date: end };
	const listId =
		campaign === 'required' || f.locator('campaign', 'Campaign')
			? f.locatorUuid('campaign', 'Campaign')
			: undefined;
	if (listId) qs.bulk_list_id = listId;
	if (f.locator('assistant', 'Assistant')) qs.agent_id = f.locatorUuid('assistant', 'Assistant');
	const voicemail = f.option('voicemail', 'Voicemail', VOICEMAIL_FILTERS, 'any');
	if (voicemail !== 'any') qs.voicemail = voicemail === 'only';
	return qs;
}

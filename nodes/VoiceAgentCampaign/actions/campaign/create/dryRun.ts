/**
 * Campaign Create's Dry Run: one summary item (a campaign is one result of all its items),
 * the report a real run starts with, plus the counts and when the first call would ring.
 * Nothing is uploaded and no earlier campaign is looked up.
 */
import type { IDataObject } from 'n8n-workflow';

import { callWindowPreview, previewSummary } from '../../../../shared/dialling/callee/preview';
import { toLocalDateTime } from '../../../../shared/engine/dateTime';
import type { Contacts } from './contacts';
import type { CreateSettings } from './settings';

export function dryRunReport(
	s: CreateSettings,
	contacts: Contacts,
	report: IDataObject,
): IDataObject {
	const callTime = (s.callConfig.call_time as IDataObject | undefined) ?? {};
	// The campaign rings from its Start (the minute sent: rounded up), inside its daily window.
	const startMinute = Math.ceil(s.startMs / 60_000) * 60_000;
	const window = callWindowPreview(
		{ ...callTime, timezone: s.zone, scheduled_at: toLocalDateTime(startMinute, s.zone) },
		Date.now(),
	);
	const { campaign_name: campaignName, rows_uploaded: rows, ...rest } = report;
	return {
		dry_run: true,
		campaign_name: campaignName,
		rows_to_upload: rows,
		summary: previewSummary(contacts.count + contacts.leftOut.length, contacts.reasons),
		...rest,
		call_window: window,
	};
}

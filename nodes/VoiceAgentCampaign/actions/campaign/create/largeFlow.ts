/**
 * The large-list flow after its upload (FACTS, "Large flow"): wait while the service verifies
 * the list, check the balance, schedule the calls. The reference gives two variants of the
 * answers and two step orders; this relies only on `bulk_list_id` and `status`, checks the
 * balance before scheduling and again when scheduling answers `insufficient_balance`, and
 * outputs every answer as served.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { sendOnce } from '../../../../shared/engine/once';
import { launchBody } from '../launch';
import type { CreateSettings } from './settings';
import {
	checkBalance,
	listIdOf,
	scheduleLargeList,
	waitUntilVerified,
	type UploadForm,
} from './upload';

export async function runLargeFlow(
	ctx: IExecuteFunctions,
	uploaded: IDataObject,
	form: UploadForm,
	s: CreateSettings,
): Promise<IDataObject> {
	const listId = listIdOf(ctx, uploaded, 'bulk_list_id');
	const out: IDataObject = { list_id: listId, upload: uploaded };
	const verified = await waitUntilVerified(ctx, listId, uploaded, {
		maxWaitMs: s.maxVerifyMs,
		pollMs: s.pollMs,
		now: Date.now,
	});
	out.verification = verified.answer;
	if (verified.outcome === 'insufficientBalance' || s.launch)
		out.balance = await checkBalance(ctx, listId);
	// Without Start Right Away the verified list waits; a second submit is never made.
	if (!s.launch) return out;
	const body: IDataObject = {
		bulk_list_id: listId,
		agent_id: form.agentId,
		country_code: form.countryCode,
		campaign_start_time: form.startTime,
		campaign_end_time: form.endTime,
		call_config: form.callConfig,
		...launchBody(s.launch),
	};
	const scheduled = await sendOnce(
		ctx,
		0,
		`campaign schedule${s.onceTag}`,
		async () => await scheduleLargeList(ctx, body),
	);
	out.start = scheduled;
	if (scheduled.status === 'insufficient_balance') out.balance = await checkBalance(ctx, listId);
	return out;
}

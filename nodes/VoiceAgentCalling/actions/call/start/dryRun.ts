/**
 * Start's Dry Run: one output per row, as n8n pairs items. A row that would be called shows
 * its exact body; a listed row shows `skipped`. With Dry Run Report (off by default, so a
 * saved Dry Run outputs what it did) a bad row shows why it would be skipped instead of
 * failing, each called row its call window, and every item the run's summary, so any one of
 * them answers "how many, and why not". A failed read of the service stays an error.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import {
	callWindowPreview,
	previewSummary,
	skipReasonOf,
	type SkipReason,
} from '../../../../shared/dialling/callee/preview';
import type { ItemResult } from '../../../../shared/engine/router';
import type { StartRequest } from './body';
import { Skipped, skippedOutput } from './doNotCall';
import type { RowCheck } from './promptCheck';

export function dryRun(
	requests: Array<StartRequest | Error>,
	promptWarnings: string[][],
	checks: Array<RowCheck | undefined>,
	{ nowMs, report }: { nowMs: number; report: boolean },
): ItemResult[] {
	const skipped: SkipReason[] = [];
	const outputs = requests.map((request, i): ItemResult => {
		if (request instanceof Skipped) {
			skipped.push('do_not_call');
			return { ok: true, output: { dry_run: true, ...skippedOutput(request) } };
		}
		if (request instanceof NodeApiError || (request instanceof Error && !report)) {
			return { ok: false, error: request };
		}
		if (request instanceof Error) {
			const reason = skipReasonOf(request);
			skipped.push(reason);
			return { ok: true, output: { dry_run: true, skipped: reason, problem: request.message } };
		}
		const output: IDataObject = { dry_run: true, body: request.body };
		const warnings = [...request.warnings, ...promptWarnings[i]];
		if (warnings.length) output.warnings = warnings;
		if (checks[i]) output.prompt_variables = { ...checks[i] };
		const callTime = (request.body.call_config as IDataObject | undefined)?.call_time;
		if (callTime && report) output.call_window = callWindowPreview(callTime as IDataObject, nowMs);
		return { ok: true, output };
	});
	if (!report) return outputs;
	const summary = previewSummary(requests.length, skipped);
	return outputs.map((result) =>
		result.ok ? { ok: true, output: { ...(result.output as IDataObject), summary } } : result,
	);
}

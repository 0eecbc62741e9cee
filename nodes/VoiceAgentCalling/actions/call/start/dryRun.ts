/**
 * Start's Dry Run: one output per row, as n8n pairs items. A row that would be called shows
 * its exact body; a listed row shows `skipped`. With Dry Run Report (off by default, so a
 * saved Dry Run outputs what it did) a bad row shows why it would be skipped instead of
 * failing, each called row its call window, and every item the run's summary, so any one of
 * them answers "how many, and why not". A failed read of the service stays an error.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { callWindowPreview, previewSummary } from '../../../../shared/dialling/callee/preview';
import {
	refusalCode,
	skipOutput,
	type RefusalCode,
	type SkipCode,
} from '../../../../shared/dialling/callee/verdict';
import type { ItemResult } from '../../../../shared/engine/router';
import type { StartRow } from './body';
import type { RowCheck } from './promptCheck';

export function dryRun(
	rows: StartRow[],
	promptWarnings: string[][],
	checks: Array<RowCheck | undefined>,
	{ nowMs, report }: { nowMs: number; report: boolean },
): ItemResult[] {
	const skipped: Array<SkipCode | RefusalCode> = [];
	const outputs = rows.map((row, i): ItemResult => {
		if (row.verdict === 'skip') {
			skipped.push(row.code);
			return { ok: true, output: { dry_run: true, ...skipOutput(row, row.number) } };
		}
		// A failed read of the service stays an error, as does every refusal without the report.
		if (row.verdict === 'refuse' && (row.error instanceof NodeApiError || !report)) {
			return { ok: false, error: row.error };
		}
		if (row.verdict === 'refuse') {
			const code = refusalCode(row);
			skipped.push(code);
			return { ok: true, output: { dry_run: true, skipped: code, problem: row.error.message } };
		}
		const request = row.value;
		const output: IDataObject = { dry_run: true, body: request.body };
		const warnings = [...request.warnings, ...promptWarnings[i]];
		if (warnings.length) output.warnings = warnings;
		if (checks[i]) output.prompt_variables = { ...checks[i] };
		const callTime = (request.body.call_config as IDataObject | undefined)?.call_time;
		if (callTime && report) output.call_window = callWindowPreview(callTime as IDataObject, nowMs);
		return { ok: true, output };
	});
	if (!report) return outputs;
	const summary = previewSummary(rows.length, skipped);
	return outputs.map((result) =>
		result.ok ? { ok: true, output: { ...(result.output as IDataObject), summary } } : result,
	);
}

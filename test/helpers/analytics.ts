/** What the Analytics node's tests share: its parameters and the default day range. */
import type { IDataObject } from 'n8n-workflow';

/** YYYY-MM-DD in UTC (the harness runs workflows in UTC), moved by `days`. */
export const utcDay = (nowMs: number, days = 0) =>
	new Date(nowMs + days * 86400000).toISOString().slice(0, 10);

/**
 * The default range [30 days ago, today] as the node computes it during a run that started at
 * or after `before` and ended by `after` (two ranges only when the run crossed midnight).
 */
export const defaultRanges = (before: number, after: number) =>
	[before, after].map((ms) => ({ start_date: utcDay(ms, -30), end_date: utcDay(ms) }));

export const report = (operation: string, parameters: IDataObject = {}) => ({
	type: 'voiceAgentAnalytics',
	parameters: { resource: 'analytics', operation, ...parameters },
});

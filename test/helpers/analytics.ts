/** What the Analytics node's tests share: its parameters and the default day range. */
import type { IDataObject } from 'n8n-workflow';

import { mockApi, runNode } from './harness';

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

/**
 * A report whose answer goes out exactly as served: two input items, two requests with the
 * item's days, two outputs paired with their items.
 */
export function servedAsIs(operation: string, path: string, answer: IDataObject) {
	return async () => {
		const scope = mockApi()
			.get(path)
			.query({ start_date: '2026-05-01', end_date: '2026-05-31' })
			.times(2)
			.reply(200, answer);
		const { output, error } = await runNode({
			...report(operation, { startDate: '2026-05-01', endDate: '2026-05-31' }),
			items: [{ json: {} }, { json: {} }],
		});
		expect(error).toBeUndefined();
		expect(output).toEqual([
			{ json: answer, pairedItem: { item: 0 } },
			{ json: answer, pairedItem: { item: 1 } },
		]);
		scope.done();
	};
}

/** Check Calls' input as the tests write it: items of Start's output, one call each. */
import type { IDataObject } from 'n8n-workflow';

import { AGENT } from './fixtures';
import { BASE_URL, mockApi } from './harness';

/** Call n's id: 00000000-0000-4000-8000-00000000000n. */
export const callId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * An item of Start's output (its call record, trimmed to what Check Calls reads): call n of
 * the fixtures' assistant, ongoing, created at `createdAt`.
 */
export const startedCall = (
	n: number,
	createdAt: string,
	extra: IDataObject = {},
): IDataObject => ({
	call_id: callId(n),
	status: 'ongoing',
	assistant: { id: AGENT },
	created_at: createdAt,
	...extra,
});

/** A completed 60 s call n of the history, as the trigger's sweep reads it, ended at `endedMs`. */
export const endedCall = (n: number, endedMs: number) => ({
	id: callId(n),
	status: 'completed',
	agent: { id: AGENT },
	created_at: new Date(endedMs - 60_000).toISOString(),
	call_attempt_time: new Date(endedMs - 60_000).toISOString(),
	call_duration: 60,
});

/** A call of the served history: its creation time, its status now, whether it is listed yet. */
export interface ServedCall {
	id: string;
	createdMs: number;
	status: string;
	/** False for a row that shows up late: not listed yet, known to its details. */
	listed?: boolean;
}

/** How the service answers `total`: a count, the string "many", or not at all (FACTS.md). */
export type TotalReading = 'count' | 'many' | 'absent';

/**
 * GET /calling/history and /calling/call-details of one assistant's whole history, as the
 * service serves it: the calls created in the window asked for, newest first, in pages of at
 * most `cap` rows (its limit echoed), with `total` as `reading` says. Every request is logged
 * as path and query, in order; the calls may change status between requests (mutable).
 */
export function servedHistory(
	calls: ServedCall[],
	{ reading = 'count', cap = 100 }: { reading?: TotalReading; cap?: number } = {},
) {
	const newestFirst = [...calls].sort(
		(a, b) => b.createdMs - a.createdMs || (a.id < b.id ? 1 : -1),
	);
	const byId = new Map(calls.map((c) => [c.id, c]));
	const requests: string[] = [];
	const base = new URL(BASE_URL).pathname;
	const row = (c: ServedCall) => ({
		id: c.id,
		status: c.status,
		created_at: new Date(c.createdMs).toISOString(),
		agent: { id: AGENT },
		call_duration: 30,
		call_type: 'outbound',
	});
	mockApi()
		.persist()
		.get('/calling/history')
		.query(true)
		.reply((uri) => {
			requests.push(uri.slice(base.length));
			const qs = new URL(uri, BASE_URL).searchParams;
			const [from, to] = [Date.parse(qs.get('start_date')!), Date.parse(qs.get('end_date')!)];
			const listed = newestFirst.filter(
				(c) =>
					c.listed !== false &&
					qs.get('agent_id') === AGENT &&
					c.createdMs >= from &&
					c.createdMs <= to,
			);
			const offset = Number(qs.get('offset'));
			const limit = Math.min(cap, Number(qs.get('limit')));
			const page = listed.slice(offset, offset + limit).map(row);
			const total = { count: { total: listed.length }, many: { total: 'many' }, absent: {} }[
				reading
			];
			return [200, { calls: page, limit, offset, count: page.length, ...total }];
		});
	mockApi()
		.persist()
		.get('/calling/call-details')
		.query(true)
		.reply((uri) => {
			requests.push(uri.slice(base.length));
			const call = byId.get(String(new URL(uri, BASE_URL).searchParams.get('id')));
			if (!call) return [404, { detail: 'Call not found' }];
			return [200, { status: 'success', data: { id: call.id, call_status: call.status } }];
		});
	return {
		requests,
		history: () => requests.filter((r) => r.startsWith('/calling/history')).length,
		details: () => requests.filter((r) => r.startsWith('/calling/call-details')).length,
	};
}

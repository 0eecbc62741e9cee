/**
 * Call Back's history pages per item in the loop users run (Call Ended -> Call Back, every
 * minute), against an in-memory service as FACTS describes it: GET /calling/history filters
 * created_at by start_date/end_date and agent_id, newest first, limit/offset, echoing its
 * numeric total; call details for any call; one assistant; starts answered. Date.now is a
 * virtual clock. Used by callBack.pages.test.ts (small, exact) and bench/callBackPages.js.
 *
 * The assistant places `perDay` calls a day, evenly, each to its own callee, from Look Back
 * and two days before the first poll; each ends after a seeded duration: 85 % within 2 to 5
 * minutes, 10 % 1 to 6 hours later, 5 % 6 to 20 hours later (scheduled or retried calls; the
 * population of shared/costs-at-scale.md), or with `ages: 'young'` all within 2 to 5 minutes.
 * Each poll's items are the calls that ended in the minute before it, as the trigger's records.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { AGENT } from './fixtures';
import { BASE_URL, runNode } from './harness';
import { seeded } from './seeded';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const FROM = '+14155550100';
/** How long an answered attempt talks: its start is this long before the call ended. */
const TALK_MS = MIN;

export interface PagesOptions {
	perDay: number;
	lookBackDays: number;
	/** Whether history rows and details show parent_call_id (null for first calls). */
	shown: boolean;
	/** Polls of one minute each. */
	polls: number;
	/** Each item in a run of its own (each item's cost before runs shared their reads). */
	alone?: boolean;
	/** 'young': every call ends 2 to 5 minutes after it was made (no scheduled or retried one). */
	ages?: 'mixed' | 'young';
	/**
	 * Rows carry call_attempt_time (SPEC: the attempt's start; here the last, a minute before
	 * the call ended) and call_duration, and the trigger's items started_at, as the trigger
	 * writes them. Without it, neither is told: the reading of a service that leaves them out.
	 */
	attemptTimes?: boolean;
	seed?: number;
}

export interface PagesFigures {
	items: number;
	runs: number;
	historyPages: number;
	details: number;
	pagesPerItem: number;
	detailsPerItem: number;
}

interface Call {
	id: string;
	ms: number;
	endMs: number;
	row: IDataObject;
}

const idOf = (n: number) => `c0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function durationMs(random: () => number, ages: PagesOptions['ages']): number {
	const r = ages === 'young' ? 0 : random();
	if (r < 0.85) return 2 * MIN + random() * 3 * MIN;
	if (r < 0.95) return HOUR + random() * 5 * HOUR;
	return 6 * HOUR + random() * 14 * HOUR;
}

/**
 * The calls, oldest first, from Look Back and two days before `startMs` to the last poll. Made
 * newest first, so that the same seed gives the same recent calls whatever Look Back adds.
 */
function population(o: PagesOptions, startMs: number): Call[] {
	const random = seeded(o.seed ?? 48);
	const step = DAY / o.perDay;
	const first = startMs - (o.lookBackDays + 2) * DAY;
	const calls: Call[] = [];
	for (let n = 0, ms = startMs + o.polls * MIN; ms >= first; n++, ms -= step) {
		const at = Math.round(ms);
		const id = idOf(n);
		calls.push({
			id,
			ms: at,
			endMs: at + durationMs(random, o.ages),
			row: {
				id,
				to_number: `+1212${String(n).padStart(7, '0')}`,
				name: 'Ada',
				status: 'completed',
				created_at: new Date(at).toISOString(),
				agent: { id: AGENT, agent_name: 'Bench' },
				...(o.shown ? { parent_call_id: null } : {}),
			},
		});
		const call = calls[calls.length - 1];
		if (o.attemptTimes) {
			call.row.call_attempt_time = new Date(call.endMs - TALK_MS).toISOString();
			call.row.call_duration = TALK_MS / 1000;
		}
	}
	return calls.reverse();
}

/** The first index of `calls` (by time) at or after `ms`. */
function firstAtOrAfter(calls: Call[], ms: number): number {
	let lo = 0;
	let hi = calls.length;
	while (lo < hi) {
		const mid = (lo + hi) >> 1;
		if (calls[mid].ms < ms) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

/** The in-memory service; counts history pages and details reads. */
function serve(calls: Call[], byId: Map<string, Call>, o: PagesOptions, count: PagesFigures) {
	const scope = nock(BASE_URL).persist();
	scope
		.get('/calling/history')
		.query(true)
		.reply((uri) => {
			count.historyPages++;
			const q = new URL(uri, BASE_URL).searchParams;
			const lo = firstAtOrAfter(calls, Date.parse(q.get('start_date')!));
			// Nothing is served that the service has not made yet.
			const endMs = Math.min(Date.parse(q.get('end_date')!), Date.now());
			const hi = Math.max(lo, firstAtOrAfter(calls, endMs + 1));
			const limit = Number(q.get('limit'));
			const offset = Number(q.get('offset'));
			const top = Math.max(lo, hi - offset);
			const page = calls.slice(Math.max(lo, top - limit), top).reverse();
			const rows = page.map((c) => c.row);
			return [200, { calls: rows, limit, offset, count: rows.length, total: hi - lo }];
		});
	scope
		.get('/calling/call-details')
		.query(true)
		.reply((uri) => {
			count.details++;
			const id = new URL(uri, BASE_URL).searchParams.get('id')!;
			const call = byId.get(id);
			if (!call) return [404, { detail: 'Call not found' }];
			const data: IDataObject = {
				id,
				call_direction: 'outbound',
				call_status: 'completed',
				from_number: FROM,
				to_number: call.row.to_number,
				callee_name: 'Ada',
				agent_id: AGENT,
				initiation_time: call.row.created_at,
				...(o.shown ? { parent_call_id: null } : {}),
			};
			return [200, { status: 'success', data }];
		});
	scope
		.get(/^\/ca\/api\/v0\/agent\/[^/]+$/)
		.reply(200, { agents: { id: AGENT, agent_config: { agent_prompt: 'Hi', intro_message: '' } } });
	let placed = 0;
	scope.post('/calling/outbound/individual').reply(() => [
		200,
		{
			status: 'success',
			message: 'Call initiated successfully',
			data: { call_id: idOf(900_000_000 + placed++), call_status: 'registered', agent_id: AGENT },
		},
	]);
}

/** The trigger's record of an ended call. */
const itemOf = (c: Call, o: PagesOptions) => ({
	json: {
		call_id: c.id,
		status: 'completed',
		created_at: c.row.created_at,
		assistant: { id: AGENT },
		to_number: c.row.to_number,
		from_number: FROM,
		callee_name: 'Ada',
		...(o.attemptTimes ? { started_at: c.row.call_attempt_time } : {}),
		...(o.shown ? { parent_call_id: null } : {}),
	},
});

/** Runs the polls and returns the figures. Call with Date.now free to be mocked. */
export async function measurePages(o: PagesOptions): Promise<PagesFigures> {
	const startMs = Date.parse('2026-12-01T00:00:00Z');
	const calls = population(o, startMs);
	const byId = new Map(calls.map((c) => [c.id, c]));
	const byEnd = [...calls].sort((a, b) => a.endMs - b.endMs);
	const count: PagesFigures = {
		items: 0,
		runs: 0,
		historyPages: 0,
		details: 0,
		pagesPerItem: 0,
		detailsPerItem: 0,
	};
	serve(calls, byId, o, count);
	const clock = jest.spyOn(Date, 'now');
	try {
		for (let p = 1; p <= o.polls; p++) {
			const nowMs = startMs + p * MIN;
			clock.mockReturnValue(nowMs);
			const ended = byEnd.filter((c) => c.endMs > nowMs - MIN && c.endMs <= nowMs);
			const runs = o.alone ? ended.map((c) => [c]) : ended.length ? [ended] : [];
			for (const run of runs) {
				const { error } = await runNode({
					type: 'voiceAgentCalling',
					parameters: {
						resource: 'call',
						operation: 'callBack',
						when: 'now',
						lookBackDays: o.lookBackDays,
					},
					items: run.map((c) => itemOf(c, o)),
				});
				if (error) throw error;
				count.runs++;
				count.items += run.length;
			}
		}
	} finally {
		clock.mockRestore();
		nock.cleanAll();
	}
	count.pagesPerItem = count.historyPages / Math.max(1, count.items);
	count.detailsPerItem = count.details / Math.max(1, count.items);
	return count;
}

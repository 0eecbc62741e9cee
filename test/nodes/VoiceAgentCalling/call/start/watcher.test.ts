/**
 * Start's watcher (watcher.ts), on its own: the pending calls checked together from one
 * history page a round, an ended call output through the finish step, one whose Max Wait runs
 * out output with timed_out, and a read the key is refused for failing its row at once with
 * "started, do not start it again". The clock is the test's: every round here is due at once.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	Watcher,
	type WatchedCall,
} from '../../../../../nodes/VoiceAgentCalling/actions/call/start/watcher';
import { callId } from '../../../../helpers/checkCalls';
import { AGENT } from '../../../../helpers/fixtures';
import { CREDENTIALS, expectAllMocksUsed, mockApi } from '../../../../helpers/harness';
import { OUTBOUND_ROW } from '../../../../helpers/history';
import { probe } from '../../../../helpers/probe';

expectAllMocksUsed();

const AT = '2026-11-25T12:00:00.000+00:00';
const T = Date.parse(AT) + 10_000;

/** Call n, started at AT and polled every 2 s, with `maxWaitMs`. */
const watched = (n: number, maxWaitMs: number): WatchedCall => ({
	index: n,
	callId: callId(n),
	agentId: AGENT,
	createdMs: Date.parse(AT),
	startedAt: T - 2_000,
	pollMs: 2_000,
	maxWaitMs,
	includeAnalysis: false,
});

const row = (n: number, status: string) => ({
	id: callId(n),
	status,
	to_number: `+1415555${1000 + n}`,
	created_at: AT,
	agent: { id: AGENT },
	...OUTBOUND_ROW,
});

/** The watcher over `calls` (dialling over) at item 0: each row's result, what it asked, and its stats. */
const watch = (calls: WatchedCall[]) =>
	probe(async (ctx, i) => {
		if (i > 0) return null;
		const finished: number[] = [];
		const watcher = new Watcher(ctx, {
			credentials: CREDENTIALS,
			concurrency: 2,
			stop: () => false,
			now: () => T,
			finish: async (_ctx, call, output) => {
				finished.push(call.index);
				return { ...output, finished: true };
			},
		});
		for (const call of calls) watcher.add(call);
		watcher.dialFinished();
		await watcher.run();
		const results = calls.map(({ index }) => {
			const r = watcher.result(index)!;
			if (!r.ok) return { error: [r.error.message, (r.error as Error & IDataObject).description] };
			const out = r.output as IDataObject;
			return {
				call_id: out.call_id,
				status: out.status,
				timed_out: out.timed_out,
				finished: out.finished,
			};
		});
		return {
			results,
			finished,
			watches: [watcher.watches(0), watcher.watches(9)],
			hasFailures: watcher.hasFailures(),
			stats: watcher.stats,
		};
	});

test('one history page for both: the ended call output, the other out of its Max Wait', async () => {
	const asked: IDataObject[] = [];
	mockApi()
		.get('/calling/history')
		.query((q) => (asked.push(q), true))
		.reply(200, { calls: [row(0, 'completed'), row(1, 'ongoing')] });
	const { values, error } = await watch([watched(0, 60_000), watched(1, 1_000)]);
	expect(error).toBeUndefined();
	// The assistant's calls created within a second of the calls' creation, one page.
	expect(asked).toEqual([
		{
			agent_id: AGENT,
			start_date: '2026-11-25T11:59:59.000Z',
			end_date: '2026-11-25T12:00:01.000Z',
			limit: '100',
			offset: '0',
		},
	]);
	expect(values[0]).toEqual({
		results: [
			{ call_id: callId(0), status: 'completed', timed_out: false, finished: true },
			{ call_id: callId(1), status: 'ongoing', timed_out: true, finished: true },
		],
		finished: [0, 1],
		watches: [true, false],
		hasFailures: false,
		stats: { rounds: 1, historyRequests: 1, detailsRequests: 0, historyBudget: 1 },
	});
});

test('the key refused: the row fails at once, saying the call was started', async () => {
	mockApi().get('/calling/history').query(true).reply(401, { detail: 'Invalid API key' });
	const { values } = await watch([watched(0, 60_000)]);
	expect(values[0]).toEqual({
		results: [
			{
				error: [
					'Invalid API key',
					`The call ${callId(0)} was started; only waiting for it to end failed. Do not start it again. Check the API key in the Voice Agent API credential. A regenerated key makes the old one stop working at once.`,
				],
			},
		],
		finished: [],
		watches: [true, false],
		hasFailures: true,
		stats: { rounds: 1, historyRequests: 1, detailsRequests: 0, historyBudget: 1 },
	});
});

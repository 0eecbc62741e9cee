/**
 * One sweep of the safety net, pure: what it asks the history for, the baseline at the first
 * sweep, the grace period a newly seen call waits in `pending`, and the one item per call
 * whose primary event never came.
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import {
	cursorOptions,
	PENDING_CAP,
	sweep,
	type SweepOptions,
	type SweepState,
} from '../../../nodes/VoiceAgentInstantTrigger/sweep';
import type { HistoryQuery } from '../../../nodes/shared/calls/history';
import { callId, endedCall } from '../../helpers/checkCalls';
import { AGENT } from '../../helpers/fixtures';

const T0 = Date.parse('2026-11-25T12:00:00Z');
const MIN = 60_000;
const options: SweepOptions = {
	lookbackMs: 24 * 60 * MIN,
	graceMs: 5 * MIN,
	agentId: AGENT,
	eventType: 'all_processing_completed',
};
/** A completed call of the history that ended at `endedMs` (a 60 s call). */
const row = endedCall;

/** The history as the sweep reads it, newest first, and the queries it was asked. */
function history(rows: () => IDataObject[]) {
	const asked: HistoryQuery[] = [];
	const fetchPage = async (qs: HistoryQuery) => {
		asked.push(qs);
		const all = [...rows()].reverse();
		const offset = Number(qs.offset ?? 0);
		return { rows: all.slice(offset, offset + Number(qs.limit ?? all.length)) };
	};
	return { asked, fetchPage };
}
const details = (read: string[]) => async (id: string) => {
	read.push(id);
	return { id, platform_analysis: { summary: `about ${id}` } };
};

test('cursorOptions: the polling cursor over every completed call of the assistant', () => {
	expect(cursorOptions(options)).toEqual({
		lookbackMs: options.lookbackMs,
		emitRecentMs: 0,
		agentId: AGENT,
		callTypes: [],
		voicemail: 'any',
	});
	expect(PENDING_CAP).toBe(2000);
});

describe('sweep', () => {
	test('the first sweep asks for the completed calls of the lookback, records them, emits none', async () => {
		const { asked, fetchPage } = history(() => [row(1, T0 - 30 * MIN)]);
		const read: string[] = [];
		const result = await sweep(undefined, T0, options, fetchPage, details(read), () => false);
		expect(asked[0]).toMatchObject({
			status: 'completed',
			start_date: '2026-11-24T12:00:00+00:00',
			agent_id: AGENT,
			offset: 0,
		});
		expect([result.items, result.baseline, result.state.at, result.state.pending]).toEqual([
			[],
			true,
			T0,
			{},
		]);
		expect(read).toEqual([]);
	});

	test('a new call waits the grace period, then is emitted once with its details', async () => {
		let rows = [row(1, T0 - 30 * MIN)];
		const { fetchPage } = history(() => rows);
		const read: string[] = [];
		const run = (state: SweepState | undefined, now: number) =>
			sweep(state, now, options, fetchPage, details(read), () => false);
		let { state } = await run(undefined, T0);

		rows = [...rows, row(2, T0 + MIN)];
		const seen = await run(state, T0 + 2 * MIN);
		expect([seen.items, seen.baseline, seen.state.pending]).toEqual([
			[],
			false,
			{ [callId(2)]: T0 + 2 * MIN },
		]);

		const early = await run(seen.state, T0 + 6 * MIN);
		expect([early.items, early.state.pending]).toEqual([[], { [callId(2)]: T0 + 2 * MIN }]);

		const due = await run(early.state, T0 + 7 * MIN);
		expect(due.items).toEqual([
			expect.objectContaining({
				event_type: 'all_processing_completed',
				event_id: null,
				occurred_at: new Date(T0 + MIN).toISOString().replace('.000Z', '+00:00'),
				source: 'safety_net',
				call_id: callId(2),
				summary: `about ${callId(2)}`,
			}),
		]);
		expect(due.state.pending).toEqual({});
		expect(read).toEqual([callId(2)]);
		state = due.state;

		expect((await run(state, T0 + 20 * MIN)).items).toEqual([]);
	});

	test('a call whose event arrived meanwhile leaves pending without a read', async () => {
		let rows = [row(1, T0 - 30 * MIN)];
		const { fetchPage } = history(() => rows);
		const read: string[] = [];
		const covered = new Set<string>();
		const run = (state: SweepState | undefined, now: number) =>
			sweep(state, now, options, fetchPage, details(read), (id) => covered.has(id));
		const { state } = await run(undefined, T0);
		rows = [...rows, row(2, T0 + MIN), row(3, T0 + MIN)];
		const seen = await run(state, T0 + 2 * MIN);
		covered.add(callId(2));
		const due = await run(seen.state, T0 + 8 * MIN);
		expect(due.items.map((i) => i.call_id)).toEqual([callId(3)]);
		expect(read).toEqual([callId(3)]);
		expect(due.state.pending).toEqual({});
	});

	test('pending read back from static data drops what is malformed', async () => {
		const { fetchPage } = history(() => []);
		const result = await sweep(
			{ pending: { a: T0, b: 'x', c: Number.NaN } as never, at: T0 },
			T0 + MIN,
			options,
			fetchPage,
			details([]),
			() => false,
		);
		expect(result.state.pending).toEqual({ a: T0 });
	});

	test('any calls ending between sweeps, any of them covered: each other call emitted once, in the order they ended, none before its grace', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.array(fc.record({ endsAt: fc.integer({ min: 1, max: 40 }), covered: fc.boolean() }), {
					maxLength: 12,
				}),
				fc.integer({ min: 1, max: 7 }),
				async (calls, every) => {
					let now = T0;
					const rows = () =>
						calls
							.map((c, n) => ({ c, n }))
							.filter(({ c }) => T0 + c.endsAt * MIN <= now)
							.sort((a, b) => a.c.endsAt - b.c.endsAt)
							.map(({ c, n }) => row(n, T0 + c.endsAt * MIN));
					const { fetchPage } = history(rows);
					const covered = (id: string) => calls[Number(id.slice(-12))]?.covered ?? false;
					let state = (await sweep(undefined, now, options, fetchPage, details([]), covered)).state;
					const emitted: Array<{ id: string; at: number }> = [];
					while (now < T0 + 60 * MIN) {
						now += every * MIN;
						const result = await sweep(state, now, options, fetchPage, details([]), covered);
						const ends = result.items.map(
							(i) => calls[Number(String(i.call_id).slice(-12))].endsAt,
						);
						expect(ends).toEqual([...ends].sort((a, b) => a - b));
						for (const item of result.items) emitted.push({ id: String(item.call_id), at: now });
						state = result.state;
					}
					const expected = calls
						.map((c, n) => ({ c, n }))
						.filter(({ c }) => !c.covered)
						.sort((a, b) => a.c.endsAt - b.c.endsAt || a.n - b.n)
						.map(({ n }) => callId(n));
					expect(emitted.map((e) => e.id).sort()).toEqual([...expected].sort());
					for (const e of emitted) {
						const endsAt = T0 + calls[Number(e.id.slice(-12))].endsAt * MIN;
						expect(e.at - endsAt).toBeGreaterThanOrEqual(options.graceMs);
					}
				},
			),
			{ numRuns: 100, seed: 20260101 },
		);
	});
});

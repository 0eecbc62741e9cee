/**
 * Call › Check Calls: what a check costs, priced on ALL of the assistant's calls, not only the
 * sheet's. The service here is an honest one (servedHistory): it lists every call of the
 * assistant created in the window asked for, the sheet's and the others', newest first, and
 * answers `total` as a count, as "many" or not at all. Exact requests (nock), and the same
 * outputs however many other calls the history holds. The clock stands still (Date.now).
 */
import fc from 'fast-check';
import nock from 'nock';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { bound } from '../../../../lib/bounds';
import { runNode } from '../../../helpers/harness';
import { seeded } from '../../../helpers/seeded';
import { unordered } from '../../../helpers/unordered';
import { AGENT } from '../../../helpers/fixtures';
import {
	callId,
	servedHistory,
	startedCall,
	type ServedCall,
	type TotalReading,
} from '../../../helpers/checkCalls';

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
	nock.cleanAll();
	jest.restoreAllMocks();
});

const MIN = 60_000;
const HOUR = 60 * MIN;
const T0 = Date.parse('2026-11-25T06:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const enc = (s: string) => encodeURIComponent(s);
/** The history request of a window [fromMs, toMs] (the margin already applied) at an offset. */
const historyRead = (fromMs: number, toMs: number, offset = 0) =>
	`/calling/history?agent_id=${AGENT}&start_date=${enc(iso(fromMs))}&end_date=${enc(iso(toMs))}&limit=100&offset=${offset}`;

/** Other calls of the assistant: `count` of them spread evenly over (fromMs, toMs). */
const others = (count: number, fromMs: number, toMs: number, first = 1_000_000): ServedCall[] =>
	Array.from({ length: count }, (_, k) => ({
		id: callId(first + k),
		createdMs: Math.round(fromMs + ((k + 1) * (toMs - fromMs)) / (count + 1)),
		status: 'completed',
	}));

/** One check of the given items at `nowMs`: its outputs' JSON and the calls on Pending. */
async function check(items: INodeExecutionData[], nowMs: number, maxWaitMinutes = 240) {
	jest.spyOn(Date, 'now').mockReturnValue(nowMs);
	const { outputs, error } = await runNode({
		type: 'voiceAgentCalling',
		parameters: { resource: 'call', operation: 'checkCalls', maxWaitMinutes },
		items,
	});
	jest.restoreAllMocks();
	expect(error).toBeUndefined();
	const [ended = [], pending = []] = outputs;
	return { ended: ended.map((i) => i.json), pending };
}

const startItems = (calls: ServedCall[]) =>
	calls.map((c, n) => ({ json: startedCall(n, iso(c.createdMs), { call_id: c.id }) }));

describe.each<[TotalReading]>([['count'], ['many'], ['absent']])(
	'total answered as %s',
	(reading) => {
		test('two open calls 3 hours apart with 30,000 other calls between: 2 history reads, not 301, the same outputs', async () => {
			const sheet: ServedCall[] = [
				{ id: callId(1), createdMs: T0, status: 'completed' },
				{ id: callId(2), createdMs: T0 + 3 * HOUR, status: 'completed' },
			];
			const now = T0 + 3 * HOUR + 10 * MIN;
			const served = servedHistory([...sheet, ...others(30_000, T0, T0 + 3 * HOUR)], { reading });
			const items = startItems(sheet);
			const busy = await check(items, now);
			expect(served.requests).toEqual([
				// The window of both calls: its first page shows how many calls it holds ...
				historyRead(T0 - 1000, T0 + 3 * HOUR + 1000),
				// ... so the older call is read in a window of its own.
				historyRead(T0 - 1000, T0 + 1000),
			]);
			nock.cleanAll();
			// The same calls in a history holding nothing else: the same outputs.
			servedHistory(sheet, { reading });
			const quiet = await check(items, now);
			expect(busy).toEqual(quiet);
			expect(busy.ended.map((e) => [e.call_id, e.status, e.timed_out])).toEqual([
				[callId(1), 'completed', false],
				[callId(2), 'completed', false],
			]);
		});
	},
);

test('a row that shows up late: its details are read, and no history read more', async () => {
	const sheet: ServedCall[] = [
		{ id: callId(1), createdMs: T0, status: 'ongoing' },
		{ id: callId(2), createdMs: T0 + 3 * HOUR, status: 'ongoing', listed: false },
	];
	const served = servedHistory([...sheet, ...others(30_000, T0, T0 + 3 * HOUR)]);
	const { ended, pending } = await check(startItems(sheet), T0 + 3 * HOUR + 10 * MIN);
	expect(served.requests).toEqual([
		historyRead(T0 - 1000, T0 + 3 * HOUR + 1000),
		historyRead(T0 - 1000, T0 + 1000),
		`/calling/call-details?id=${callId(2)}`,
	]);
	expect(ended).toEqual([]);
	expect((pending[0].json.pending as IDataObject[]).map((p) => [p.call_id, p.status])).toEqual([
		[callId(1), 'ongoing'],
		[callId(2), 'ongoing'],
	]);
});

test.each([
	[0, 30],
	[1_000, 40],
	[10_000, 130],
])(
	'3,000 open calls dialled in an hour among %i other calls: the one window, %i pages',
	async (count, pages) => {
		const sheet: ServedCall[] = Array.from({ length: 3000 }, (_, n) => ({
			id: callId(n),
			createdMs: T0 + n * 1200,
			status: 'ongoing',
		}));
		const served = servedHistory([...sheet, ...others(count, T0, T0 + HOUR)]);
		const { ended, pending } = await check(startItems(sheet), T0 + HOUR);
		const last = T0 + 2999 * 1200;
		expect(served.requests).toEqual(
			Array.from({ length: pages }, (_, k) => historyRead(T0 - 1000, last + 1000, k * 100)),
		);
		expect(ended).toEqual([]);
		expect(pending[0].json.pending_count).toBe(3000);
	},
);

test('two sheets dialled 3 hours apart with 10,000 other calls between them: their own pages, not the pages between', async () => {
	// 300 calls a second apart at 06:00 and at 09:00.
	const sheet: ServedCall[] = [0, 3 * HOUR].flatMap((at, s) =>
		Array.from({ length: 300 }, (_, n) => ({
			id: callId(s * 300 + n),
			createdMs: T0 + at + n * 1000,
			status: 'ongoing',
		})),
	);
	const lastA = T0 + 299_000;
	const lastB = T0 + 3 * HOUR + 299_000;
	const served = servedHistory([...sheet, ...others(10_000, lastA + 2000, T0 + 3 * HOUR - 2000)]);
	const { pending } = await check(startItems(sheet), lastB + 10 * MIN);
	expect(pending[0].json.pending_count).toBe(600);
	// The first page of the one window shows 10,600 calls (106 pages, as before); the rest of
	// each sheet is read in a window of its own (read at once: compared as a set).
	expect(served.requests[0]).toBe(historyRead(T0 - 1000, lastB + 1000));
	expect(unordered(served.requests.slice(1))).toEqual(
		unordered([
			...[0, 100, 200].map((offset) => historyRead(T0 - 1000, lastA + 1000, offset)),
			// Its 200 calls left and, in the margin, the one just above them: 3 pages.
			...[0, 100, 200].map((offset) =>
				historyRead(T0 + 3 * HOUR - 1000, lastB - 100_000 + 1000, offset),
			),
		]),
	);
});

/**
 * A loop of checks over random placements of a sheet's calls among other calls: when each
 * ends (or never), when its row shows up, how `total` is answered, a page cap.
 */
const placements = fc.record({
	span: fc.integer({ min: 1, max: 6 * 60 }), // minutes the sheet's and the other calls spread over
	otherCount: fc.integer({ min: 0, max: 4000 }),
	calls: fc.array(
		fc.record({
			at: fc.double({ min: 0, max: 1, noNaN: true }),
			// The check at which it ends (7 or more: never, it leaves at Max Wait).
			endsAt: fc.integer({ min: 0, max: 8 }),
			// The check from which its row is listed.
			listedFrom: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 3 })),
		}),
		{ minLength: 1, maxLength: 25 },
	),
	reading: fc.constantFrom<TotalReading>('count', 'many', 'absent'),
	cap: fc.constantFrom(100, 50),
	// The other calls: spread evenly, at random, or in a few crowds.
	spread: fc.constantFrom('even', 'random', 'crowds'),
	seed: fc.integer(),
});

/** `count` other calls over [start, end], spread as `spread` says. */
function placedOthers(count: number, start: number, end: number, spread: string, seed: number) {
	if (spread === 'even') return others(count, start, end);
	const random = seeded(seed);
	const crowds = Array.from({ length: 3 }, () => {
		const width = (0.01 + random() * 0.1) * (end - start);
		const from = start + random() * (end - start - width);
		return [from, width];
	});
	return others(count, start, end).map((c) => {
		const [from, width] = crowds[Math.floor(random() * 3)];
		const at = spread === 'random' ? start + random() * (end - start) : from + random() * width;
		return { ...c, createdMs: Math.round(at) };
	});
}

/** Rows listed in the one window of `calls` (the 1-second margin on both sides). */
const rowsAround = (all: ServedCall[], calls: ServedCall[]) => {
	const low = Math.min(...calls.map((c) => c.createdMs)) - 1000;
	const high = Math.max(...calls.map((c) => c.createdMs)) + 1000;
	return all.filter((c) => c.listed !== false && c.createdMs >= low && c.createdMs <= high).length;
};

test(
	'property: reads per check never pass min(open calls, pages of their one window) + 1 (other calls in crowds: the one window and a page per narrower one); every call leaves once',
	async () => {
		await fc.assert(
			fc.asyncProperty(
				placements,
				async ({ span, otherCount, calls, reading, cap, spread, seed }) => {
					nock.cleanAll();
					const start = T0;
					const end = T0 + span * MIN;
					const sheet: ServedCall[] = calls.map((c, n) => ({
						id: callId(n),
						// Whole milliseconds; calls a few ms apart are possible.
						createdMs: Math.round(start + c.at * (end - start)),
						status: 'ongoing',
						listed: c.listedFrom === 0,
					}));
					const all = [...sheet, ...placedOthers(otherCount, start, end, spread, seed)];
					const served = servedHistory(all, { reading, cap });
					// Pages of a window read to its end: where `total` is no count, a full last page
					// takes one more (empty) page to show it was the last.
					const pagesOf = (rows: number) =>
						reading === 'count' ? Math.max(1, Math.ceil(rows / cap)) : Math.floor(rows / cap) + 1;
					const left = new Map<string, IDataObject[]>();
					let items: INodeExecutionData[] = startItems(sheet);
					// Checks every 10 minutes from the end of the sheet; Max Wait 60 minutes: 7 checks.
					for (let round = 0; round < 8 && items.length > 0; round++) {
						sheet.forEach((c, n) => {
							if (calls[n].endsAt <= round) c.status = 'completed';
							if (calls[n].listedFrom <= round) c.listed = true;
						});
						const open = sheet.filter((c) =>
							items.some((i) =>
								Array.isArray(i.json.pending)
									? (i.json.pending as IDataObject[]).some((p) => p.call_id === c.id)
									: i.json.call_id === c.id,
							),
						);
						const before = served.requests.length;
						const { ended, pending } = await check(items, end + round * 10 * MIN, 60);
						const asked = served.requests.slice(before);
						const history = asked.filter((r) => r.startsWith('/calling/history')).length;
						const details = asked.length - history;
						// The one window of the open calls, read to its end: the cost before pricing.
						const onePass = pagesOf(rowsAround(all, open));
						if (spread === 'crowds') {
							// The first page prices the rest at the rate it read; a crowd below it fools
							// that price either way. Still never dearer than reading the one window to
							// its end, plus a page for each narrower window taken instead.
							const windows = new Set(
								asked
									.filter((r) => r.startsWith('/calling/history'))
									.map((r) => r.replace(/&offset=\d+$/, '')),
							).size;
							expect(history).toBeLessThanOrEqual(onePass + windows - 1);
						} else {
							expect(history).toBeLessThanOrEqual(Math.min(open.length, onePass) + 1);
						}
						// Details only for calls not listed yet, once each.
						expect(details).toBeLessThanOrEqual(open.filter((c) => c.listed === false).length);
						for (const e of ended)
							left.set(String(e.call_id), [...(left.get(String(e.call_id)) ?? []), e]);
						items = pending;
					}
					// Every call left once: as it ended (status read), or at Max Wait, timed out.
					expect([...left.keys()].sort()).toEqual(sheet.map((c) => c.id).sort());
					for (const [n, c] of sheet.entries()) {
						const out = left.get(c.id)!;
						expect(out).toHaveLength(1);
						const endedInTime = calls[n].endsAt <= 6;
						expect([out[0].status, out[0].timed_out]).toEqual(
							endedInTime ? ['completed', false] : ['ongoing', true],
						);
					}
				},
			),
			{
				numRuns: Number(process.env.COST_RUNS ?? 40),
				examples: [
					// Open calls at 0 s and 15 s, a crowd of 397 others between them, `total` "many":
					// the first page prices the rest at 2 pages; the crowd makes it 3 full ones and an empty one.
					[
						{
							span: 1,
							otherCount: 397,
							calls: [
								{ at: 0.25300833129882816, endsAt: 1, listedFrom: 0 },
								{ at: 0, endsAt: 0, listedFrom: 0 },
								{ at: 0, endsAt: 1, listedFrom: 2 },
								{ at: 0, endsAt: 1, listedFrom: 0 },
							],
							reading: 'many',
							cap: 100,
							spread: 'crowds',
							seed: 1243867232,
						},
					],
				],
			},
		);
	},
	bound('propertyTest'),
);

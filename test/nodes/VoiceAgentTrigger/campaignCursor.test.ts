import fc from 'fast-check';

import {
	advanceCampaigns,
	CAMPAIGN_STATE_VERSION,
	KEEP_ENDED,
	latestEnded,
	MAX_ENDED,
	MAX_MISSES,
	readCampaignState,
	type CampaignRow,
} from '../../../nodes/VoiceAgentTrigger/campaignCursor';

const T0 = Date.parse('2026-11-25T12:00:00Z');
const SEC = 1000;

const id = (n: number) => `e5e5e5e5-0000-4000-8000-${String(n).padStart(12, '0')}`;
const iso = (ms: number) => new Date(ms).toISOString();

/** A campaign row as GET /campaign/all?call_count=true lists it, created n seconds after T0. */
function campaign(n: number, status: string, extra: CampaignRow = {}): CampaignRow {
	return {
		id: id(n),
		name: `Campaign ${n}`,
		campaign_status: status,
		created_at: iso(T0 + n * SEC),
		updated_at: iso(T0 + n * SEC + 60 * SEC),
		campaign_start_time: iso(T0 + n * SEC + 3600 * SEC),
		campaign_end_time: iso(T0 + n * SEC + 7200 * SEC),
		total_count: 10,
		registered_count: 0,
		completed_count: 10,
		...extra,
	};
}

/** The list as the service serves it: newest first. */
const newestFirst = (rows: CampaignRow[]) =>
	[...rows].sort((a, b) => Date.parse(String(b.created_at)) - Date.parse(String(a.created_at)));

const ids = (rows: CampaignRow[]) => rows.map((r) => r.id);

/** Statuses of a campaign not over, in each vocabulary the service uses. */
const OPEN_STATUSES = [
	'scheduled',
	'ongoing',
	'registered',
	'running',
	'pending',
	'paused',
	'draft',
	'insufficient_balance',
];

describe('advanceCampaigns: first poll and after', () => {
	test('the first poll records the ended campaigns and emits nothing', () => {
		const rows = [campaign(1, 'completed'), campaign(2, 'running'), campaign(3, 'failed')];
		const first = advanceCampaigns(undefined, rows);
		expect(first.baseline).toBe(true);
		expect(first.emit).toEqual([]);
		expect(first.state).toEqual({
			v: CAMPAIGN_STATE_VERSION,
			ended: [
				[id(3), T0 / SEC + 3],
				[id(1), T0 / SEC + 1],
			],
			open: [],
		});
	});

	test('a campaign that becomes final emits once; a new one already final emits once', () => {
		const first = advanceCampaigns(undefined, [campaign(1, 'running'), campaign(2, 'scheduled')]);
		const second = advanceCampaigns(first.state, [
			campaign(3, 'completed'),
			campaign(1, 'completed'),
			campaign(2, 'ongoing'),
		]);
		expect(second.baseline).toBe(false);
		expect(second.emit).toEqual([campaign(1, 'completed'), campaign(3, 'completed')]);
		const third = advanceCampaigns(second.state, [
			campaign(3, 'completed'),
			campaign(1, 'completed'),
			campaign(2, 'ongoing'),
		]);
		expect(third.emit).toEqual([]);
		expect(third.state).toEqual(second.state);
	});

	test('every vocabulary: completed (from scheduled/ongoing, registered/running) and failed are final; the rest never', () => {
		const start = [...OPEN_STATUSES, 'verifying', 'stopped'].map((status, n) =>
			campaign(n + 1, status),
		);
		let state = advanceCampaigns(undefined, start).state;
		// Unknown and paused-like statuses are not an end, however long they stay.
		const unknown = start.map((row) => ({ ...row, campaign_status: 'Terminated?' }));
		const still = advanceCampaigns(state, unknown);
		expect(still.emit).toEqual([]);
		state = still.state;
		const ends = start.map((row, n) => ({
			...row,
			campaign_status: ['completed', 'Completed', ' FAILED ', 'failed'][n % 4],
		}));
		expect(ids(advanceCampaigns(state, ends).emit)).toEqual(ids(start));
	});

	test('the raw row is emitted as served, status untouched, counts included', () => {
		const first = advanceCampaigns(undefined, [campaign(1, 'Running')]);
		const served = campaign(1, 'Completed', { extra_field: { a: 1 }, total_count: 7 });
		expect(advanceCampaigns(first.state, [served]).emit).toEqual([served]);
	});

	test('a status that goes back from final, then final again, emits nothing more', () => {
		let state = advanceCampaigns(undefined, [campaign(1, 'running')]).state;
		const once = advanceCampaigns(state, [campaign(1, 'completed')]);
		expect(ids(once.emit)).toEqual([id(1)]);
		state = advanceCampaigns(once.state, [campaign(1, 'running')]).state;
		expect(advanceCampaigns(state, [campaign(1, 'failed')]).emit).toEqual([]);
	});

	test('a campaign ended before the first poll that flips back and forth never emits', () => {
		let state = advanceCampaigns(undefined, [campaign(1, 'completed')]).state;
		state = advanceCampaigns(state, [campaign(1, 'paused')]).state;
		expect(advanceCampaigns(state, [campaign(1, 'completed')]).emit).toEqual([]);
	});

	test('ids are compared without case; one row per campaign even when listed twice', () => {
		const state = advanceCampaigns(undefined, [campaign(1, 'running')]).state;
		const upper = { ...campaign(1, 'completed'), id: id(1).toUpperCase() };
		// Listed twice (pages shifted while reading): once still running, once completed.
		const out = advanceCampaigns(state, [campaign(1, 'running'), upper, upper]);
		expect(out.emit).toEqual([upper]);
		expect(advanceCampaigns(out.state, [campaign(1, 'completed')]).emit).toEqual([]);
	});

	test('several ended in one poll come oldest end first (updated_at, then created_at)', () => {
		const state = advanceCampaigns(undefined, []).state;
		const late = campaign(1, 'completed', { updated_at: iso(T0 + 900 * SEC) });
		const early = campaign(2, 'completed', { updated_at: iso(T0 + 100 * SEC) });
		const tieOld = campaign(3, 'failed', { updated_at: iso(T0 + 500 * SEC) });
		const tieNew = campaign(4, 'failed', { updated_at: iso(T0 + 500 * SEC) });
		const undated = campaign(5, 'completed', { updated_at: null, created_at: null });
		expect(advanceCampaigns(state, [undated, tieNew, late, tieOld, early]).emit).toEqual([
			early,
			tieOld,
			tieNew,
			late,
			undated,
		]);
	});

	test('rows without an id, null rows and a state of another shape are handled', () => {
		const rows = [null, { name: 'no id', campaign_status: 'completed' }, campaign(1, 'running')];
		const first = advanceCampaigns({ v: 99, whatever: true }, rows as CampaignRow[]);
		expect(first.baseline).toBe(true);
		expect(readCampaignState({ v: 1, ended: [['x', 'y']], open: [] })).toBeUndefined();
		expect(readCampaignState({ v: 1, ended: [], open: [], mark: 1.5 })).toBeUndefined();
		expect(readCampaignState(first.state)).toEqual(first.state);
	});

	test('a campaign without created_at is remembered by its id alone', () => {
		const bare = { id: id(9), campaign_status: 'running' };
		let state = advanceCampaigns(undefined, [bare]).state;
		const done = advanceCampaigns(state, [{ ...bare, campaign_status: 'completed' }]);
		expect(done.emit).toEqual([{ ...bare, campaign_status: 'completed' }]);
		expect(done.state.ended).toEqual([[id(9), null]]);
		state = done.state;
		expect(advanceCampaigns(state, [{ ...bare, campaign_status: 'completed' }]).emit).toEqual([]);
	});
});

describe('advanceCampaigns: bounded memory', () => {
	/** n ended campaigns 1..n (created 1 s apart) and some still running. */
	function world(ended: number, running: number[]) {
		return newestFirst([
			...Array.from({ length: ended }, (_, k) => campaign(k + 1, 'completed')),
			...running.map((n) => campaign(n, 'running')),
		]);
	}

	test('past MAX_ENDED, the mark keeps the newest KEEP_ENDED; older unfinished ones stay open', () => {
		// 120 ended (1..120) and two still running among them (1000 s and 50 s after T0 sort
		// differently: 1000 is newest, 0.5 is among the old ones).
		const rows = world(MAX_ENDED + 20, [1000]).concat([campaign(0, 'running')]);
		const first = advanceCampaigns(undefined, rows);
		const s = first.state;
		expect(s.ended).toHaveLength(KEEP_ENDED);
		expect(s.ended[0]).toEqual([id(MAX_ENDED + 20), T0 / SEC + MAX_ENDED + 20]);
		expect(s.mark).toBe(T0 / SEC + MAX_ENDED + 20 - KEEP_ENDED);
		expect(s.open).toEqual([[id(0), T0 / SEC, 0]]);
		// The old open one still emits once; the forgotten ended ones never, whatever they say.
		const later = rows.map((r) => (r.id === id(0) ? { ...r, campaign_status: 'completed' } : r));
		const second = advanceCampaigns(s, later);
		expect(ids(second.emit)).toEqual([id(0)]);
		expect(second.state.open).toEqual([]);
		expect(advanceCampaigns(second.state, later).emit).toEqual([]);
		const flipped = later.map((r) => ({ ...r, campaign_status: 'completed' }));
		expect(ids(advanceCampaigns(second.state, flipped).emit)).toEqual([id(1000)]);
	});

	test('a campaign ended before the mark that goes back to running is not made open', () => {
		const rows = world(MAX_ENDED, []);
		let state = advanceCampaigns(undefined, rows).state;
		expect(state.mark).toBeUndefined();
		const back = rows.map((r) => (r.id === id(1) ? { ...r, campaign_status: 'paused' } : r));
		state = advanceCampaigns(state, [campaign(MAX_ENDED + 1, 'completed'), ...back]).state;
		expect(state.mark).toBe(T0 / SEC + MAX_ENDED + 1 - KEEP_ENDED);
		expect(state.open).toEqual([]);
		const again = back.map((r) => (r.id === id(1) ? { ...r, campaign_status: 'completed' } : r));
		expect(advanceCampaigns(state, again).emit).toEqual([]);
	});

	test('the mark stays below the newest second listed: a campaign created later in it emits', () => {
		// Every ended campaign created in the same second: no mark can be set yet.
		const burst = Array.from({ length: MAX_ENDED + 1 }, (_, k) => ({
			...campaign(5, 'completed'),
			id: id(k + 1),
		}));
		const first = advanceCampaigns(undefined, burst);
		expect(first.state.mark).toBeUndefined();
		expect(first.state.ended).toHaveLength(MAX_ENDED + 1);
		const sameSecond = { ...campaign(5, 'completed'), id: id(500) };
		expect(ids(advanceCampaigns(first.state, [sameSecond, ...burst]).emit)).toEqual([id(500)]);
	});

	test('an open campaign missing from MAX_MISSES polls that read past it is forgotten', () => {
		const rows = world(MAX_ENDED + 1, []).concat([campaign(0, 'running')]);
		let state = advanceCampaigns(undefined, rows).state;
		expect(state.open).toEqual([[id(0), T0 / SEC, 0]]);
		// An empty list (served by mistake) proves nothing: no miss is counted.
		state = advanceCampaigns(state, []).state;
		expect(state.open).toEqual([[id(0), T0 / SEC, 0]]);
		const without = rows.filter((r) => r.id !== id(0)).concat([campaign(-1, 'running')]);
		for (let k = 1; k < MAX_MISSES; k++) {
			state = advanceCampaigns(state, without).state;
			expect(state.open).toEqual([[id(0), T0 / SEC, k]]);
		}
		// Seen again: the count starts over.
		state = advanceCampaigns(state, rows).state;
		expect(state.open).toEqual([[id(0), T0 / SEC, 0]]);
		for (let k = 0; k < MAX_MISSES; k++) state = advanceCampaigns(state, without).state;
		expect(state.open).toEqual([]);
	});
});

describe('latestEnded (Fetch Test Event)', () => {
	test('the latest updated_at among final campaigns; unknown statuses are not ended', () => {
		const a = campaign(1, 'completed', { updated_at: iso(T0 + 9000 * SEC) });
		const b = campaign(2, 'failed');
		const c = campaign(3, 'ongoing', { updated_at: iso(T0 + 99000 * SEC) });
		expect(latestEnded([c, b, a])).toBe(a);
		expect(latestEnded([c])).toBeUndefined();
		const undated = { id: id(8), campaign_status: 'completed' };
		expect(latestEnded([undated, b])).toBe(b);
		expect(latestEnded([undated, { ...undated, id: id(9) }])).toBe(undated);
	});
});

/**
 * The property: against a service whose campaigns appear (many in one second too), change
 * status (any vocabulary, back and forth, unknown values too) and disappear, listed newest
 * first or in any order, with the state stored as JSON between polls and small bounds that
 * make the mark move often: each campaign is emitted exactly when a poll after the first one
 * sees it final for the first time, and never again; the memory stays bounded.
 */
describe('advanceCampaigns against a moving service (property)', () => {
	const STATUSES = ['completed', 'failed', 'Completed', ...OPEN_STATUSES, 'unknown_status'];
	const step = fc.oneof(
		{
			weight: 4,
			arbitrary: fc.record({
				kind: fc.constant('create' as const),
				count: fc.integer({ min: 1, max: 30 }),
				gap: fc.integer({ min: 0, max: 3 }),
				status: fc.integer({ min: 0, max: STATUSES.length - 1 }),
			}),
		},
		{
			weight: 6,
			arbitrary: fc.record({
				kind: fc.constant('change' as const),
				pick: fc.nat(),
				count: fc.integer({ min: 1, max: 40 }),
				status: fc.integer({ min: 0, max: STATUSES.length - 1 }),
			}),
		},
		{
			weight: 1,
			arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
		},
		{
			weight: 4,
			arbitrary: fc.record({
				kind: fc.constant('poll' as const),
				gap: fc.integer({ min: 0, max: 2 }),
			}),
		},
	);

	test('exactly once, at the first poll that sees it final; bounded memory', () => {
		// What the runs went through, so that the property is known to reach every path.
		const reached = { marks: 0, openEmits: 0, forgotten: 0, deferred: 0 };
		fc.assert(
			fc.property(
				fc.array(step, { minLength: 5, maxLength: 80 }),
				fc.boolean(),
				fc.integer({ min: 0, max: 2 ** 31 - 1 }),
				fc.integer({ min: 1, max: 12 }).chain((maxEnded) =>
					fc.record({
						maxEnded: fc.constant(maxEnded),
						keepEnded: fc.integer({ min: 0, max: maxEnded }),
					}),
				),
				(steps, shuffled, seed, limits) => {
					interface Campaign {
						id: string;
						created: number;
						status: string;
						seenFinal: boolean;
					}
					let clock = T0 / SEC;
					let next = 1;
					let rand = seed;
					const random = () => {
						rand = (rand * 1103515245 + 12345) % 2 ** 31;
						return rand / 2 ** 31;
					};
					const live: Campaign[] = [];
					const emitted = new Set<string>();
					let stored: unknown = undefined;
					let polls = 0;
					const final = (s: string) => ['completed', 'failed'].includes(s.toLowerCase());

					for (const s of [...steps, { kind: 'poll' as const, gap: 1 }]) {
						if (s.kind === 'create') {
							for (let k = 0; k < s.count; k++) {
								clock += random() < 0.7 ? s.gap : 0;
								const status = STATUSES[(s.status + k) % STATUSES.length];
								live.push({ id: id(next++), created: clock, status, seenFinal: false });
							}
						} else if (s.kind === 'change' && live.length > 0) {
							for (let k = 0; k < s.count; k++) {
								const c = live[(s.pick + k * 7919) % live.length];
								c.status = STATUSES[Math.floor(random() * STATUSES.length)];
							}
						} else if (s.kind === 'delete' && live.length > 0) {
							live.splice(s.pick % live.length, 1);
						} else if (s.kind === 'poll') {
							const list = live.map((c) => ({
								id: c.id,
								campaign_status: c.status,
								created_at: iso(c.created * SEC),
							}));
							if (shuffled) list.sort(() => random() - 0.5);
							else list.sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
							const read: CampaignRow[] = list;
							const before = readCampaignState(stored);
							const result = advanceCampaigns(stored, read, limits);
							const wasOpen = new Set(before?.open.map(([key]) => key));
							if (result.emit.some((r) => wasOpen.has(String(r.id)))) reached.openEmits++;
							const expected: string[] = [];
							for (const c of live) {
								if (!final(c.status) || c.seenFinal) continue;
								c.seenFinal = true;
								if (polls > 0) expected.push(c.id);
							}
							const got = ids(result.emit) as string[];
							expect([...got].sort()).toEqual([...expected].sort());
							for (const g of got) {
								expect(emitted.has(g)).toBe(false);
								emitted.add(g);
							}
							expect(result.baseline).toBe(polls === 0);
							// Bounded: at most maxEnded ended ids, unless those beyond the kept ones were
							// all created in the newest second listed (the mark must stay below it).
							const { ended, open } = result.state;
							if (ended.length > limits.maxEnded) {
								const newest = Math.max(...read.map((r) => Date.parse(String(r.created_at)) / SEC));
								expect(ended.slice(limits.keepEnded).every(([, sec]) => sec === newest)).toBe(true);
								reached.deferred++;
							}
							// Open holds only campaigns still to emit: none emitted, none in ended.
							const endedIds = new Set(ended.map(([key]) => key));
							expect(open.filter(([key]) => emitted.has(key) || endedIds.has(key))).toEqual([]);
							if ((before?.open.length ?? 0) > 0 && open.length < (before?.open.length ?? 0)) {
								reached.forgotten++;
							}
							if (result.state.mark !== undefined) reached.marks++;
							stored = JSON.parse(JSON.stringify(result.state));
							polls++;
							clock += s.gap;
						}
					}
				},
			),
			{ numRuns: 300 },
		);
		expect(Object.values(reached).every((n) => n > 0)).toBe(true);
	});
});

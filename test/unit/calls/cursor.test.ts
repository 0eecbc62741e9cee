import {
	advance,
	completedAtMs,
	filterKey,
	MARGIN_SECONDS,
	rememberedCount,
	remembers,
	windowStartSeconds,
	type CursorOptions,
	type CursorState,
} from '../../../nodes/shared/calls/cursor';
import { type CallRow } from '../../../nodes/shared/calls/row';

import { call, DAY, HOUR, id, iso, opts, T0 } from '../../helpers/cursor';

const ids = (result: { emit: Array<{ row: CallRow }> }) => result.emit.map((e) => e.row.id);

describe('advance: baseline', () => {
	test('first poll emits nothing and remembers every call of the window', () => {
		const rows = [call(1, T0 - HOUR), call(2, T0 - 2 * HOUR)];
		const first = advance(undefined, rows, T0, opts());
		expect(first.baseline).toBe(true);
		expect(first.emit).toEqual([]);
		expect(rememberedCount(first.state)).toBe(2);
		expect(first.state.cut).toBe(windowStartSeconds(T0, DAY) - MARGIN_SECONDS);
		expect(first.state.key).toBe(filterKey(opts()));

		const again = advance(first.state, rows, T0 + 60_000, opts());
		expect(again.baseline).toBe(false);
		expect(again.emit).toEqual([]);
	});

	test('the baseline stays silent even for completions reported in the future (clock skew)', () => {
		const rows = [call(1, T0 - 60_000, T0 - 60_000, 600)]; // "ends" 9 minutes from now
		const first = advance(undefined, rows, T0, opts());
		expect(first.emit).toEqual([]);
		expect(advance(first.state, rows, T0 + 60_000, opts()).emit).toEqual([]);
	});

	test('emitRecentMs emits, on the baseline only, the calls completed that recently', () => {
		const rows = [
			call(1, T0 - 3 * HOUR, T0 - 3 * HOUR, 60), // completed 2h59m ago
			call(2, T0 - HOUR, T0 - 20 * 60_000, 300), // completed 15 min ago
			call(3, T0 - 2 * HOUR, T0 - 10 * 60_000, 60), // completed 9 min ago
		];
		const first = advance(undefined, rows, T0, opts({ emitRecentMs: 30 * 60_000 }));
		expect(ids(first)).toEqual([id(2), id(3)]);
		const next = advance(first.state, rows, T0 + 60_000, opts({ emitRecentMs: 30 * 60_000 }));
		expect(next.emit).toEqual([]);
	});
});

describe('advance: exactly once', () => {
	test('emits new calls once, in the order they completed, with their completion time', () => {
		const old = call(1, T0 - HOUR);
		const first = advance(undefined, [old], T0, opts());
		// Created first but completed last: a long call.
		const long = call(2, T0 - 50 * 60_000, T0 - 50 * 60_000, 3000);
		const short = call(3, T0 - 5 * 60_000, T0 - 5 * 60_000, 30);
		const noTimes = { id: id(4), status: 'completed', created_at: iso(T0 - 3 * 60_000) };
		const rows = [short, noTimes, long, old];
		const second = advance(first.state, rows, T0 + 60_000, opts());
		expect(second.emit).toEqual([
			{ row: short, completedAt: T0 - 5 * 60_000 + 30_000 },
			{ row: noTimes, completedAt: T0 - 3 * 60_000 },
			{ row: long, completedAt: T0 - 50 * 60_000 + 3000_000 },
		]);
		const third = advance(second.state, rows, T0 + 120_000, opts());
		expect(third.emit).toEqual([]);
		expect(rememberedCount(third.state)).toBe(4);
	});

	test('a call repeated across pages (offsets shifted) is emitted once', () => {
		const first = advance(undefined, [], T0, opts());
		const c = call(5, T0 - HOUR);
		const second = advance(first.state, [c, call(6, T0 - HOUR), c], T0 + 60_000, opts());
		expect(ids(second)).toEqual([id(5), id(6)]);
	});

	test('running the same poll twice on the returned state emits nothing the second time', () => {
		const first = advance(undefined, [], T0, opts());
		const rows = [call(1, T0 - 10_000), call(2, T0 - 20_000)];
		const a = advance(first.state, rows, T0 + 60_000, opts());
		const b = advance(a.state, rows, T0 + 60_000, opts());
		expect(a.emit).toHaveLength(2);
		expect(b.emit).toEqual([]);
		expect(b.state).toEqual(a.state);
	});

	test('a call created long ago but completed now is emitted when it shows up', () => {
		const first = advance(undefined, [call(1, T0 - 20 * HOUR)], T0, opts());
		const late = call(2, T0 - 20 * HOUR, T0 - 5 * 60_000, 120);
		const second = advance(first.state, [late, call(1, T0 - 20 * HOUR)], T0 + 60_000, opts());
		expect(ids(second)).toEqual([id(2)]);
	});

	test('rows that are not completed are not events and are not remembered', () => {
		const first = advance(undefined, [], T0, opts());
		const ongoing = { ...call(1, T0 - 60_000), status: 'ongoing' };
		const second = advance(
			first.state,
			[ongoing, { status: 'completed' }, null as never],
			T0,
			opts(),
		);
		expect(second.emit).toEqual([]);
		expect(rememberedCount(second.state)).toBe(0);
		const third = advance(second.state, [call(1, T0 - 60_000)], T0 + 60_000, opts());
		expect(ids(third)).toEqual([id(1)]);
	});

	test('calls created in the same second are told apart', () => {
		const first = advance(undefined, [], T0, opts());
		const rows = Array.from({ length: 50 }, (_, n) => call(n, T0 - HOUR));
		const second = advance(first.state, rows.slice(0, 25), T0 + 60_000, opts());
		expect(second.emit).toHaveLength(25);
		const third = advance(second.state, rows, T0 + 120_000, opts());
		expect(ids(third)).toEqual(rows.slice(25).map((r) => r.id));
		expect(rememberedCount(third.state)).toBe(50);
	});
});

describe('advance: bounded memory', () => {
	test('forgets calls older than the window (minus margin) and ignores rows from there', () => {
		const first = advance(undefined, [call(1, T0 - HOUR)], T0, opts({ lookbackMs: 2 * HOUR }));
		expect(rememberedCount(first.state)).toBe(1);
		// Two hours later the call is 3h old: outside the 2h window and its margin.
		const later = T0 + 2 * HOUR;
		const next = advance(first.state, [call(1, T0 - HOUR)], later, opts({ lookbackMs: 2 * HOUR }));
		expect(next.emit).toEqual([]);
		expect(rememberedCount(next.state)).toBe(0);
		// A call inside the margin (window start - 60 s) is still remembered.
		const inMargin = later - 2 * HOUR - 60_000;
		const kept = advance(next.state, [call(2, inMargin)], later, opts({ lookbackMs: 2 * HOUR }));
		expect(ids(kept)).toEqual([id(2)]);
		expect(rememberedCount(kept.state)).toBe(1);
	});

	test('a grown lookback (or a clock set back) does not re-emit forgotten calls', () => {
		const o1 = opts({ lookbackMs: HOUR });
		const first = advance(undefined, [], T0, o1);
		const a = advance(first.state, [call(1, T0 - 30 * 60_000)], T0 + 60_000, o1);
		expect(ids(a)).toEqual([id(1)]);
		// Two hours on, the call was forgotten; now the lookback grows to a day.
		const b = advance(a.state, [], T0 + 2 * HOUR, o1);
		expect(rememberedCount(b.state)).toBe(0);
		const o2 = opts({ lookbackMs: DAY });
		const fresh = call(2, T0 + 2 * HOUR - 60_000);
		const c = advance(b.state, [call(1, T0 - 30 * 60_000), fresh], T0 + 2 * HOUR + 60_000, o2);
		expect(ids(c)).toEqual([id(2)]);
		const d = advance(c.state, [call(1, T0 - 30 * 60_000), fresh], T0 + 2 * HOUR + 120_000, o2);
		expect(d.emit).toEqual([]);
	});

	test('10,000 calls spread over a day pack into about 5 characters each', () => {
		const now = T0 + DAY;
		const rows = Array.from({ length: 10_000 }, (_, n) =>
			call(n, T0 + Math.floor((n * DAY) / 10_000)),
		);
		const { state } = advance(undefined, rows, now, opts());
		expect(rememberedCount(state)).toBe(10_000);
		const size = JSON.stringify(state).length;
		expect(size).toBeLessThan(51_000);
		expect(size).toBeGreaterThan(49_000);
	});

	test('worst case: 10,000 calls created in one second stay under 64 KB', () => {
		const rows = Array.from({ length: 10_000 }, (_, n) => call(n, T0 - HOUR));
		const { state } = advance(undefined, rows, T0, opts());
		expect(rememberedCount(state)).toBe(10_000);
		expect(JSON.stringify(state).length).toBeLessThan(61_000);
	});

	test('sparse calls (hours apart) use multi-character deltas and survive a round trip', () => {
		const first = advance(undefined, [], T0, opts({ lookbackMs: 7 * DAY }));
		const rows = [0, 1, 40, 2000, 70_000, 500_000].map((s, n) =>
			call(n, T0 - 600_000_000 + s * 1000),
		);
		const a = advance(first.state, rows, T0, opts({ lookbackMs: 7 * DAY }));
		expect(a.emit).toHaveLength(6);
		expect(rememberedCount(a.state)).toBe(6);
		const b = advance(a.state, rows, T0 + 60_000, opts({ lookbackMs: 7 * DAY }));
		expect(b.emit).toEqual([]);
	});
});

describe('advance: filters and state changes', () => {
	test('call type and voicemail are applied to the rows', () => {
		const rows = [
			call(1, T0 - 60_000, T0 - 60_000, 10, { call_type: 'inbound' }),
			call(2, T0 - 60_000, T0 - 60_000, 20, { call_type: 'outbound' }),
			call(3, T0 - 60_000, T0 - 60_000, 30, { call_type: 'webcall', voicemail_detected: true }),
			call(4, T0 - 60_000, T0 - 60_000, 40, { call_type: 'outbound', voicemail_detected: true }),
		];
		const run = (o: Partial<CursorOptions>) =>
			ids(advance(advance(undefined, [], T0 - HOUR, opts(o)).state, rows, T0, opts(o)));
		expect(run({})).toEqual([id(1), id(2), id(3), id(4)]);
		expect(run({ callTypes: ['outbound', 'webcall'] })).toEqual([id(2), id(3), id(4)]);
		expect(run({ voicemail: 'exclude' })).toEqual([id(1), id(2)]);
		expect(run({ voicemail: 'only', callTypes: ['outbound'] })).toEqual([id(4)]);
	});

	test('changed filters start over with a baseline instead of a flood', () => {
		const rows = [call(1, T0 - HOUR), call(2, T0 - HOUR, T0 - HOUR, 5, { call_type: 'inbound' })];
		const first = advance(undefined, rows, T0, opts({ callTypes: ['inbound'] }));
		const changed = advance(first.state, rows, T0 + 60_000, opts());
		expect(changed.baseline).toBe(true);
		expect(changed.emit).toEqual([]);
		const agent = advance(changed.state, rows, T0 + 120_000, opts({ agentId: 'x' }));
		expect(agent.baseline).toBe(true);
		expect(filterKey(opts({ callTypes: ['a', 'b'] }))).toBe(
			filterKey(opts({ callTypes: ['b', 'a'] })),
		);
	});

	test('an unreadable state is replaced by a baseline, never a crash or a flood', () => {
		const rows = [call(1, T0 - HOUR)];
		const good = advance(undefined, rows, T0, opts()).state;
		for (const bad of [
			null,
			'x',
			{ ...good, v: 99 },
			{ ...good, ids: 'A' },
			{ ...good, ids: '!!!!!' },
			{ ...good, cut: 'soon' },
		]) {
			const r = advance(bad, rows, T0 + 60_000, opts());
			expect(r.baseline).toBe(true);
			expect(r.emit).toEqual([]);
		}
	});

	test('state is plain JSON and survives a JSON round trip', () => {
		const rows = Array.from({ length: 300 }, (_, n) => call(n, T0 - (n % 7) * 1000 - n * 10_000));
		const a = advance(undefined, rows.slice(0, 200), T0, opts());
		const copy = JSON.parse(JSON.stringify(a.state)) as CursorState;
		const b = advance(copy, rows, T0 + 60_000, opts());
		expect(ids(b).sort()).toEqual(
			rows
				.slice(200)
				.map((r) => r.id)
				.sort(),
		);
	});
});

describe('helpers', () => {
	test('completedAtMs: attempt + duration, else created_at, else the fallback', () => {
		expect(
			completedAtMs({ call_attempt_time: '2026-11-25T12:00:00+05:30', call_duration: 12.5 }, 0),
		).toBe(Date.parse('2026-11-25T06:30:12.500Z'));
		expect(completedAtMs({ call_attempt_time: iso(T0), call_duration: '30' }, 0)).toBe(T0 + 30_000);
		expect(
			completedAtMs(
				{ call_attempt_time: iso(T0), call_duration: null, created_at: iso(T0 - 5) },
				0,
			),
		).toBe(T0 - 5);
		expect(completedAtMs({ created_at: 'garbage' }, 42)).toBe(42);
	});
});

describe('advance: rows without created_at', () => {
	const noCreated = (n: number, attempt?: number, seconds = 60): CallRow => {
		const row: CallRow = { id: id(n), status: 'completed', call_type: 'outbound' };
		if (attempt !== undefined) {
			row.call_attempt_time = iso(attempt);
			row.call_duration = seconds;
		}
		return row;
	};

	test('emitted once, keyed by completion time, or by the time first seen', () => {
		const first = advance(undefined, [], T0, opts());
		const timed = noCreated(1, T0 - HOUR);
		const bare = noCreated(2);
		let state = first.state;
		const emitted: unknown[] = [];
		for (let k = 1; k <= 5; k++) {
			const next = advance(state, [timed, bare, call(3, T0 - HOUR)], T0 + k * 60_000, opts());
			emitted.push(...ids(next));
			state = JSON.parse(JSON.stringify(next.state)) as CursorState;
		}
		expect(emitted).toEqual([id(1), id(3), id(2)]);
		expect(rememberedCount(state)).toBe(3);
		expect(typeof state.loose).toBe('string');
		expect(remembers(state, bare, opts())).toBe(true);
		expect(remembers(state, call(3, T0 - HOUR), opts())).toBe(true);
		expect(remembers(state, noCreated(9), opts())).toBe(false);
		expect(remembers(state, call(9, T0 - HOUR), opts())).toBe(false);
	});

	test('forgotten once its second leaves the window (the service no longer lists it then)', () => {
		const first = advance(undefined, [], T0, opts());
		const second = advance(first.state, [noCreated(2)], T0 + 60_000, opts());
		expect(ids(second)).toEqual([id(2)]);
		const later = T0 + 60_000 + DAY + (MARGIN_SECONDS + 1) * 1000;
		const third = advance(second.state, [], later, opts());
		expect(third.state.loose).toBeUndefined();
		expect(rememberedCount(third.state)).toBe(0);
	});

	test('a state written before `loose` existed is still read (no baseline)', () => {
		const first = advance(undefined, [call(1, T0 - HOUR)], T0, opts());
		expect(first.state.loose).toBeUndefined();
		const next = advance(first.state, [call(1, T0 - HOUR), noCreated(2)], T0 + 60_000, opts());
		expect(next.baseline).toBe(false);
		expect(ids(next)).toEqual([id(2)]);
	});

	test('an unreadable loose list starts over with a baseline', () => {
		const first = advance(undefined, [noCreated(1)], T0, opts());
		const broken = { ...first.state, loose: '!!', looseBase: 5 };
		expect(advance(broken, [noCreated(1)], T0 + 60_000, opts()).baseline).toBe(true);
	});
});

describe('Call Ended (ended: true)', () => {
	test("Call Completed's key is the one stored states carry; Call Ended has its own", () => {
		// Written out: a changed Call Completed key would send every saved trigger to a baseline.
		expect(filterKey(opts())).toBe('7lh9g');
		expect(filterKey(opts({ ended: true }))).toBe('Vv3iL');
	});

	test('emits final rows of any status, skips rows in progress without remembering them', () => {
		const created = T0 - HOUR;
		const rows = ['completed', 'failed', 'error', 'cancelled', 'forwarded', 'ongoing', 'retry'].map(
			(status, n) => call(n + 1, created + n * 1000, created + n * 1000, 0, { status }),
		);
		const base = advance(undefined, [], T0, opts({ ended: true }));
		const first = advance(base.state, rows, T0 + 60_000, opts({ ended: true }));
		expect(first.emit.map((e) => e.row.status)).toEqual([
			'completed',
			'failed',
			'error',
			'cancelled',
			'forwarded',
		]);
		expect(rememberedCount(first.state)).toBe(5);
		// The same rows for Call Completed: only the completed one.
		const completed = advance(advance(undefined, [], T0, opts()).state, rows, T0 + 60_000, opts());
		expect(completed.emit.map((e) => e.row.id)).toEqual([id(1)]);
		// The retried call ends later: emitted then, once.
		const later = rows.map((r) => (r.status === 'retry' ? { ...r, status: 'failed' } : r));
		const second = advance(first.state, later, T0 + 120_000, opts({ ended: true }));
		expect(second.emit.map((e) => e.row.id)).toEqual([id(7)]);
		expect(advance(second.state, later, T0 + 180_000, opts({ ended: true })).emit).toEqual([]);
	});
});

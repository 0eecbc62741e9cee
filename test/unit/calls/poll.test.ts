/** One poll's page loop over the cursor, and its guard against overlapping polls of one store. */
import { rememberedCount, type CursorState } from '../../../nodes/shared/calls/cursor';
import type { CallRow } from '../../../nodes/shared/calls/row';
import {
	pollInto,
	type FetchPage,
	type PollOptions,
	type PollStore,
} from '../../../nodes/shared/calls/poll';

import { call, HOUR, id, opts, T0 } from '../../helpers/cursor';

describe('pollInto: overlapping polls', () => {
	const pollOpts = (): PollOptions => opts();

	/** A history whose answers wait for `gate` when one is set. */
	function service(rows: () => CallRow[]) {
		let gate: Promise<void> | undefined;
		let requests = 0;
		const fetchPage: FetchPage = async () => {
			requests++;
			const wait = gate;
			const snapshot = rows();
			if (wait) await wait;
			return { rows: snapshot, total: snapshot.length, limit: 100 };
		};
		return {
			fetchPage,
			hold: () => {
				let open!: () => void;
				gate = new Promise((resolve) => (open = resolve));
				return () => {
					gate = undefined;
					open();
				};
			},
			requests: () => requests,
		};
	}

	test('without the guard, a poll that started on an older state drops what another emitted', async () => {
		const store: PollStore = {};
		let rows = [call(1, T0 - HOUR)];
		const s = service(() => rows);
		await pollInto(store, s.fetchPage, T0, pollOpts(), { guard: false });

		rows = [call(1, T0 - HOUR), call(2, T0 - 30_000), call(3, T0 - 20_000)];
		const release = s.hold();
		const slow = pollInto(store, s.fetchPage, T0 + 60_000, pollOpts(), { guard: false });
		release();
		rows = [...rows, call(4, T0 - 10_000)];
		// A second poll overtakes the first and stores its state first.
		const fast = await pollInto(store, s.fetchPage, T0 + 61_000, pollOpts(), { guard: false });
		const late = await slow;
		expect(fast?.items.map((c) => c.id)).toEqual([id(2), id(3), id(4)]);
		expect(late?.items).toEqual([]);
		expect(rememberedCount(store.cursor as CursorState)).toBe(4);

		// Each poll emits only what the latest state lacks, whichever finishes first.
		rows = [...rows, call(5, T0 - 5_000)];
		const release2 = s.hold();
		const first = pollInto(store, s.fetchPage, T0 + 120_000, pollOpts(), { guard: false });
		rows = [...rows, call(6, T0 - 1_000)];
		const second = pollInto(store, s.fetchPage, T0 + 121_000, pollOpts(), { guard: false });
		release2();
		const [a, b] = await Promise.all([first, second]);
		const all = [...(a?.items ?? []), ...(b?.items ?? [])].map((c) => c.id).sort();
		expect(all).toEqual([id(5), id(6)]);
	});

	test('with the guard, a poll finding another of the same store running asks nothing', async () => {
		const store: PollStore = {};
		const rows = [call(1, T0 - HOUR)];
		const s = service(() => rows);
		await pollInto(store, s.fetchPage, T0, pollOpts());
		const release = s.hold();
		const running = pollInto(store, s.fetchPage, T0 + 60_000, pollOpts());
		expect(await pollInto(store, s.fetchPage, T0 + 60_000, pollOpts())).toBeUndefined();
		expect(s.requests()).toBe(2);
		release();
		expect((await running)?.items).toEqual([]);
		// Another store (another workflow) is not held up.
		expect(await pollInto({}, s.fetchPage, T0, pollOpts())).toMatchObject({ baseline: true });
	});

	test('a failing poll releases the guard and stores nothing', async () => {
		const store: PollStore = {};
		const failing: FetchPage = async () => {
			throw new Error('boom');
		};
		await expect(pollInto(store, failing, T0, pollOpts())).rejects.toThrow('boom');
		expect(store.cursor).toBeUndefined();
		const s = service(() => []);
		expect(await pollInto(store, s.fetchPage, T0, pollOpts())).toMatchObject({ baseline: true });
	});
});

describe('pollInto: the re-read schedule', () => {
	const MIN = 60_000;
	const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', '+00:00');

	/** A history of `rows()` answering by start_date, limit and offset; its queries kept. */
	function history(rows: () => CallRow[]) {
		const queries: Array<Record<string, string | number>> = [];
		const fetchPage: FetchPage = async (qs) => {
			queries.push(qs);
			const from = Date.parse(String(qs.start_date));
			const listed = rows().filter((r) => Date.parse(String(r.created_at)) >= from);
			const offset = Number(qs.offset);
			const page = listed.slice(offset, offset + Number(qs.limit));
			return { rows: page, total: listed.length, limit: Number(qs.limit) };
		};
		return { fetchPage, queries };
	}

	test('250 calls in the window: the whole window first, its newest page every poll, the whole again after 2 h', async () => {
		const store: PollStore = {};
		// 250 completed calls created evenly over the last 24 h (one every 345.6 s).
		const done = Array.from({ length: 250 }, (_, k) => call(k + 1, T0 - (k + 1) * 345_600));
		let late: CallRow[] = [];
		const h = history(() => [...done, ...late]);
		const query = (at: number, depthS: number, offset = 0) => ({
			status: 'completed',
			start_date: iso(at - depthS * 1000),
			limit: 100,
			offset,
		});

		await pollInto(store, h.fetchPage, T0, opts());
		expect(h.queries).toEqual([query(T0, 86_400), query(T0, 86_400, 100), query(T0, 86_400, 200)]);
		// Levels for 250 rows a day: the newest 86,400 × 100 / 250 s every poll, the top every 2 h.
		expect((store.cursor as CursorState).reads).toEqual({
			n: 250,
			lb: 86_400,
			at: [T0 / 1000, T0 / 1000],
		});

		// The call created 20 h ago ends 30 minutes later: level 0 does not reach it.
		late = [call(999, T0 - 20 * HOUR, T0 + 29 * MIN, 60)];
		h.queries.length = 0;
		const soon = await pollInto(store, h.fetchPage, T0 + 31 * MIN, opts());
		expect(h.queries).toEqual([query(T0 + 31 * MIN, 34_560)]);
		expect(soon?.items).toEqual([]);

		// Two hours after the whole read, the top: the lookback and a twelfth of it.
		h.queries.length = 0;
		const top = await pollInto(store, h.fetchPage, T0 + 2 * HOUR, opts());
		expect(h.queries).toEqual([0, 100, 200].map((o) => query(T0 + 2 * HOUR, 93_600, o)));
		expect(top?.items.map((c) => c.id)).toEqual([id(999)]);
		expect(rememberedCount(store.cursor as CursorState)).toBe(251);

		// A poll that fails stores nothing: the next one reads what was due again.
		const failing: FetchPage = async () => {
			throw new Error('boom');
		};
		const before = JSON.stringify(store);
		await expect(pollInto(store, failing, T0 + 2 * HOUR + MIN, opts())).rejects.toThrow('boom');
		expect(JSON.stringify(store)).toBe(before);

		// A state stored before the schedule (no reads): the whole window, as it was read then.
		delete (store.cursor as CursorState).reads;
		h.queries.length = 0;
		await pollInto(store, h.fetchPage, T0 + 2 * HOUR + 2 * MIN, opts());
		expect(h.queries).toEqual([0, 100, 200].map((o) => query(T0 + 2 * HOUR + 2 * MIN, 86_400, o)));
	});
});

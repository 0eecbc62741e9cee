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

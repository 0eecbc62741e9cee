import { paginate } from '../../../nodes/shared/http/paginate';

/** A list of `size` rows served `cap` at a time, echoing the limit it used (or not). */
function capped(size: number, cap: number, { echo = true, total = 'many' as unknown } = {}) {
	const calls: Array<[number, number]> = [];
	const rows = Array.from({ length: size }, (_, i) => i);
	const fetchPage = async (offset: number, limit: number) => {
		calls.push([offset, limit]);
		const used = Math.min(limit, cap);
		return { rows: rows.slice(offset, offset + used), total, ...(echo ? { limit: used } : {}) };
	};
	return { calls, fetchPage };
}

test('default paging stops on the first short page (unchanged): a cap loses rows', async () => {
	const s = capped(120, 50);
	expect(await paginate(s.fetchPage, { pageSize: 100 })).toHaveLength(50);
});

test('provenEnd: a page shorter than asked but as long as its echoed limit goes on', async () => {
	const s = capped(120, 50);
	expect(await paginate(s.fetchPage, { pageSize: 100, provenEnd: true })).toEqual(
		Array.from({ length: 120 }, (_, i) => i),
	);
	expect(s.calls).toEqual([
		[0, 100],
		[50, 100],
		[100, 100],
	]);
});

test('provenEnd without an echoed limit: one more request, answered empty', async () => {
	const s = capped(120, 50, { echo: false });
	expect(await paginate(s.fetchPage, { pageSize: 100, provenEnd: true })).toHaveLength(120);
	expect(s.calls.map(([offset]) => offset)).toEqual([0, 50, 100, 120]);
});

test('provenEnd with a trusted numeric total stops once it is reached', async () => {
	const s = capped(100, 50, { echo: false, total: 100 });
	expect(
		await paginate(s.fetchPage, { pageSize: 100, provenEnd: true, trustTotal: true }),
	).toHaveLength(100);
	expect(s.calls).toHaveLength(2);
});

test('provenEnd with an uncapped service costs nothing extra', async () => {
	const s = capped(250, 1000);
	expect(await paginate(s.fetchPage, { pageSize: 100, provenEnd: true })).toHaveLength(250);
	expect(s.calls).toHaveLength(3);
});

test('provenEnd honours max (Limit) and maxPages', async () => {
	const s = capped(1000, 50);
	expect(await paginate(s.fetchPage, { pageSize: 100, provenEnd: true, max: 120 })).toHaveLength(
		120,
	);
	expect(s.calls).toEqual([
		[0, 100],
		[50, 70],
		[100, 20],
	]);
	const t = capped(1000, 50);
	expect(await paginate(t.fetchPage, { pageSize: 100, provenEnd: true, maxPages: 2 })).toHaveLength(
		100,
	);
});

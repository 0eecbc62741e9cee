/** The one paging rule of the history reader, against services of every kind seen. */
import {
	readHistory,
	type FetchPage,
	type HistoryQuery,
} from '../../../nodes/shared/calls/history';

const rows = (from: number, count: number) =>
	Array.from({ length: count }, (_, k) => ({ id: `c${from + k}` }));

/** A history of `size` calls serving at most `cap` rows a page; records the queries. */
function service(
	size: number,
	{ cap = 100, echo = true, total = 'many' as unknown, ignoreOffset = false } = {},
) {
	const asked: HistoryQuery[] = [];
	const fetchPage: FetchPage = async (qs) => {
		asked.push(qs);
		const offset = ignoreOffset ? 0 : Number(qs.offset);
		const limit = Math.min(Number(qs.limit), cap);
		return {
			rows: rows(offset, Math.max(0, Math.min(limit, size - offset))),
			total,
			...(echo ? { limit } : {}),
		};
	};
	return { fetchPage, asked };
}

test('pages capped at 50 with the limit echoed: read to the end, no extra request', async () => {
	const s = service(120, { cap: 50 });
	const all = await readHistory(s.fetchPage, { status: 'completed' });
	expect(all.map((r) => r.id)).toEqual(rows(0, 120).map((r) => r.id));
	expect(s.asked).toEqual(
		[0, 50, 100].map((offset) => ({ status: 'completed', limit: 100, offset })),
	);
});

test('capped pages without an echoed limit: one more request, whose empty page proves the end', async () => {
	const s = service(120, { cap: 50, echo: false });
	expect(await readHistory(s.fetchPage, {})).toHaveLength(120);
	expect(s.asked.map((q) => q.offset)).toEqual([0, 50, 100, 120]);
});

test('a numeric total ends paging once reached', async () => {
	const s = service(100, { cap: 50, echo: false, total: 100 });
	expect(await readHistory(s.fetchPage, {})).toHaveLength(100);
	expect(s.asked.map((q) => q.offset)).toEqual([0, 50]);
});

test('a service that ignores the offset: the repeated page ends paging, rows once', async () => {
	const s = service(30, { echo: false, ignoreOffset: true });
	expect(await readHistory(s.fetchPage, {})).toEqual(rows(0, 30));
	expect(s.asked.map((q) => q.offset)).toEqual([0, 30]);
});

test('Limit and "enough" stop early', async () => {
	const a = service(500);
	expect(await readHistory(a.fetchPage, {}, { max: 150 })).toHaveLength(150);
	expect(a.asked.map((q) => [q.offset, q.limit])).toEqual([
		[0, 100],
		[100, 50],
	]);
	const b = service(500, { cap: 50 });
	const found = await readHistory(
		b.fetchPage,
		{},
		{
			enough: (seen) => seen.some((r) => r.id === 'c60'),
		},
	);
	expect(found).toHaveLength(100);
	expect(b.asked).toHaveLength(2);
});

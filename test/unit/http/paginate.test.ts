import { paginate } from '../../../nodes/shared/http/paginate';

function source(total: number, reportedTotal: unknown = total) {
	const calls: Array<[number, number]> = [];
	const rows = Array.from({ length: total }, (_, i) => i);
	const fetchPage = async (offset: number, limit: number) => {
		calls.push([offset, limit]);
		return { rows: rows.slice(offset, offset + limit), total: reportedTotal };
	};
	return { calls, fetchPage };
}

test('stops on a short page', async () => {
	const s = source(250);
	expect(await paginate(s.fetchPage, { pageSize: 100 })).toHaveLength(250);
	expect(s.calls).toEqual([
		[0, 100],
		[100, 100],
		[200, 100],
	]);
});

test('an exact multiple needs one empty page when total is not trusted', async () => {
	const s = source(200);
	expect(await paginate(s.fetchPage, { pageSize: 100 })).toHaveLength(200);
	expect(s.calls).toEqual([
		[0, 100],
		[100, 100],
		[200, 100],
	]);
});

test('a numeric total saves the empty page when trusted', async () => {
	const s = source(200);
	expect(await paginate(s.fetchPage, { pageSize: 100, trustTotal: true })).toHaveLength(200);
	expect(s.calls).toHaveLength(2);
});

test('a non-numeric total ("many") is ignored', async () => {
	const s = source(150, 'many');
	expect(await paginate(s.fetchPage, { pageSize: 100, trustTotal: true })).toHaveLength(150);
	expect(s.calls).toHaveLength(2);
});

test('a total that undercounts does not stop paging while pages are full (untrusted)', async () => {
	const s = source(300, 120);
	expect(await paginate(s.fetchPage, { pageSize: 100 })).toHaveLength(300);
});

test('limit asks only for what is needed', async () => {
	const s = source(1000);
	expect(await paginate(s.fetchPage, { pageSize: 100, max: 130 })).toEqual(
		Array.from({ length: 130 }, (_, i) => i),
	);
	expect(s.calls).toEqual([
		[0, 100],
		[100, 30],
	]);
});

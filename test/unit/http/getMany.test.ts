/**
 * getMany: Return All / Limit (readLimit) over offset pages of a plain list endpoint, each
 * page checked to be a list of objects; a reliable total or an echoed page size ends paging
 * as the endpoint says.
 */
import fc from 'fast-check';
import nock from 'nock';
import type { INodeProperties } from 'n8n-workflow';

import { getMany, readLimit, type ListEndpoint } from '../../../nodes/shared/http/getMany';
import { fields } from '../../../nodes/shared/engine/params';
import { expectAllMocksUsed, mockApi } from '../../helpers/harness';
import { probe } from '../../helpers/probe';

expectAllMocksUsed();

const properties: INodeProperties[] = [
	{ displayName: 'Return All', name: 'returnAll', type: 'boolean', default: false },
	{ displayName: 'Limit', name: 'limit', type: 'number', default: 50 },
];
const THINGS: ListEndpoint = {
	path: '/things',
	qs: { status: 'active' },
	rowsKey: 'things',
	pageSize: 3,
	maxLimit: 5,
};
const row = (n: number) => ({ id: `t${n}` });

/**
 * A list of `count` rows served by offset and limit (at most `cap` a page); the queries
 * asked, in order.
 */
function served(
	count: number,
	extra: (offset: number, limit: number) => object = () => ({}),
	cap = Infinity,
) {
	const asked: string[] = [];
	mockApi()
		.persist()
		.get('/things')
		.query(true)
		.reply((uri) => {
			const q = new URL(uri, 'http://x').searchParams;
			const offset = Number(q.get('offset'));
			const limit = Number(q.get('limit'));
			asked.push(q.toString());
			const rows = Array.from({ length: count }, (_, n) => row(n)).slice(
				offset,
				offset + Math.min(limit, cap),
			);
			return [200, { things: rows, ...extra(offset, limit) }];
		});
	return asked;
}

const run = (parameters: object, endpoint = THINGS) =>
	probe((ctx, i) => getMany(ctx, i, endpoint), { properties, parameters: { ...parameters } });

describe('getMany', () => {
	test('Return All reads pages of pageSize until a short page, with the filters', async () => {
		const asked = served(7);
		const { values, error } = await run({ returnAll: true });
		expect(error).toBeUndefined();
		expect(values).toEqual([[0, 1, 2, 3, 4, 5, 6].map(row)]);
		expect(asked).toEqual([
			'status=active&limit=3&offset=0',
			'status=active&limit=3&offset=3',
			'status=active&limit=3&offset=6',
		]);
	});

	test('a Limit asks for no more rows than it needs', async () => {
		const asked = served(7);
		const { values } = await run({ limit: 4 });
		expect(values).toEqual([[0, 1, 2, 3].map(row)]);
		expect(asked).toEqual(['status=active&limit=3&offset=0', 'status=active&limit=1&offset=3']);
	});

	test('any list size and Limit: the first rows, in order, pages within pageSize', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.nat(8),
				fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
				async (count, limit) => {
					const asked = served(count);
					const { values, error } = await run(
						limit === undefined ? { returnAll: true } : { limit },
					);
					nock.cleanAll();
					expect(error).toBeUndefined();
					const all = Array.from({ length: count }, (_, n) => row(n));
					expect(values).toEqual([limit === undefined ? all : all.slice(0, limit)]);
					for (const q of asked)
						expect(Number(new URLSearchParams(q).get('limit'))).toBeLessThanOrEqual(3);
				},
			),
			{ numRuns: 25, seed: 20260101 },
		);
	});

	test('a reliable total ends paging without asking for an empty page', async () => {
		const asked = served(6, () => ({ total: 6 }));
		const { values } = await run({ returnAll: true }, { ...THINGS, total: (b) => b.total });
		expect(values).toEqual([[0, 1, 2, 3, 4, 5].map(row)]);
		expect(asked).toEqual(['status=active&limit=3&offset=0', 'status=active&limit=3&offset=3']);
	});

	test('an echoed page size: a page capped below what was asked is not the end', async () => {
		// The service serves at most 2 a page and says so.
		const asked = served(5, () => ({ limit: 2 }), 2);
		const { values } = await run({ returnAll: true }, { ...THINGS, limit: (b) => b.limit });
		expect(values).toEqual([[0, 1, 2, 3, 4].map(row)]);
		expect(asked).toEqual([
			'status=active&limit=3&offset=0',
			'status=active&limit=3&offset=2',
			'status=active&limit=3&offset=4',
		]);
	});

	test.each([
		[{ things: {} }, 'things should be a list but is an object'],
		[{ things: [row(0), null] }, 'things[1] should be an object but is null'],
		// The transport refuses it first: an answer is always an object.
		[[row(0)], 'GET /things should be a JSON object but is a list'],
	])('a page %j is refused', async (answer, problem) => {
		mockApi()
			.get('/things')
			.query(true)
			.reply(200, answer as object);
		const { values, error } = await run({ returnAll: true });
		expect(values).toEqual([]);
		expect(error?.message).toBe(`Unexpected answer from the service: ${problem}`);
	});
});

describe('readLimit', () => {
	const limitOf = (parameters: object) =>
		probe((ctx, i) => readLimit(fields(ctx, i), 5) ?? 'all', {
			properties,
			parameters: { ...parameters },
		});

	test('Return All is undefined (all rows); else the Limit, 50 when unset', async () => {
		expect((await limitOf({ returnAll: true, limit: 3 })).values).toEqual(['all']);
		expect((await limitOf({ limit: 5 })).values).toEqual([5]);
		expect(
			(await probe((ctx, i) => readLimit(fields(ctx, i), 100), { properties: [] })).values,
		).toEqual([50]);
	});

	test.each([0, 6, 2.5])('a Limit of %p outside 1 to the maximum is refused', async (limit) => {
		const { error } = await limitOf({ limit });
		expect(error?.message).toBe(`Limit: ${limit} is not a whole number from 1 to 5 [item 0]`);
	});
});

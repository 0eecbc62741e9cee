import type { ParsedUrlQuery } from 'node:querystring';

import { BASE_URL, mockApi } from './harness';

/** The most rows a page-capping service gives, whatever limit was asked. */
export const CAP = 50;

/**
 * GET /calling/history of a service capping its pages (its own `limit` echoed, `total:
 * "many"`): serves `rows` in pages of at most CAP rows for limit=100; records the offsets.
 */
export function cappedHistory(
	rows: () => object[],
	offsets: number[],
	match: (q: ParsedUrlQuery) => boolean,
) {
	return mockApi()
		.persist()
		.get('/calling/history')
		.query((q) => match(q) && q.limit === '100')
		.reply((uri) => {
			const offset = Number(new URL(uri, BASE_URL).searchParams.get('offset'));
			offsets.push(offset);
			return [
				200,
				{ calls: rows().slice(offset, offset + CAP), limit: CAP, offset, total: 'many' },
			];
		});
}

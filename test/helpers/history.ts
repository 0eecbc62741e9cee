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

/** What the tests' history rows share: an outbound call from +14155550000, 1.5 credits, no voicemail. */
export const OUTBOUND_ROW = {
	call_cost: 1.5,
	call_type: 'outbound',
	inbound_from: null,
	credits_processed: true,
	from_numbers: ['+14155550000'],
	voicemail_detected: false,
};

import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { paginate } from './paginate';
import { fields, type Fields } from '../engine/params';
import { expectObject, expectRows } from './shape';
import { apiRequest } from './transport';

/**
 * Get Many of a plain list endpoint: Return All / Limit (readLimit, which every list
 * operation reads them with), offset pages, every page checked to be a list of objects. Each
 * such operation only says where its rows are; the call history and the assistants have
 * their own readers (calls/history.ts, assistants.ts) and use readLimit too.
 */
export interface ListEndpoint {
	path: string;
	/** Query parameters besides limit and offset (filters). */
	qs?: IDataObject;
	/** Key of the rows in the answer, e.g. `calls`. */
	rowsKey: string;
	/** Rows asked for per request. */
	pageSize: number;
	/** Largest Limit the field accepts. */
	maxLimit: number;
	/** Where a numeric total is, when the endpoint's total is reliable enough to stop on. */
	total?: (body: IDataObject) => unknown;
	/**
	 * Where the answer echoes the page size it used. Given, paging stops only on a proven end
	 * (an empty page, the total reached, or a page shorter than that size), not on a page
	 * shorter than asked, which a service capping its pages would also send.
	 */
	limit?: (body: IDataObject) => unknown;
}

/**
 * Return All / Limit of one item, as every list operation reads them: undefined for all
 * rows, else the Limit (1 to maxLimit; 50 when unset, the field's default).
 */
export function readLimit(f: Fields, maxLimit: number): number | undefined {
	return f.boolean('returnAll', 'Return All', false)
		? undefined
		: f.integer('limit', 'Limit', 50, { min: 1, max: maxLimit });
}

export async function getMany(
	ctx: IExecuteFunctions,
	i: number,
	endpoint: ListEndpoint,
): Promise<IDataObject[]> {
	const max = readLimit(fields(ctx, i), endpoint.maxLimit);
	const node = ctx.getNode();
	return await paginate<IDataObject>(
		async (offset, limit) => {
			const body = await apiRequest.call(ctx, {
				method: 'GET',
				path: endpoint.path,
				qs: { ...endpoint.qs, limit, offset },
				itemIndex: i,
			});
			const answer = expectObject(node, body, `the answer of GET ${endpoint.path}`, i);
			return {
				rows: expectRows(node, answer[endpoint.rowsKey], endpoint.rowsKey, i),
				total: endpoint.total?.(answer),
				limit: endpoint.limit?.(answer),
			};
		},
		{
			pageSize: endpoint.pageSize,
			max,
			trustTotal: endpoint.total !== undefined,
			provenEnd: endpoint.limit !== undefined,
		},
	);
}

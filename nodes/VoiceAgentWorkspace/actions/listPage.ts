import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { paginate } from '../../shared/paginate';
import { apiRequest } from '../../shared/transport';
import { requireInteger } from '../../shared/validate';

/** The workspace lists take at most 100 rows a page. */
export const WORKSPACE_PAGE_SIZE = 100;

/** Get Many over a workspace list (numbers, users): Return All or Limit, short page stops. */
export async function getWorkspaceList(
	ctx: IExecuteFunctions,
	i: number,
	path: string,
	key: string,
): Promise<IDataObject[]> {
	const returnAll = ctx.getNodeParameter('returnAll', i, false) as boolean;
	const max = returnAll
		? undefined
		: requireInteger(
				ctx.getNode(),
				'Limit',
				ctx.getNodeParameter('limit', i, 50),
				i,
				1,
				WORKSPACE_PAGE_SIZE,
			);
	return await paginate<IDataObject>(
		async (offset, limit) => {
			const body = await apiRequest.call(ctx, {
				method: 'GET',
				path,
				qs: { limit, offset },
				itemIndex: i,
			});
			const rows = body[key];
			return { rows: Array.isArray(rows) ? (rows as IDataObject[]) : [] };
		},
		{ pageSize: WORKSPACE_PAGE_SIZE, max },
	);
}

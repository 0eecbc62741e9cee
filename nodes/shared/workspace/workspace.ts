import type { IDataObject, IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';

import type { ListEndpoint } from '../http/getMany';
import { expectRows } from '../http/shape';
import { apiRequest } from '../http/transport';

/** The workspace lists take at most 100 rows a page. */
export const WORKSPACE_PAGE_SIZE = 100;

/** GET /workspace/numbers: the workspace's phone numbers and the assistants attached. */
export const NUMBERS: ListEndpoint = {
	path: '/workspace/numbers',
	rowsKey: 'workspace_numbers',
	pageSize: WORKSPACE_PAGE_SIZE,
	maxLimit: WORKSPACE_PAGE_SIZE,
};

/** GET /workspace/users: the workspace's users. */
export const USERS: ListEndpoint = {
	path: '/workspace/users',
	rowsKey: 'workspace_users',
	pageSize: WORKSPACE_PAGE_SIZE,
	maxLimit: WORKSPACE_PAGE_SIZE,
};

export interface WorkspaceNumber {
	id: string;
	number: string;
	agent?: { id?: string; agent_display_name?: string } | null;
	// Since 2026-06-12 (vendor reference); absent from older answers.
	is_test_number?: boolean;
	is_spam?: boolean;
	number_pool_id?: string | null;
}

/** One page of a workspace list, its rows checked to be objects. */
export async function readWorkspacePage(
	ctx: IExecuteFunctions | ILoadOptionsFunctions,
	endpoint: ListEndpoint,
	offset: number,
	limit: number = endpoint.pageSize,
): Promise<IDataObject[]> {
	const body = await apiRequest.call(ctx, {
		method: 'GET',
		path: endpoint.path,
		qs: { limit, offset },
	});
	return expectRows(ctx.getNode(), body[endpoint.rowsKey], endpoint.rowsKey);
}

/** One page of workspace numbers. */
export async function readNumbersPage(
	ctx: IExecuteFunctions | ILoadOptionsFunctions,
	offset: number,
	limit?: number,
): Promise<WorkspaceNumber[]> {
	return (await readWorkspacePage(ctx, NUMBERS, offset, limit)) as unknown as WorkspaceNumber[];
}

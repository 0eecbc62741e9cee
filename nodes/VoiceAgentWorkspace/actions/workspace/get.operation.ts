import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { OperationOutput } from '../../../shared/router';
import { expectObject } from '../../../shared/shape';
import { apiRequest } from '../../../shared/transport';

/** No fields: the workspace is the one the API key belongs to. */
export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const body = await apiRequest.call(this, { method: 'GET', path: '/workspace', itemIndex: i });
	return expectObject(this.getNode(), body.workspace, 'workspace', i);
}

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { operationOption } from '../../../shared/engine/operation';
import type { OperationOutput } from '../../../shared/engine/router';
import { expectObject, shapeError } from '../../../shared/http/shape';
import { apiRequest } from '../../../shared/http/transport';

export const option = operationOption({
	name: 'Get',
	value: 'get',
	description: 'Get the workspace of the API key: name and credit balance',
	action: 'Get the workspace',
});

/** No fields: the workspace is the one the API key belongs to. */
export const properties: INodeProperties[] = [];

/**
 * The service answers `{workspace_info: {id, name, created_at, credits, locked_credits}}`
 * (vendor reference, 2026-08). Older answers also carried the workspace's `api_key` inside
 * it: a key must never reach an output, so it is dropped, whatever its case or spelling.
 */
const SECRET_KEY = /^api[-_]?key$/i;

function workspaceOutput(info: IDataObject): IDataObject {
	return Object.fromEntries(Object.entries(info).filter(([key]) => !SECRET_KEY.test(key)));
}

export const kind = 'item';

export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const node = this.getNode();
	const body = await apiRequest.call(this, { method: 'GET', path: '/workspace', itemIndex: i });
	// A missing workspace_info is an error, never an empty item.
	if (body.workspace_info === undefined) throw shapeError(node, 'workspace_info', 'is missing', i);
	return workspaceOutput(expectObject(node, body.workspace_info, 'workspace_info', i));
}

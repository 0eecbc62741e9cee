import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { operationOption } from '../../../shared/engine/operation';
import { fields } from '../../../shared/engine/params';
import type { OperationOutput } from '../../../shared/engine/router';
import { apiRequest } from '../../../shared/http/transport';

export const option = operationOption({
	name: 'Delete',
	value: 'delete',
	description: 'Delete a contact list and all its contacts',
	action: 'Delete a contact list',
});

export const properties: INodeProperties[] = [
	{
		displayName: 'Contact List ID',
		name: 'listId',
		type: 'string',
		default: '',
		required: true,
		description: 'ID of the contact (bulk) list to delete, with all its contacts',
	},
];

/** As an AI agent's tool, only when the user allows it (see shared/engine/tool.ts). */
export const agentNeedsConsent = 'deletes a contact list and all its contacts';

export const kind = 'item';

export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	// Checked as a path segment: ".." or "." would delete at a parent endpoint instead.
	const segment = fields(this, i).pathSegment('listId', 'Contact List ID');
	try {
		const body = await apiRequest.call(this, {
			method: 'DELETE',
			path: `/calling/contact/${segment}`,
			itemIndex: i,
		});
		return { list_id: decodeURIComponent(segment), ...(body as IDataObject) };
	} catch (error) {
		throw withdrawn(this, error, i);
	}
}

/**
 * The vendor withdrew this endpoint from its reference on 2026-05-02 (contact-list APIs are
 * "not public yet"). A 404 or 405 may mean the list does not exist or that the operation is
 * no longer offered: the error says both, and where to delete it instead.
 */
function withdrawn(ctx: IExecuteFunctions, error: unknown, i: number): unknown {
	const status = String((error as { httpCode?: unknown })?.httpCode ?? '');
	if (!(error instanceof NodeApiError) || !['404', '405'].includes(status)) return error;
	const message = 'The contact list does not exist, or the service no longer offers deleting it';
	return new NodeApiError(
		ctx.getNode(),
		{ message, httpCode: status },
		{
			message,
			description: `The service answered HTTP ${status} (${error.message}). It withdrew this operation from its reference on 2026-05-02: check the list's ID, and delete the list in the service's dashboard.`,
			httpCode: status,
			itemIndex: i,
		},
	);
}

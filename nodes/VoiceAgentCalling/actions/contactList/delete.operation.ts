import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { operationOption } from '../../../shared/operation';
import { fields } from '../../../shared/params';
import type { OperationOutput } from '../../../shared/router';
import { apiRequest } from '../../../shared/transport';

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

/** As an AI agent's tool, only when the user allows it (see shared/tool.ts). */
export const agentNeedsConsent = 'deletes a contact list and all its contacts';

export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	// Checked as a path segment: ".." or "." would delete at a parent endpoint instead.
	const segment = fields(this, i).pathSegment('listId', 'Contact List ID');
	const body = await apiRequest.call(this, {
		method: 'DELETE',
		path: `/calling/contact/${segment}`,
		itemIndex: i,
	});
	return { list_id: decodeURIComponent(segment), ...(body as IDataObject) };
}

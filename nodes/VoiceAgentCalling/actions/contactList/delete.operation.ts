import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { OperationOutput } from '../../../shared/router';
import { apiRequest } from '../../../shared/transport';
import { requireNonEmpty } from '../../../shared/validate';

const fields: INodeProperties[] = [
	{
		displayName: 'Contact List ID',
		name: 'listId',
		type: 'string',
		default: '',
		required: true,
		description: 'ID of the contact (bulk) list to delete, with all its contacts',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contactList'], operation: ['delete'] } },
	fields,
);

export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const listId = requireNonEmpty(
		this.getNode(),
		'Contact List ID',
		this.getNodeParameter('listId', i),
		i,
	);
	const body = await apiRequest.call(this, {
		method: 'DELETE',
		path: `/calling/contact/${encodeURIComponent(listId)}`,
		itemIndex: i,
	});
	return { list_id: listId, ...(body as IDataObject) };
}

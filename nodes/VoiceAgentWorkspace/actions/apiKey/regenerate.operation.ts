import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { sendOnce } from '../../../shared/once';
import { toBoolean } from '../../../shared/params';
import type { ItemResult } from '../../../shared/router';
import { apiRequest } from '../../../shared/transport';
import { fieldError } from '../../../shared/validate';

const fields: INodeProperties[] = [
	{
		displayName:
			'The current API key stops working at once. The new key is in this node\'s output (new_api_key): paste it into the Voice Agent API credential, or every later request of this workspace fails with "Invalid credentials".',
		name: 'regenerateNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Confirm',
		name: 'confirm',
		type: 'boolean',
		default: false,
		required: true,
		// A fixed value only: an expression (or an AI tool's $fromAI) must not be able to set it.
		noDataExpression: true,
		description:
			'Whether you really want to replace the API key; the node refuses to run until this is on',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['apiKey'], operation: ['regenerate'], '@tool': [false] } },
	fields,
);

async function regenerate(ctx: IExecuteFunctions): Promise<IDataObject> {
	const node = ctx.getNode();
	// The tool variant of the node hides this operation; refuse it here too (an agent sets any
	// parameter it likes, and old workflows may hold it).
	if (node.type.endsWith('Tool')) {
		throw new NodeOperationError(
			node,
			'Regenerating the API key is not available when the node is used as an AI tool',
			{ itemIndex: 0 },
		);
	}
	if (!toBoolean(node, 'Confirm', ctx.getNodeParameter('confirm', 0, false), 0)) {
		throw fieldError(node, 'Confirm', 'must be turned on to regenerate the API key', 0);
	}
	// Sent once per run, also when n8n's Retry On Fail re-runs the node.
	const body = await sendOnce(
		ctx,
		0,
		'regenerate',
		async () =>
			await apiRequest.call(ctx, { method: 'PATCH', path: '/workspace/api-key', itemIndex: 0 }),
	);
	const newKey = body.new_api_key;
	if (typeof newKey !== 'string' || newKey === '') {
		throw new NodeApiError(
			node,
			{ message: 'The service answered without new_api_key' },
			{
				message: 'The service answered without new_api_key',
				description:
					'The key may have been replaced anyway. If the credential stops working, regenerate the key in the service dashboard.',
				itemIndex: 0,
			},
		);
	}
	return { new_api_key: newKey };
}

/**
 * Runs once for the whole input: a second regeneration would fail with the (now dead) old key
 * and lose the first new key, so more than one input item is refused before any request.
 */
export async function executeBatch(
	this: IExecuteFunctions,
	itemCount: number,
): Promise<ItemResult[]> {
	if (itemCount > 1) {
		throw new NodeOperationError(
			this.getNode(),
			`Regenerate API Key runs for one input item only, got ${itemCount}`,
			{
				description:
					'Turn on "Execute Once" in the node settings, or pass a single item. No request was sent.',
			},
		);
	}
	if (itemCount === 0) return [];
	try {
		return [{ ok: true, output: await regenerate(this) }];
	} catch (error) {
		return [{ ok: false, error: error as Error }];
	}
}

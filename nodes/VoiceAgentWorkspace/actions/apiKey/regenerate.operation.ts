import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { operationOption } from '../../../shared/engine/operation';
import { sendOnce } from '../../../shared/engine/once';
import { fields } from '../../../shared/engine/params';
import type { ItemResult } from '../../../shared/engine/router';
import { apiRequest } from '../../../shared/http/transport';
import { fieldError } from '../../../shared/engine/validate';

export const option = operationOption({
	name: 'Regenerate',
	value: 'regenerate',
	description: 'Replace the workspace API key; the old key stops working at once',
	action: 'Regenerate the API key',
});

// Not offered to an AI agent: the operation's output is the new secret itself.
const notAsTool = { show: { '@tool': [false] } };

export const properties: INodeProperties[] = [
	{
		displayName:
			'The current API key stops working at once. The new key is in this node\'s output (new_api_key): paste it into the Voice Agent API credential, or every later request of this workspace fails with "Invalid credentials".',
		name: 'regenerateNotice',
		type: 'notice',
		default: '',
		displayOptions: notAsTool,
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
		displayOptions: notAsTool,
	},
];

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
	if (!fields(ctx, 0).boolean('confirm', 'Confirm', false)) {
		throw fieldError(node, 'Confirm', 'must be turned on to regenerate the API key', 0);
	}
	// Sent once per run, also when n8n's Retry On Fail re-runs the node.
	const body = await sendOnce(ctx, 0, 'regenerate', async () => {
		try {
			return await apiRequest.call(ctx, {
				method: 'PATCH',
				path: '/workspace/api-key',
				itemIndex: 0,
			});
		} catch (error) {
			throw dashboardOnly(ctx, error);
		}
	});
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
 * The vendor dropped PATCH /workspace/api-key from its reference on 2026-08-07: keys are now
 * made in the dashboard (owner only, shown once). A service that refuses the endpoint (403,
 * 404, 405) is telling the user to go there, so the error says so; other errors pass as is.
 */
const GONE = ['403', '404', '405'];

function dashboardOnly(ctx: IExecuteFunctions, error: unknown): unknown {
	const status = String((error as { httpCode?: unknown })?.httpCode ?? '');
	if (!(error instanceof NodeApiError) || !GONE.includes(status)) return error;
	const message = 'Regenerate the API key in the dashboard of the voice agent service';
	return new NodeApiError(
		ctx.getNode(),
		{ message, httpCode: status },
		{
			message,
			description: `The service refused to regenerate the key here (HTTP ${status}: ${error.message}). New keys are made in the service's dashboard by the workspace owner and shown once: create one there and paste it into the Voice Agent API credential. The current key was not changed.`,
			httpCode: status,
			itemIndex: 0,
		},
	);
}

export const kind = 'batch';

/**
 * Runs once for the whole input: a second regeneration would fail with the (now dead) old key
 * and lose the first new key, so more than one input item is refused before any request.
 */
export async function execute(
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

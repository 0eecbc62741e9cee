/**
 * Explicit, never-surprising registration on the assistant (webhookMethods.default):
 * - nothing is registered unless Register on Assistant is on;
 * - only the selected event types are set (PATCH /agent/v1 edit_event_subscriptions names
 *   just those; the service leaves the other types as they are);
 * - on deactivation, only the types that still point at this trigger's URL are removed,
 *   from the record kept in static data (not from the current parameters, which may have
 *   changed since).
 * The safety net's first sweep (a silent baseline) also runs at activation.
 */
import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { expectObject } from '../shared/shape';
import { apiRequest } from '../shared/transport';
import { assertActivatable, readConfig } from './config';
import { urlWithSecret } from './secret';
import { runSweep, type NodeState, type Registration } from './state';

async function subscriptionsOf(ctx: IHookFunctions, agentId: string): Promise<IDataObject> {
	const body = await apiRequest.call(ctx, { method: 'GET', path: `/agent/${agentId}` });
	const agent = expectObject(
		ctx.getNode(),
		body.agents ?? body.agent ?? body.data,
		'the assistant',
		0,
	);
	return (agent.event_subscriptions as IDataObject | undefined) ?? {};
}

async function editSubscriptions(
	ctx: IHookFunctions,
	agentId: string,
	subscriptions: Record<string, string | null>,
): Promise<void> {
	await apiRequest.call(ctx, {
		method: 'PATCH',
		path: '/agent/v1',
		body: {
			operation: 'edit_event_subscriptions',
			agent_id: agentId,
			event_subscriptions: subscriptions,
		},
	});
}

function registeredUrl(ctx: IHookFunctions, secret: string): string {
	const url = ctx.getNodeWebhookUrl('default');
	if (!url) throw new NodeOperationError(ctx.getNode(), 'This trigger has no webhook URL');
	return urlWithSecret(url, secret);
}

function state(ctx: IHookFunctions): NodeState {
	return ctx.getWorkflowStaticData('node') as NodeState;
}

export async function checkExists(this: IHookFunctions): Promise<boolean> {
	const config = readConfig(this);
	assertActivatable(this, config);
	const data = state(this);
	if (config.safetyNet && !data.sweep?.cursor) return false;
	if (!config.register) return data.registration === undefined;
	const url = registeredUrl(this, config.secret);
	const record = data.registration;
	if (!record || record.agentId !== config.agentId || record.url !== url) return false;
	if (config.events.some((t) => !record.types.includes(t))) return false;
	const current = await subscriptionsOf(this, config.agentId!);
	return config.events.every((t) => current[t] === url);
}

export async function create(this: IHookFunctions): Promise<boolean> {
	const config = readConfig(this);
	assertActivatable(this, config);
	const data = state(this);
	if (config.register) {
		const url = registeredUrl(this, config.secret);
		const agentId = config.agentId!;
		// What an earlier activation registered and this one no longer wants (other
		// assistant, other URL or secret, event types unselected) goes first.
		await unregister(this, data, { agentId, url, types: config.events });
		await editSubscriptions(this, agentId, Object.fromEntries(config.events.map((t) => [t, url])));
		data.registration = { agentId, url, types: [...config.events] };
	} else {
		await unregister(this, data);
	}
	if (config.safetyNet && !data.sweep?.cursor) await runSweep(this, config, data, Date.now());
	return true;
}

/**
 * Removes what this trigger registered and is still pointing at it, except what `keep`
 * is about to set again anyway.
 */
async function unregister(
	ctx: IHookFunctions,
	data: NodeState,
	keep?: Registration,
): Promise<void> {
	const record = data.registration;
	if (!record) return;
	const same = keep && keep.agentId === record.agentId && keep.url === record.url;
	const candidates = same ? record.types.filter((t) => !keep.types.includes(t)) : record.types;
	if (candidates.length === 0) return;
	const current = await subscriptionsOf(ctx, record.agentId);
	const ours = candidates.filter((t) => current[t] === record.url);
	if (ours.length > 0) {
		await editSubscriptions(ctx, record.agentId, Object.fromEntries(ours.map((t) => [t, null])));
	}
	delete data.registration;
}

export async function remove(this: IHookFunctions): Promise<boolean> {
	await unregister(this, state(this));
	return true;
}

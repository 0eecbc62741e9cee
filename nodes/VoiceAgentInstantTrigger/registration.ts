/**
 * Explicit, never-surprising registration on the assistant (webhookMethods.default).
 *
 * Registering adds or replaces only this trigger's entry (matched by its URL) in the
 * assistant's subscription lists, and deactivation removes only it, by the rules of
 * shared/assistants/subscriptions.ts (every other entry kept exactly; nothing written that would put a
 * masked secret back): where that cannot be done, activation fails saying what to set by hand.
 *
 * The secret travels in a header of the subscription (x-voice-agent-secret), not in the URL.
 * Versioned assistants: the entry goes to every version that takes calls (the live one, or
 * each variant of a running A/B test), since a call's events follow its version.
 * The safety net's first sweep (a silent baseline) also runs at activation.
 */
import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	planChange,
	subscriptionTargets,
	writeSubscriptions,
} from '../shared/assistants/subscriptions';
import { assertActivatable, readConfig } from './config';
import { SECRET_HEADER, SECRET_QUERY } from './secret';
import { TriggerMemory } from './known';
import { runSweep, type NodeState } from './state';

/** The URL without a `secret` query parameter (how earlier versions registered it). */
function bareUrl(raw: unknown): string | undefined {
	if (typeof raw !== 'string') return undefined;
	try {
		const url = new URL(raw);
		url.searchParams.delete(SECRET_QUERY);
		return url.toString();
	} catch {
		return raw;
	}
}

/** This trigger's entries: those whose callback_url is its webhook URL. */
const isOurs = (entry: IDataObject, url: string) => bareUrl(entry.callback_url) === url;

function hashSecret(secret: string): string {
	// FNV-1a: enough to tell a changed secret, and says nothing useful about it.
	let h = 0x811c9dc5;
	for (let i = 0; i < secret.length; i++) {
		h ^= secret.charCodeAt(i);
		h = Math.imul(h, 0x01000193) >>> 0;
	}
	return h.toString(16).padStart(8, '0');
}

function webhookUrl(ctx: IHookFunctions): string {
	const url = ctx.getNodeWebhookUrl('default');
	if (!url) throw new NodeOperationError(ctx.getNode(), 'This trigger has no webhook URL');
	return bareUrl(url) ?? url;
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
	const url = webhookUrl(this);
	const record = data.registration;
	if (
		!record ||
		record.agentId !== config.agentId ||
		record.url !== url ||
		record.secretHash !== hashSecret(config.secret) ||
		config.events.length !== record.types.length ||
		config.events.some((t) => !record.types.includes(t))
	)
		return false;
	// Every version that takes calls must still hold our entry (a new A/B variant would not).
	const targets = await subscriptionTargets(this, config.agentId!);
	const covered = (entry: IDataObject, type: string) =>
		Array.isArray(entry.event_type)
			? (entry.event_type as unknown[]).includes(type)
			: entry.event_type === type;
	return targets.every((t) =>
		t.list.some((e) => isOurs(e, url) && config.events.every((type) => covered(e, type))),
	);
}

export async function create(this: IHookFunctions): Promise<boolean> {
	const config = readConfig(this);
	assertActivatable(this, config);
	const data = state(this);
	// What an earlier activation registered elsewhere (another assistant or URL) goes first.
	const url = config.register ? webhookUrl(this) : undefined;
	if (
		data.registration &&
		(!config.register ||
			data.registration.agentId !== config.agentId ||
			data.registration.url !== url)
	) {
		await unregister(this, data);
	}
	if (config.register) {
		const agentId = config.agentId!;
		const targets = await subscriptionTargets(this, agentId);
		if (targets.length === 0) {
			throw new NodeOperationError(this.getNode(), 'Assistant: it has no version to subscribe on');
		}
		const ours: IDataObject = {
			event_type: [...config.events],
			callback_url: url!,
			headers: { [SECRET_HEADER]: config.secret },
			method_type: 'POST',
		};
		// Every list is checked before any is written: all or nothing.
		const plans = targets.map((target) => planChange(target.list, (e) => isOurs(e, url!), [ours]));
		plans.forEach((plan, k) => {
			if (plan.masked)
				throw handSetup(this, plan.masked, url!, config.events, targets[k].versionId);
		});
		for (const [k, target] of targets.entries()) {
			await writeSubscriptions(this, agentId, target, plans[k].list);
		}
		data.registration = {
			agentId,
			url: url!,
			types: [...config.events],
			versions: targets.map((t) => t.versionId),
			secretHash: hashSecret(config.secret),
		};
	}
	if (config.safetyNet && !data.sweep?.cursor) {
		// The first sweep records what exists and emits nothing.
		const now = Date.now();
		await runSweep(this, config, data, TriggerMemory.of(this, data.memory, now), now);
	}
	return true;
}

function handSetup(
	ctx: IHookFunctions,
	masked: string,
	url: string,
	events: string[],
	versionId: string | null,
): NodeOperationError {
	return new NodeOperationError(
		ctx.getNode(),
		'Register on Assistant: not activated, to keep another subscription of this assistant intact',
		{
			description:
				`The assistant's event subscriptions include ${masked}, whose secret value the service only shows masked. ` +
				'The service replaces the whole list on every change, so writing it back would replace that secret with its mask. Nothing was changed. ' +
				`Either add this trigger's subscription by hand in the service's dashboard${versionId ? ` (version ${versionId})` : ''}: URL ${url}, events ${events.join(', ')}, method POST, header ${SECRET_HEADER} = this trigger's Secret; then turn Register on Assistant off and activate. ` +
				'Or remove the other subscription first.',
		},
	);
}

/** Removes this trigger's entry from the lists it was written to, keeping every other one. */
async function unregister(
	ctx: IHookFunctions,
	data: NodeState,
	currentUrl?: string,
): Promise<void> {
	const record = data.registration;
	if (!record) return;
	const versions = Array.isArray(record.versions) ? record.versions : undefined;
	const targets = await subscriptionTargets(ctx, record.agentId, versions);
	// The recorded URL, and at deactivation the trigger's URL now: a record saved over by an
	// older copy of the static data (n8n saves it whole) must not leave an entry behind.
	const mine = (e: IDataObject) =>
		isOurs(e, record.url) || (currentUrl !== undefined && isOurs(e, currentUrl));
	for (const target of targets) {
		if (!target.list.some(mine)) continue;
		const { list, masked } = planChange(target.list, mine, []);
		if (masked) {
			// Writing would destroy another subscriber's secret: ours stays, and the log says so.
			ctx.logger.warn(
				`Voice Agent Webhook Trigger: left its subscription ${record.url} on assistant ${record.agentId}: removing it would rewrite ${masked}, which the service only shows masked. Remove it by hand in the service's dashboard.`,
			);
			continue;
		}
		await writeSubscriptions(ctx, record.agentId, target, list);
	}
	delete data.registration;
}

export async function remove(this: IHookFunctions): Promise<boolean> {
	let currentUrl: string | undefined;
	try {
		currentUrl = webhookUrl(this);
	} catch {
		// No webhook URL: only the recorded one can be ours.
	}
	await unregister(this, state(this), currentUrl);
	return true;
}

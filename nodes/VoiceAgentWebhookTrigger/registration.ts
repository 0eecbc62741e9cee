/**
 * Explicit, never-surprising registration on the assistant (webhookMethods.default).
 *
 * The service keeps ONE list of event subscriptions per assistant version, and an edit
 * replaces the whole list (backend schema reference, 2026-08). So registering reads the
 * current list, adds or replaces only this trigger's entry (matched by its URL), keeps every
 * other entry exactly as stored, and writes the list back; deactivation removes only this
 * trigger's entry the same way. Secret-looking header values come back masked (`Bear***`):
 * writing such an entry back would replace another subscriber's secret with the mask, so
 * then nothing is written and activation fails saying what to set by hand.
 *
 * The secret travels in a header of the subscription (x-voice-agent-secret), not in the URL.
 * Versioned assistants: the entry goes to every version that takes calls (the live one, or
 * each variant of a running A/B test), since a call's events follow its version.
 * The safety net's first sweep (a silent baseline) also runs at activation.
 */
import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { patchAssistant, readAssistantRecord } from '../shared/assistants';
import { resolveLive, subscriptionList } from '../shared/assistantVersions';
import { assertActivatable, readConfig } from './config';
import { SECRET_HEADER, SECRET_QUERY } from './secret';
import { runSweep, type NodeState } from './state';

/** Where one list of subscriptions lives: a version of the assistant, or the flat record. */
interface Target {
	versionId: string | null;
	list: IDataObject[];
}

/** The service's mask of a secret-looking value (`Bear***`). */
const MASK = '***';

/** Whether an entry carries a value we only see masked (anywhere inside it). */
function maskedValue(entry: unknown, path = ''): string | undefined {
	if (typeof entry === 'string') return entry.includes(MASK) ? path : undefined;
	if (entry && typeof entry === 'object') {
		for (const [key, value] of Object.entries(entry)) {
			const found = maskedValue(value, path ? `${path}.${key}` : key);
			if (found !== undefined) return found;
		}
	}
	return undefined;
}

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

/** The lists of the versions that take calls (or the flat record's one list). */
async function targetsOf(
	ctx: IHookFunctions,
	agentId: string,
	only?: Array<string | null>,
): Promise<Target[]> {
	const agent = await readAssistantRecord(ctx, agentId);
	const live = resolveLive(agent);
	if (live.resolution === 'flat')
		return [{ versionId: null, list: subscriptionList(agent.event_subscriptions) }];
	const details = agent.version_details as IDataObject;
	const ids = only ?? live.taking_calls.map((v) => v.version_id);
	return ids
		.filter((id): id is string => typeof id === 'string' && details[id] !== undefined)
		.map((id) => ({
			versionId: id,
			list: subscriptionList((details[id] as IDataObject).event_subscriptions),
		}));
}

async function writeList(
	ctx: IHookFunctions,
	agentId: string,
	target: Target,
	list: IDataObject[],
) {
	await patchAssistant(ctx, {
		operation: 'edit_event_subscriptions',
		agent_id: agentId,
		...(target.versionId ? { version_id: target.versionId } : {}),
		event_subscriptions: list,
	});
}

/** The first entry of others that would be written back masked, described for a message. */
function maskedOther(others: IDataObject[]): string | undefined {
	for (const entry of others) {
		const where = maskedValue(entry);
		if (where !== undefined) return `${String(entry.callback_url)} (${where})`;
	}
	return undefined;
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
	const targets = await targetsOf(this, config.agentId!);
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
		const targets = await targetsOf(this, agentId);
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
		for (const target of targets) {
			const masked = maskedOther(target.list.filter((e) => !isOurs(e, url!)));
			if (masked) throw handSetup(this, masked, url!, config.events, target.versionId);
		}
		for (const target of targets) {
			const others = target.list.filter((e) => !isOurs(e, url!));
			await writeList(this, agentId, target, [...others, ours]);
		}
		data.registration = {
			agentId,
			url: url!,
			types: [...config.events],
			versions: targets.map((t) => t.versionId),
			secretHash: hashSecret(config.secret),
		};
	}
	if (config.safetyNet && !data.sweep?.cursor) await runSweep(this, config, data, Date.now());
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
async function unregister(ctx: IHookFunctions, data: NodeState): Promise<void> {
	const record = data.registration;
	if (!record) return;
	const versions = Array.isArray(record.versions) ? record.versions : undefined;
	const targets = await targetsOf(ctx, record.agentId, versions);
	for (const target of targets) {
		if (!target.list.some((e) => isOurs(e, record.url))) continue;
		const others = target.list.filter((e) => !isOurs(e, record.url));
		const masked = maskedOther(others);
		if (masked) {
			// Writing would destroy another subscriber's secret: ours stays, and the log says so.
			ctx.logger.warn(
				`Voice Agent Webhook Trigger: left its subscription ${record.url} on assistant ${record.agentId}: removing it would rewrite ${masked}, which the service only shows masked. Remove it by hand in the service's dashboard.`,
			);
			continue;
		}
		await writeList(ctx, record.agentId, target, others);
	}
	delete data.registration;
}

export async function remove(this: IHookFunctions): Promise<boolean> {
	await unregister(this, state(this));
	return true;
}

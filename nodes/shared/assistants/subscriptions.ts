/**
 * An assistant's event subscriptions, changed safely by anyone who needs to (the Webhook
 * Trigger's registration today, an Assistant operation next). The service keeps ONE list per
 * assistant version and an edit replaces the whole list (backend schema reference, 2026-08),
 * so a change reads the list, changes only the entries it owns, keeps every other entry
 * exactly as stored, and writes the list back. Secret-looking header values come back masked
 * (`Bear***`): writing such an entry back would replace another subscriber's secret with the
 * mask, so a change that would do that is not written (planChange says which entry).
 */
import type { IDataObject } from 'n8n-workflow';

import { patchAssistant, readAssistantRecord } from './assistants';
import { resolveLive, subscriptionList } from './versions';
import type { ApiContext } from '../http/transport';

/** Where one list of subscriptions lives: a version of the assistant, or the flat record. */
export interface SubscriptionTarget {
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

/** A new list for one target: every entry `isOwn` does not claim kept as stored, then `own`. */
export function planChange(
	list: IDataObject[],
	isOwn: (entry: IDataObject) => boolean,
	own: IDataObject[],
): { list: IDataObject[]; masked?: string } {
	const others = list.filter((entry) => !isOwn(entry));
	const masked = maskedEntry(others);
	return masked ? { list, masked } : { list: [...others, ...own] };
}

/** The first entry of others that would be written back masked, described for a message. */
export function maskedEntry(others: IDataObject[]): string | undefined {
	for (const entry of others) {
		const where = maskedValue(entry);
		if (where !== undefined) return `${String(entry.callback_url)} (${where})`;
	}
	return undefined;
}

/** The lists of the versions that take calls (or the flat record's one list). */
export async function subscriptionTargets(
	ctx: ApiContext,
	agentId: string,
	only?: Array<string | null>,
): Promise<SubscriptionTarget[]> {
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

export async function writeSubscriptions(
	ctx: ApiContext,
	agentId: string,
	target: SubscriptionTarget,
	list: IDataObject[],
) {
	await patchAssistant(ctx, {
		operation: 'edit_event_subscriptions',
		agent_id: agentId,
		...(target.versionId ? { version_id: target.versionId } : {}),
		event_subscriptions: list,
	});
}

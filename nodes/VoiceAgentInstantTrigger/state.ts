/**
 * The trigger's static data (node scope) and the one place that runs a sweep against it.
 * Static data is how n8n keeps a trigger's memory across executions and restarts; see the
 * README for when n8n saves it for webhook requests.
 */
import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import { readCallDetails } from '../shared/calls/details';
import { historyFetcher } from '../shared/calls/history';
import type { Config } from './config';
import { primaryEvent } from './events';
import type { TriggerMemory } from './known';
import { callKey, type Memory } from './memory';
import { sweep, type SweepState } from './sweep';

/** What activation registered on the assistant, so deactivation removes only that. */
export interface Registration {
	agentId: string;
	url: string;
	types: string[];
	/** Versions written to; null for an assistant in the flat shape (no version_id sent). */
	versions: Array<string | null>;
	/** A short hash of the secret sent, to notice a changed secret (the service masks it). */
	secretHash: string;
}

export interface NodeState extends IDataObject {
	memory?: Memory;
	sweep?: SweepState & IDataObject;
	registration?: Registration & IDataObject;
}

/**
 * Runs one sweep and stores its outcome (cursor, pending calls) in `data`; the calls it
 * returns are remembered in `memory`. A call whose primary event was emitted (known to
 * `memory`: this request's copy, or this process) is not returned, also when its delivery
 * came in while the sweep waited for the service. Throws before storing anything when a
 * request fails.
 */
export async function runSweep(
	ctx: IHookFunctions | IWebhookFunctions,
	config: Config,
	data: NodeState,
	memory: TriggerMemory,
	nowMs: number,
): Promise<IDataObject[]> {
	// The shared readers: every page shape-checked, paging only to a proven end (a service
	// capping its pages below the size asked for no longer hides the calls past page one).
	const fetchPage = historyFetcher(ctx);
	const fetchDetails = async (callId: string) => await readCallDetails(ctx, callId, true);
	const covered = (callId: string) => memory.has(callKey(callId));
	const result = await sweep(
		data.sweep,
		nowMs,
		{
			lookbackMs: config.lookbackMs,
			graceMs: config.graceMs,
			agentId: config.agentId,
			eventType: primaryEvent(config.events, config.acceptCallbacks) ?? 'all_processing_completed',
		},
		fetchPage,
		fetchDetails,
		covered,
	);
	// After the last await: what a delivery of this process emitted meanwhile is known now.
	const items = result.items.filter((item) => !covered(String(item.call_id)));
	for (const item of items) memory.remember(callKey(String(item.call_id)));
	data.sweep = result.state as NodeState['sweep'];
	return items;
}

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
import { callKey, has, prune, readMemory, remember, type Memory } from './memory';
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
 * Runs one sweep and stores its outcome (cursor, pending calls, emitted calls) in `data`.
 * Throws before storing anything when a request fails.
 */
export async function runSweep(
	ctx: IHookFunctions | IWebhookFunctions,
	config: Config,
	data: NodeState,
	nowMs: number,
): Promise<IDataObject[]> {
	const memory = readMemory(data.memory);
	// The shared readers: every page shape-checked, paging only to a proven end (a service
	// capping its pages below the size asked for no longer hides the calls past page one).
	const fetchPage = historyFetcher(ctx);
	const fetchDetails = async (callId: string) => await readCallDetails(ctx, callId, true);
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
		(callId) => has(memory, callKey(callId)),
	);
	const nowSec = Math.floor(nowMs / 1000);
	for (const item of result.items) remember(memory, callKey(String(item.call_id)), nowSec);
	data.memory = prune(memory, nowSec);
	data.sweep = result.state as NodeState['sweep'];
	return result.items;
}

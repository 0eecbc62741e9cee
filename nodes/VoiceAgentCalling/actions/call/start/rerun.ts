import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { HISTORY_PAGE_SIZE, historyFetcher, readHistory } from '../../../../shared/calls/history';
import { asJson, recordFromHistory } from '../../../../shared/calls/record';
import { alreadySent } from '../../../../shared/engine/once';
import { fields } from '../../../../shared/engine/params';
import { serviceTimeMs } from '../../../../shared/engine/serviceTime';
import { BinaryOutput, type ItemResult } from '../../../../shared/engine/router';
import type { ApiCredentials } from '../../../../shared/http/transport';

/**
 * The rerun guard: rows an earlier attempt of this same execution already dialled are not
 * dialled again.
 *
 * Why: in n8n's queue mode a worker that dies mid-execution (OOM, kill, deploy) leaves its job
 * "stalled", and n8n 1.x runs the same execution again on another worker
 * (QUEUE_WORKER_MAX_STALLED_COUNT, default 1), with the same input and nothing of the first
 * attempt's state: every row would be dialled twice. Sending the same batch again after such
 * a crash (n8n 2.x does not re-run by itself) is the same situation.
 *
 * What n8n gives a node is identical in both attempts (same items, same execution id, no
 * timestamp of the first attempt, no writable store), so the one place that remembers the
 * first attempt is the service: its call history. Before dialling, the batch reads the
 * history of each of its assistants over the last Look Back minutes (one request per 100
 * calls of that assistant in the window, typically one) and looks for calls to the batch's
 * numbers with the batch's callee names.
 *
 * It only acts on evidence of an earlier attempt of this batch: n8n's pool starts rows in
 * input order, so an attempt that dialled anything dialled one of the first
 * `concurrency` rows. Only when one of those has a matching call is the batch taken as a
 * re-run; then each row with a matching call (each call matching one row) is output with
 * `already_dialled: true` and that call's id instead of being dialled. A batch whose first
 * rows were not called in the window dials as before, whatever else the history holds. A
 * call the row's own input item is about (a trigger's completed call, by `id` or `call_id`,
 * that a follow-up calls back) is the cause of the row, never an earlier attempt of it.
 */

export const RERUN_MODES = ['auto', 'always', 'off'] as const;
export type RerunMode = (typeof RERUN_MODES)[number];

/**
 * Execution modes that never run on a queue worker, so n8n never re-runs them: the CLI runs
 * in its own process. Manual runs are not among them: n8n 3.x runs every manual execution on
 * a worker in queue mode (1.x and 2.x with OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS), where 1.x
 * re-runs it after the worker died, and on 2.x and 3.x the user runs the batch again.
 */
const NEVER_RERUN: readonly string[] = ['cli'];

export const GUARD_LOOKBACK_MINUTES = 30;
const MAX_GUARD_LOOKBACK_MINUTES = 1440;
/** At most 10,000 calls of one assistant in the window are compared. */
const MAX_PAGES = 100;
/** The service's clock may be a little ahead of this one. */
const FUTURE_MARGIN_MS = 60_000;

const MODES = [
	{
		name: 'Automatic',
		value: 'auto',
		description:
			'Check in every execution a queue worker may run (manual runs included, as n8n 3.x runs them on workers), not in CLI runs',
	},
	{ name: 'Always', value: 'always', description: 'Check in every execution' },
	{ name: 'Off', value: 'off', description: 'Never check' },
];

/**
 * Call → Start's Duplicate Protection: a main field, so the panel always shows the mode in
 * effect (inside a collection it read "No properties" until a setting was added).
 */
export const duplicateProtectionField: INodeProperties = {
	displayName: 'Duplicate Protection',
	name: 'duplicateProtection',
	type: 'options',
	options: MODES,
	default: 'auto',
	description:
		'Whether to check the call history before dialling and skip rows an earlier attempt of this same execution already dialled (n8n in queue mode runs an execution again after its worker died)',
};

/**
 * The mode as workflows saved before it was a main field hold it (in the collection). Still
 * declared, or n8n would drop the saved value before the node reads it; it applies only while
 * Duplicate Protection is left at Automatic.
 */
export const rerunGuardOption: INodeProperties = {
	displayName: 'Skip Rows Dialled by an Earlier Attempt (Old Setting)',
	name: 'rerunGuard',
	type: 'options',
	options: MODES,
	default: 'auto',
	description:
		'Kept for workflows saved with it; applies only while Duplicate Protection is Automatic. Set Duplicate Protection instead and remove this.',
};

export const rerunLookbackOption: INodeProperties = {
	displayName: 'Earlier Attempt Look Back (Minutes)',
	name: 'rerunLookbackMinutes',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: MAX_GUARD_LOOKBACK_MINUTES },
	default: GUARD_LOOKBACK_MINUTES,
	description:
		'How far back the check looks for calls of an earlier attempt; set it above the time from the start of the execution to the end of its dialling',
};

export interface GuardRow {
	index: number;
	/** The checked request body (agent_id, mobile_number, name). */
	body: IDataObject;
	/**
	 * Calls this row's input item is about (its `id` / `call_id`: a trigger's completed call
	 * that a follow-up calls back): the cause of this row, never an earlier attempt of it.
	 */
	about?: string[];
}

export interface GuardOptions {
	credentials: ApiCredentials;
	concurrency: number;
	nowMs: number;
	/** The guard as read before the rows were checked (readRerunGuard); undefined: off. */
	guard: { lookbackMs: number } | undefined;
}

/**
 * The mode in effect: Duplicate Protection; while it is Automatic (its default, which n8n
 * fills in for workflows saved without it), the old setting of the collection when saved.
 */
export function readRerunMode(ctx: IExecuteFunctions): RerunMode {
	const f = fields(ctx, 0);
	const mode = f.option('duplicateProtection', 'Duplicate Protection', RERUN_MODES, 'auto');
	if (mode !== 'auto') return mode;
	return f
		.collection('duplicates', 'Duplicate Protection Options')
		.option(
			'rerunGuard',
			'Skip Rows Dialled by an Earlier Attempt (Old Setting)',
			RERUN_MODES,
			'auto',
		);
}

/** The guard's settings for this run: undefined when it does not check. */
export function readRerunGuard(ctx: IExecuteFunctions): { lookbackMs: number } | undefined {
	const mode = readRerunMode(ctx);
	const options = fields(ctx, 0).collection('duplicates', 'Duplicate Protection Options');
	if (mode === 'off') return undefined;
	if (mode === 'auto' && NEVER_RERUN.includes(String(ctx.getMode?.() ?? 'manual')))
		return undefined;
	const minutes = options.number(
		'rerunLookbackMinutes',
		'Earlier Attempt Look Back (Minutes)',
		GUARD_LOOKBACK_MINUTES,
		{ min: 1, max: MAX_GUARD_LOOKBACK_MINUTES },
	);
	return { lookbackMs: minutes * 60_000 };
}

const digits = (value: unknown) => String(value ?? '').replace(/\D/g, '');
const callee = (value: unknown) =>
	String(value ?? '')
		.trim()
		.toLowerCase();

/** A history row and a batch row are the same call: same number and, when given, name. */
function sameCall(row: IDataObject, batchRow: GuardRow): boolean {
	const body = batchRow.body;
	if (batchRow.about?.includes(String(row.id))) return false;
	if (digits(row.to_number) !== digits(body.mobile_number)) return false;
	// The service may not keep a name the request did not send.
	return body.name === undefined || callee(row.name) === callee(body.name);
}

/**
 * Pure: which rows of one assistant an earlier attempt dialled, given that assistant's calls
 * in the window. Rows in input order; `history` in any order.
 */
export function matchEarlierCalls(
	rows: GuardRow[],
	history: IDataObject[],
	concurrency: number,
): Map<number, IDataObject> {
	const matched = new Map<number, IDataObject>();
	// Oldest first by the service's time (UTC without an offset); unreadable ones last.
	const at = (call: IDataObject) => serviceTimeMs(call.created_at) ?? Number.POSITIVE_INFINITY;
	const pool = [...history].sort((a, b) => at(a) - at(b) || 0);
	// No evidence that this batch was dialled before: nothing is skipped.
	const first = rows.slice(0, Math.max(1, concurrency));
	if (!first.some((r) => pool.some((call) => sameCall(call, r)))) return matched;
	const used = new Set<IDataObject>();
	for (const row of rows) {
		// The oldest unused matching call: each earlier call accounts for one row only.
		const call = pool.find((c) => !used.has(c) && sameCall(c, row));
		if (!call) continue;
		used.add(call);
		matched.set(row.index, call);
	}
	return matched;
}

/** The output of a row an earlier attempt dialled, in the shape of a start answer. */
export function alreadyDialledOutput(call: IDataObject): IDataObject {
	return {
		...asJson(recordFromHistory(call)),
		already_dialled: true,
		message: `Not dialled again: call ${String(call.id)} to this number was started at ${String(
			call.created_at,
		)} by an earlier attempt of this batch (n8n ran it again after a worker stopped, or the same rows were run again within Earlier Attempt Look Back). To call again on purpose, set Duplicate Protection to Off.`,
	};
}

/**
 * Reads the history of each assistant of the batch and returns, per row index, the earlier
 * call that already dialled it. Rows this process already sent (n8n's Retry On Fail) are left
 * to the send-once ledger, which replays their own result.
 */
export async function findEarlierCalls(
	ctx: IExecuteFunctions,
	rows: GuardRow[],
	{ credentials, concurrency, nowMs, guard }: GuardOptions,
): Promise<Map<number, IDataObject>> {
	const found = new Map<number, IDataObject>();
	if (!guard) return found;
	const byAgent = new Map<string, GuardRow[]>();
	const items = ctx.getInputData();
	for (const row of rows) {
		if (alreadySent(ctx, row.index, 'start')) continue;
		const json = items[row.index]?.json ?? {};
		row.about = [json.id, json.call_id]
			.filter((v) => typeof v === 'string' && v !== '')
			.map(String);
		const agent = String(row.body.agent_id ?? '');
		const group = byAgent.get(agent);
		if (group) group.push(row);
		else byAgent.set(agent, [row]);
	}
	for (const [agentId, agentRows] of byAgent) {
		const history = (await readHistory(
			historyFetcher(ctx, { itemIndex: agentRows[0].index, credentials }),
			{
				agent_id: agentId,
				start_date: new Date(nowMs - guard.lookbackMs).toISOString(),
				end_date: new Date(nowMs + FUTURE_MARGIN_MS).toISOString(),
			},
			{ pageSize: HISTORY_PAGE_SIZE, maxPages: MAX_PAGES },
		)) as IDataObject[];
		for (const [index, call] of matchEarlierCalls(agentRows, history, concurrency))
			found.set(index, call);
	}
	return found;
}

/** The error of every row when the check itself failed: nothing was dialled. */
export function guardFailedNote(): string {
	return 'Nothing was dialled: checking the call history for an earlier attempt of this execution failed, and dialling without that check could call someone twice. Run it again, or set Duplicate Protection to Off.';
}

/** A row an earlier attempt dialled: the watcher's result (when waiting) flagged, or the call. */
export function markEarlier(waited: ItemResult | undefined, call: IDataObject): ItemResult {
	const flag = { already_dialled: true, earlier_call_id: call.id };
	if (!waited) return { ok: true, output: alreadyDialledOutput(call) };
	if (!waited.ok) return waited;
	const out = waited.output;
	if (out instanceof BinaryOutput)
		return {
			ok: true,
			output: new BinaryOutput(
				out.items.map((item) => ({ ...item, json: { ...item.json, ...flag } })),
			),
		};
	if (Array.isArray(out)) return { ok: true, output: out.map((o) => ({ ...o, ...flag })) };
	return { ok: true, output: { ...out, ...flag } };
}

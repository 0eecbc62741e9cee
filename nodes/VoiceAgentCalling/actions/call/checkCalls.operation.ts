/**
 * Check Calls: one round of a durable wait for many calls. It reads every open call it is
 * given (Start's output, or its own Pending item from the last round) in few history reads,
 * lets each call that ended leave on Ended once, with its record and its row, and keeps the
 * rest in one small Pending item that the user loops through n8n's Wait node back into it. A
 * Wait of a minute or more is saved by n8n and frees the worker; nothing here dials, so a
 * round run again after a crash only reads again.
 */
import type { IDataObject, IExecuteFunctions, INode, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readCallStates, type CallToRead } from '../../../shared/calls/callStates';
import { includeAnalysisField } from '../../../shared/calls/fields';
import type { RequestSettings } from '../../../shared/calls/history';
import {
	pendingFromItems,
	pendingJson,
	settleRound,
	type OpenCall,
	type PendingState,
	type Settled,
} from '../../../shared/calls/pendingCalls';
import { recordFromHistory, type CallRecord } from '../../../shared/calls/record';
import { isTerminal, waitOutput } from '../../../shared/calls/waitedRow';
import { placedNoCall } from '../../../shared/dialling/callee/verdict';
import { operationOption, type SortedOutput } from '../../../shared/engine/operation';
import { fields } from '../../../shared/engine/params';
import { serviceTimeMs } from '../../../shared/engine/serviceTime';
import { isTool } from '../../../shared/engine/tool';
import { fieldError } from '../../../shared/engine/validate';
import { isPlainObject } from '../../../shared/http/shape';
import { getApiCredentials } from '../../../shared/http/transport';

export const option = operationOption({
	name: 'Check Calls',
	value: 'checkCalls',
	description:
		'Check which of many started calls have ended; loop the Pending output through a Wait node to wait for hours without holding a worker',
	action: 'Check calls',
});

export const kind = 'sorted';

export const outputNames = ['Ended', 'Pending'];

/** 30 days: longer than any call's retries and call-backs, and a date every clock can hold. */
const MAX_WAIT_MINUTES = 43_200;

/** Details reads at once (only for the analysis of calls that ended). */
const DETAILS_CONCURRENCY = 4;

export const properties: INodeProperties[] = [
	{
		displayName:
			'Connect the output of Start (or Call Back, or Campaign › Get Results) here. <b>Ended</b>: one item per call that ended, with its record and its row (<code>row</code>), and each item that placed no call (an error, a skipped row) as it came. <b>Pending</b>: one item holding the calls still open: connect it to a Wait node (1 minute or more, so n8n saves the execution and frees the worker) and the Wait node back into this node.',
		name: 'checkCallsNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Max Wait (Minutes)',
		name: 'maxWaitMinutes',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_WAIT_MINUTES },
		default: 240,
		description:
			'How long to wait for each call, counted from the first check that held it (at most 30 days). Calls still open then leave on Ended with timed_out set to true; with Include Analysis, an answered call whose analysis is not in by then leaves with analysis_error.',
	},
	includeAnalysisField(
		'Whether to read the summary and analysis of each call that ended (one extra request per call and check). An answered call then waits until its analysis is in, or until Max Wait.',
	),
];

type Ended = SortedOutput['outputs'][number][number];

export async function execute(
	this: IExecuteFunctions,
	itemCount: number,
	options: { stopOnError: boolean },
): Promise<SortedOutput> {
	const node = this.getNode();
	if (isTool(node)) {
		throw new NodeOperationError(node, 'Check Calls works in a workflow, not as an AI tool', {
			description: 'An agent can read one call with Call › Get. No request was sent.',
		});
	}
	refuseSettings(node);
	const f = fields(this, 0);
	const maxWaitMinutes = f.number('maxWaitMinutes', 'Max Wait (Minutes)', 240, {
		min: 1,
		max: MAX_WAIT_MINUTES,
	});
	const includeAnalysis = f.boolean('includeAnalysis', 'Include Analysis', false);
	const items = this.getInputData().slice(0, itemCount);
	const nowMs = Date.now();
	const { state, problems, passed, from } = pendingFromItems(
		items.map((item) => item.json),
		nowMs + maxWaitMinutes * 60_000,
		nowMs,
		placedNoCall,
	);
	// Items that placed no call go on to Ended as they came.
	const ended: Ended[] = passed.map((index) => ({ json: items[index].json, from: [index] }));
	const failed: SortedOutput['failed'] = problems.map(({ index, field, message }) => ({
		itemIndex: index,
		error: fieldError(node, field, message, index),
	}));
	if (!state || (failed.length > 0 && options.stopOnError)) return { outputs: [ended, []], failed };

	const round = await checkRound(this, state, { includeAnalysis, nowMs }, options.stopOnError);
	for (const settled of round.settled)
		ended.push({
			json: endedJson(settled, nowMs, includeAnalysis),
			from: [from.get(settled.call.call_id)!],
		});
	const pending = round.next ? [pendingItem(round.next, from)] : [];
	return { outputs: [ended, pending], failed };
}

/**
 * Node settings under which Check Calls would lose calls or invent one, refused before any
 * request on every n8n line (the node cannot tell which line runs it).
 */
function refuseSettings(node: INode): void {
	// n8n hands a node set to Execute Once its first item only: the other calls would never be
	// waited for, and nothing would say so.
	if (node.executeOnce) {
		throw new NodeOperationError(node, 'Check Calls cannot run with Execute Once', {
			description:
				"Execute Once (in the node's Settings) gives the node only its first item, so every other call would never be waited for. Turn Execute Once off: Check Calls already reads all its calls in a few requests per check. No request was sent.",
		});
	}
	// n8n 1.x and 2.x add an empty item to the first output (Ended) whenever it is empty, so
	// every check with calls still open would send an empty "ended call" on; n8n 3.x adds it
	// only when both outputs are empty, which still reads as an ended call.
	if (node.alwaysOutputData) {
		throw new NodeOperationError(node, 'Check Calls cannot run with Always Output Data', {
			description:
				"Always Output Data (in the node's Settings) makes n8n send an empty item to Ended on checks where no call ended, and the nodes after Ended would take it for an ended call. Turn it off: Pending carries the calls still open. No request was sent.",
		});
	}
}

/** Reads the open calls once and settles them. */
async function checkRound(
	ctx: IExecuteFunctions,
	state: PendingState,
	{ includeAnalysis, nowMs }: { includeAnalysis: boolean; nowMs: number },
	stopOnError: boolean,
) {
	const credentials = await getApiCredentials.call(ctx, 0);
	// The calls whose wait ends this round: they leave, their analysis read too.
	const late = new Set(
		state.pending.filter((c) => nowMs >= Date.parse(c.deadline)).map((c) => c.call_id),
	);
	const calls = state.pending.map(
		(call): CallToRead => ({
			callId: call.call_id,
			agentId: call.agent_id,
			createdMs: createdMs(call.created_at),
			includeAnalysis,
		}),
	);
	const settings = (): RequestSettings => ({ credentials, retry: { maxAttempts: 2 } });
	const { seen, failed, unknown } = await readCallStates(ctx, calls, {
		settings,
		concurrency: DETAILS_CONCURRENCY,
		// The analysis of a call that may leave this round: it ended, or its wait ran out.
		wantsDetails: (call, row) => call.includeAnalysis && (isTerminal(row) || late.has(call.callId)),
	});
	// A key that stopped working will not start working by waiting: say so now, unless the
	// user asked to go on (then the calls stay pending, and leave at the deadline).
	const refused = [...failed.values()].find((e) => [401, 403].includes(httpCode(e)));
	if (refused && stopOnError) throw refused;
	return settleRound(state, seen, failed, nowMs, { includeAnalysis, unknown });
}

const httpCode = (error: unknown) => Number((error as { httpCode?: unknown })?.httpCode);

function createdMs(createdAt: string | null): number | undefined {
	// Without an offset it is UTC, not n8n's own zone (the history windows, waited_seconds).
	return serviceTimeMs(createdAt);
}

/**
 * What the wait kept of a call's last read (its status), as a record: a call whose last
 * check could not read it leaves with it rather than with nothing.
 */
function lastRead(call: OpenCall): CallRecord | null {
	if (call.status === null) return null;
	return recordFromHistory({
		id: call.call_id,
		status: call.status,
		created_at: call.created_at,
		agent_id: call.agent_id,
	});
}

/** A call leaving the wait: its record as last read, how the wait went, and its row. */
function endedJson(settled: Settled, nowMs: number, includeAnalysis: boolean): IDataObject {
	const { call, timed_out, error, not_found } = settled;
	// Undated calls: since their first check.
	const since = createdMs(call.created_at) ?? createdMs(call.first_checked_at);
	const waitedMs = since === undefined ? 0 : nowMs - since;
	const analysis = includeAnalysis ? { analysis_error: settled.analysis_error ?? null } : {};
	// Not `error`: n8n takes an item with one for a failed item (the error output).
	const readError = error ? { read_error: error.message } : {};
	const record = not_found ? null : (settled.record ?? lastRead(call));
	if (!record) {
		return {
			call_id: call.call_id,
			...(not_found ? { not_found: true } : {}),
			timed_out,
			waited_seconds: Math.round(Math.max(0, waitedMs) / 1000),
			...analysis,
			read_error: not_found
				? `The service does not know this call: its details answer 404 (${error?.message ?? 'not found'}) and the history does not list it`
				: (error?.message ?? 'The call was not found in the history'),
			row: call.row,
		};
	}
	const sent = isPlainObject(call.row.custom_variables) ? call.row.custom_variables : null;
	// The row by reference: n8n stores an object once, however many items hold it.
	return {
		...waitOutput(record, call.call_id, timed_out, waitedMs, sent),
		...analysis,
		...readError,
		row: call.row,
	};
}

/** The one Pending item: the calls still open, paired with the items that brought them. */
function pendingItem(next: PendingState, from: Map<string, number>): Ended {
	const items = new Set(next.pending.map((call) => from.get(call.call_id)!));
	return { json: pendingJson(next), from: [...items].sort((a, b) => a - b) };
}

import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { calleeNumber } from '../../../../shared/dialling/callee/values';
import { asJson, recordFromStart } from '../../../../shared/calls/record';
import { operationOption, type ItemExecute } from '../../../../shared/engine/operation';
import { fields, type Fields } from '../../../../shared/engine/params';
import { alreadySent, sendOnce } from '../../../../shared/engine/once';
import { expectObject } from '../../../../shared/http/shape';
import { apiRequest } from '../../../../shared/http/transport';
import { START_PATH, type StartBody } from '../../../../shared/dialling/startRequest';
import { doNotCallOfRun } from './doNotCall';
import {
	callsUpToSource,
	cleanNumber,
	CLOCK_MARGIN_MS,
	DAY_MS,
	distinct,
	findCallBack,
	momentOf,
	readCalls,
	sourceMs,
	type CallBackSearch,
	type FoundCallBack,
	UNZONED_MARGIN_MS,
} from './duplicate';
import { knownNotOver, sourceNotOver } from './over';
import { historyOfRun, type RunHistory } from './runHistory';
import type { VariableRows } from './rows';
import { placedByAnother, sendCallBack, SENT } from './placed';
import {
	judgeCallee,
	refusalError,
	skipOutput,
	type Skip,
} from '../../../../shared/dialling/callee/verdict';
import { attemptOf, callIdOf, sourceCall, sourceNumber, type SourceCall } from './source';
import {
	checkVariables,
	chooseVariables,
	readVariablesOverride,
	variableRowsOfRun,
	variablesSaid,
	type ChosenVariables,
} from './variables';
import { readAssumedZone, readGivenTime, requestedTime, WHEN } from './when';
import { nextWindowTime } from './window';

export const option = operationOption({
	name: 'Call Back',
	value: 'callBack',
	description: 'Place a call again to the same callee, now or later, linked to the first call',
	action: 'Call back a call',
});

export { properties } from './description';

/** What the panel says, read and checked before any request (bounds as the fields show them). */
function readSettings(f: Fields) {
	const o = f.collection('overrides', 'Overrides');
	const when = f.option('when', 'When', WHEN, 'now');
	return {
		// Kept and sent in lower case: an id typed in upper case is the same call.
		callId: callIdOf(f.uuid('callId', 'Call ID')),
		when,
		assumedZone: when === 'callbackAt' ? readAssumedZone(f) : undefined,
		maxAttempts: f.integer('maxAttempts', 'Max Attempts', 3, { min: 1, max: 20 }),
		protect: f.boolean('duplicateProtection', 'Duplicate Protection', true),
		lookBackDays: f.integer('lookBackDays', 'Look Back (Days)', 7, { min: 1, max: 90 }),
		o,
		agentId: o.has('assistantId') ? o.uuid('assistantId', 'Assistant ID') : null,
		versionId: o.has('versionId') ? o.uuid('versionId', 'Version ID') : null,
		to: o.has('phoneNumber') ? possibleOverride(o) : null,
		from: o.has('fromNumber') ? o.e164('fromNumber', 'From Number') : null,
		name: o.text('calleeName', 'Callee Name').trim() || null,
		variables: readVariablesOverride(o),
	};
}

type Settings = ReturnType<typeof readSettings>;

/** Overrides › Phone Number: in E.164, and a number some country can have. */
function possibleOverride(o: Fields): string {
	const read = calleeNumber(o.e164('phoneNumber', 'Phone Number'), '');
	if (!read.ok) throw o.error('Phone Number', read.problem);
	return read.number;
}

/**
 * The number to call: the override, else the source call's, cleaned and checked (sourceNumber);
 * one it cannot be sure of, or none, is an error asking for the override, before any call is
 * placed.
 */
function numberToCall(s: Settings, src: SourceCall): string {
	if (s.to) return s.to;
	if (!src.to)
		throw s.o.error('Phone Number', "the original call's value is not known: give it here");
	const read = sourceNumber(src.to, s.from ?? src.from);
	if (read.ok) return read.number;
	const problem = read.problem.replace(/^"[^"]*" /, '');
	throw s.o.error(
		'Phone Number',
		`the original call's number "${src.to}" ${problem}: give it here`,
	);
}

/** The request body: each override, else the source call's value. */
function buildBody(
	s: Settings,
	src: SourceCall,
	to: string,
	variables: ChosenVariables,
	callConfig?: IDataObject,
): StartBody {
	const need = (value: string | null, label: string) => {
		if (value) return value;
		throw s.o.error(label, "the original call's value is not known: give it here");
	};
	const agentId = need(s.agentId ?? src.agentId, 'Assistant ID');
	// Another assistant's versions are not the original call's.
	const versionId = s.versionId ?? (s.agentId ? null : src.versionId);
	const body: StartBody = {
		name: s.name ?? src.name ?? '',
		mobile_number: to,
		agent_id: agentId,
		...(versionId ? { version_id: versionId } : {}),
		from_number: need(s.from ?? src.from, 'From Number'),
		parent_call_id: src.id,
	};
	if (variables.values && Object.keys(variables.values).length)
		body.custom_args_values = variables.values;
	if (callConfig) body.call_config = callConfig;
	return body;
}

/** What every output of Call Back ends with: the source, the attempt, whether called back. */
const chain = (source: string, attempt: number, alreadyCalledBack = false) => ({
	parent_call_id: source,
	attempt,
	already_called_back: alreadyCalledBack,
});

const maxAttemptsReached = (max: number, attempt: number, counted: boolean) =>
	`Max Attempts (${max}) reached: this call is attempt ${attempt - 1} of its chain${counted ? " (counted as the assistant's calls to this callee within Look Back before it: the service shows no parent_call_id)" : ''}`;

/**
 * The history window: from the source call's own time (earlier by Look Back when its earlier
 * attempts are counted; where its time is not known, from Look Back before now) to a minute
 * past now, or only to the source when just counting. A time without an offset widens it by
 * the zone it may be in. The run reads it once for all its items (runHistory.ts).
 *
 * A call-back of the source is looked for from where the source's last attempt began, when
 * the item or a row tells it (started_at, call_attempt_time): a call-back is placed once its
 * source is over (over.ts), so none is older, and a call the service placed for hours before
 * (a sheet's call ringing in its window at evening) is not paged through for every item.
 * The same bound keeps an earlier call to the callee from being presumed its call-back.
 *
 * Why Look Back is still read where the chain is counted: the chain is known without history
 * from the item's `attempt` or the details' parent_call_id (at most Max Attempts - 2 reads),
 * but where reads show no parent_call_id nothing else names a call's parent: history rows and
 * details carry none of the request's own fields but its number, name, caller and assistant
 * (FACTS), the history has no number filter, and nothing may outlive an execution. Counting
 * fewer calls could cap a chain later, so the count stays, read once per run.
 */
function historyWindow(
	s: Settings,
	src: SourceCall,
	nowMs: number,
	counting: boolean,
): { fromMs: number; untilMs: number; atMs: number; laterMs: number } {
	const told = momentOf(src.createdAt);
	const until = nowMs + CLOCK_MARGIN_MS;
	const lookBack = nowMs - s.lookBackDays * DAY_MS;
	const attempt = momentOf(src.attemptAt);
	// The earliest a call-back can have been made: the attempt's start, as early as it may be.
	const laterMs = attempt
		? attempt.ms - (attempt.exact ? 0 : UNZONED_MARGIN_MS) - CLOCK_MARGIN_MS
		: Number.NaN;
	if (!told) {
		const fromMs = counting || !(laterMs > lookBack) ? lookBack : laterMs;
		return { fromMs, untilMs: until, atMs: Number.NaN, laterMs };
	}
	const zoneMs = told.exact ? 0 : UNZONED_MARGIN_MS;
	const earliest = told.ms - zoneMs - CLOCK_MARGIN_MS;
	return {
		fromMs: counting ? earliest - s.lookBackDays * DAY_MS : laterMs > earliest ? laterMs : earliest,
		untilMs: s.protect ? until : Math.min(until, told.ms + zoneMs + CLOCK_MARGIN_MS),
		// Later calls are looked at from the earliest the source may have been made.
		atMs: told.ms - zoneMs,
		laterMs,
	};
}

/** The skipped output of a source found called back: proven, or only presumed. */
function calledBack(
	found: FoundCallBack | { id: string | null; by: 'this_execution'; item: number },
	to: string,
	tail: IDataObject,
): Skip {
	const which = found.id ? `call ${found.id}` : 'a call';
	const extra = { call_back_id: found.id, recognised_by: found.by, ...tail };
	if (found.by === 'parent_call_id') {
		return {
			code: 'already_called_back',
			sentence: `Already called back: ${which} names this call as its parent_call_id, so no second call-back is placed`,
			extra,
		};
	}
	if (found.by === 'this_execution') {
		return found.id
			? {
					code: 'already_called_back',
					sentence: `Already called back: item ${found.item} of this execution placed ${which} back for this call, so no second call-back is placed`,
					extra,
				}
			: {
					code: 'presumed_called_back',
					sentence: `Presumed already called back: item ${found.item} of this execution sent a call-back of this call and got no answer that says whether it was placed, so none is sent again: check the call history`,
					extra,
				};
	}
	return {
		code: 'presumed_called_back',
		sentence: `Presumed already called back: ${which} of the assistant reached this callee (${String(found.row.to_number ?? to)}) after this call, and the service shows no parent_call_id to tell whether it is this call's call-back or another (another workflow's call, a reminder). No call is placed, so none is placed twice: check that call, and run again with Duplicate Protection off if it is not a call-back`,
		extra,
	};
}

/**
 * Places the call once per item (also under Retry On Fail: a later try replays this outcome),
 * recorded about its source for the other items of the execution (placed.ts).
 */
async function place(
	ctx: IExecuteFunctions,
	i: number,
	src: SourceCall,
	body: StartBody,
	extra: IDataObject,
): Promise<IDataObject> {
	const sending = sendCallBack(ctx, i, src.id, async () => {
		const answer = await apiRequest.call(ctx, {
			method: 'POST',
			path: START_PATH,
			body,
			itemIndex: i,
		});
		const data = expectObject(ctx.getNode(), answer.data ?? {}, 'data', i);
		return { ...asJson(recordFromStart({ ...data, message: answer.message }, body)), ...extra };
	});
	return await sending;
}

/** Never runs: a replayed item's outcome is in the send-once ledger. */
const notAgain = async (): Promise<IDataObject> => {
	throw new Error('This call-back was already sent for this item');
};

/**
 * The history's word: where the details show no parent_call_id (`counting`), the chain counted
 * in it; with Duplicate Protection, a call-back already placed. No output: go on and place it.
 */
async function historyCheck(
	ctx: IExecuteFunctions,
	history: RunHistory,
	i: number,
	s: Settings,
	src: SourceCall,
	body: StartBody,
	nowMs: number,
	counting: boolean,
	attempt: number,
): Promise<{ attempt: number; skip?: Skip }> {
	if (!s.protect && !counting) return { attempt };
	const w = historyWindow(s, src, nowMs, counting);
	const q: CallBackSearch = {
		sourceId: src.id,
		agentIds: distinct([body.agent_id, src.agentId].map((id) => id && id.toLowerCase())),
		numbers: distinct([body.mobile_number, src.to].map(cleanNumber)),
		fromMs: w.fromMs,
		untilMs: w.untilMs,
	};
	const rows = await readCalls(ctx, history, q, i);
	const atMs = sourceMs(rows, q, w.atMs);
	if (counting) attempt = Math.max(attempt, callsUpToSource(rows, q, atMs) + 1);
	if (attempt > s.maxAttempts) {
		const sentence = maxAttemptsReached(s.maxAttempts, attempt, true);
		return { attempt, skip: { code: 'max_attempts', sentence, extra: chain(src.id, attempt) } };
	}
	// A call-back is made after the source's last attempt began: not an earlier call to the callee.
	const laterThan = w.laterMs > atMs || Number.isNaN(atMs) ? w.laterMs : atMs;
	const found = s.protect ? await findCallBack(ctx, rows, q, laterThan, i) : undefined;
	if (!found) return { attempt };
	return { attempt, skip: calledBack(found, body.mobile_number, chain(src.id, attempt, true)) };
}

/** The call_config of a time or window the user gives, checked before any request. */
function givenTime(s: Settings, f: Fields, zone: string, nowMs: number): IDataObject | undefined {
	if (s.when === 'at') return readGivenTime(f, zone, nowMs);
	return s.when === 'nextWindow' ? nextWindowTime(f, nowMs) : undefined;
}

/** What a call-back that goes on carries from its chain's rules: nothing is read again later. */
interface Ruled {
	/** Its place in its chain, as the history counted it. */
	attempt: number;
	body: StartBody;
	chosen: ChosenVariables;
	/** What the output says of the requested time. */
	said: IDataObject;
}

/** One item's state: what its rules read, read once before them. */
interface ItemState {
	ctx: IExecuteFunctions;
	i: number;
	s: Settings;
	src: SourceCall;
	rows: VariableRows | undefined;
	/** The call_config of a time or window the user gave. */
	given: IDataObject | undefined;
	nowMs: number;
	/** The history this run read, shared by its items (runHistory.ts). */
	history: RunHistory;
	/** The source call's place in its chain, and whether the details told it. */
	walked: { attempt: number; untold: boolean };
}

/**
 * The chain's rules, in order: Max Attempts, the source's status, a call-back this execution
 * or the history shows, a time too far ahead. A skip, or what the call-back carries on.
 */
async function chainRules(
	state: ItemState,
	number: string,
	requested: ReturnType<typeof requestedTime> | undefined,
): Promise<Skip | { ruled: Ruled }> {
	const { ctx, i, s, src } = state;
	const first = state.walked.attempt + 1;
	if (first > s.maxAttempts) {
		const sentence = maxAttemptsReached(s.maxAttempts, first, false);
		return { code: 'max_attempts', sentence, extra: chain(src.id, first) };
	}
	// A source the service may still ring (retry, queued, ongoing) is not called back.
	const notOver = await sourceNotOver(ctx, src, i, chain(src.id, first));
	if (notOver) return notOver;
	const chosen = chooseVariables(s.o, s.variables, state.rows, number, src.variables);
	const body = buildBody(s, src, number, chosen, requested?.callConfig ?? state.given);
	// Proof at no cost: another item of this execution placed it back already.
	const sibling = s.protect ? placedByAnother(ctx, i, src.id) : undefined;
	if (sibling) {
		const found = { id: sibling.callId, by: 'this_execution' as const, item: sibling.item };
		return calledBack(found, number, chain(src.id, first, true));
	}
	// Where the details show no parent_call_id, the chain is counted in the history.
	const { attempt, skip } = await historyCheck(
		ctx,
		state.history,
		i,
		s,
		src,
		body,
		state.nowMs,
		state.walked.untold,
		first,
	);
	if (skip) return skip;
	const said = requested ? { requested_time: requested.said } : {};
	if (!requested?.notYet) return { ruled: { attempt, body, chosen, said } };
	return {
		code: 'too_far_ahead',
		sentence: `When: ${requested.notYet.reason}`,
		extra: { send_from: requested.notYet.sendFrom, ...said, ...chain(src.id, attempt) },
	};
}

export const kind = 'item';

export const execute: ItemExecute = async function (i, run) {
	// A Retry On Fail try gives this item's first outcome again, looking at nothing anew.
	if (alreadySent(this, i, SENT)) return await sendOnce(this, i, SENT, notAgain);
	const f = fields(this, i);
	const s = readSettings(f);
	// Read before any request, once per run, from the first item (as its fields say).
	const doNotCall = await run.get(doNotCallOfRun);
	const rows = run.get(variableRowsOfRun);
	const zone = this.getTimezone();
	const nowMs = Date.now();
	const given = givenTime(s, f, zone, nowMs);
	const src = await sourceCall(this, s.callId, i, {
		agent: !s.agentId,
		to: !s.to,
		from: !s.from,
		requested: s.when === 'callbackAt',
		time: s.protect,
	});
	// The source call's place in its chain: every output says it.
	const walked = await attemptOf(this, src, i, s.maxAttempts);
	const history = run.get(historyOfRun);
	const state: ItemState = { ctx: this, i, s, src, rows, given, nowMs, history, walked };
	// The callee verdict (dialling/callee/verdict.ts): the number, the list, the zone, the chain's
	// rules, the variables; each step hands on what it found.
	const verdict = await judgeCallee({
		number: () => numberToCall(s, src),
		list: doNotCall,
		// The requested time is read in the callee's zone: the number called (an override's too).
		// A source known not to be over has none yet: it is skipped below, not refused here.
		zone: (number) =>
			s.when === 'callbackAt' && !knownNotOver(src)
				? requestedTime(f, src.requested, {
						number,
						workflowZone: zone,
						defaultZone: s.assumedZone,
						nowMs,
					})
				: undefined,
		rules: async ({ number, zone: requested }) => await chainRules(state, number, requested),
		variables: async ({ ruled }) =>
			await checkVariables(this, run, s.o, ruled.body, ruled.chosen, i),
		body: ({ ruled }) => ({
			body: ruled.body,
			tail: { ...chain(src.id, ruled.attempt), ...ruled.said, ...variablesSaid(ruled.chosen) },
		}),
	});
	if (verdict.verdict === 'refuse') throw refusalError(this.getNode(), verdict, i);
	if (verdict.verdict === 'skip') {
		const out = skipOutput(verdict, verdict.number);
		// A listed number (skipped before the rules) ends with the chain's keys too.
		return verdict.extra ? out : { ...out, ...chain(src.id, walked.attempt + 1) };
	}
	return await place(this, i, src, verdict.value.body, verdict.value.tail);
};

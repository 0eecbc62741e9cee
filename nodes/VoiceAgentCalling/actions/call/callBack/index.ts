import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { asJson, recordFromHistory, recordFromStart } from '../../../../shared/calls/record';
import { operationOption } from '../../../../shared/engine/operation';
import { fields, type Fields } from '../../../../shared/engine/params';
import { alreadySent, sendOnce } from '../../../../shared/engine/once';
import type { OperationOutput } from '../../../../shared/engine/router';
import { expectObject } from '../../../../shared/http/shape';
import { apiRequest } from '../../../../shared/http/transport';
import { START_PATH, type StartBody } from '../start/body';
import { callsOfAssistant, callsUpToSource, findCallBack } from './duplicate';
import { attemptOf, callIdOf, sourceCall, type SourceCall } from './source';
import { checkVariables, readVariablesOverride } from './variables';
import { readAssumedZone, readGivenTime, requestedTime, WHEN } from './when';
import { nextWindowTime } from './window';
import { DO_NOT_CALL } from '../../../../shared/calls/doNotCall';
import { doNotCallOfRun } from './doNotCall';

export const option = operationOption({
	name: 'Call Back',
	value: 'callBack',
	description: 'Place a call again to the same callee, now or later, linked to the first call',
	action: 'Call back a call',
});

export { properties } from './description';

/** What the panel says, read and checked before any request. */
function readSettings(f: Fields) {
	const o = f.collection('overrides', 'Overrides');
	const protect = f.boolean('duplicateProtection', 'Duplicate Protection', true);
	const when = f.option('when', 'When', WHEN, 'now');
	return {
		// Kept and sent in lower case: an id typed in upper case is the same call.
		callId: callIdOf(f.uuid('callId', 'Call ID')),
		when,
		assumedZone: when === 'callbackAt' ? readAssumedZone(f) : undefined,
		// The bounds the fields show (typeOptions), enforced: an expression can give any number.
		maxAttempts: f.integer('maxAttempts', 'Max Attempts', 3, { min: 1, max: 20 }),
		lookBackDays: protect
			? f.integer('lookBackDays', 'Look Back (Days)', 7, { min: 1, max: 90 })
			: 0,
		o,
		agentId: o.has('assistantId') ? o.uuid('assistantId', 'Assistant ID') : null,
		versionId: o.has('versionId') ? o.uuid('versionId', 'Version ID') : null,
		to: o.has('phoneNumber') ? o.e164('phoneNumber', 'Phone Number') : null,
		from: o.has('fromNumber') ? o.e164('fromNumber', 'From Number') : null,
		name: o.text('calleeName', 'Callee Name').trim() || null,
		variables: readVariablesOverride(o),
	};
}

type Settings = ReturnType<typeof readSettings>;

/** The request body: each override, else the source call's value. */
function buildBody(s: Settings, src: SourceCall, callConfig?: IDataObject): StartBody {
	const need = (value: string | null, label: string) => {
		if (value) return value;
		throw s.o.error(label, "the original call's value is not known: give it here");
	};
	const agentId = need(s.agentId ?? src.agentId, 'Assistant ID');
	// Another assistant's versions are not the original call's.
	const versionId = s.versionId ?? (s.agentId ? null : src.versionId);
	const body: StartBody = {
		name: s.name ?? src.name ?? '',
		mobile_number: need(s.to ?? src.to, 'Phone Number'),
		agent_id: agentId,
		...(versionId ? { version_id: versionId } : {}),
		from_number: need(s.from ?? src.from, 'From Number'),
		parent_call_id: src.id,
	};
	const variables = s.variables ?? src.variables;
	if (variables && Object.keys(variables).length) body.custom_args_values = variables;
	if (callConfig) body.call_config = callConfig;
	return body;
}

const chain = (source: string, attempt: number) => ({ parent_call_id: source, attempt });

/**
 * A requested time a day or more away: not placed yet, since a service ignoring scheduled_at
 * would ring a day early; the output says from when (send_from) Call Back can place it.
 */
export const TOO_FAR_AHEAD = 'too_far_ahead';

/**
 * The source's place in its chain, and the rows read to count it where the service shows no
 * parent_call_id (the assistant's calls to the number up to this one, read once, reused).
 */
async function chainPlace(
	ctx: IExecuteFunctions,
	s: Settings,
	src: SourceCall,
	i: number,
	nowMs: number,
) {
	const walked = await attemptOf(ctx, src, i, s.maxAttempts);
	let attempt = walked.attempt + 1;
	const dup = {
		sourceId: src.id,
		agentId: s.agentId ?? src.agentId ?? '',
		to: s.to ?? src.to ?? '',
		lookBackDays: s.lookBackDays,
		nowMs,
	};
	let rows: IDataObject[] | undefined;
	if (walked.untold && s.lookBackDays && dup.agentId && dup.to) {
		rows = await callsOfAssistant(ctx, dup, i);
		attempt = Math.max(attempt, callsUpToSource(rows, src.id, dup.to) + 1);
	}
	return { attempt, dup, rows };
}

/** Places the call (once per item, also under Retry On Fail) and reads its record. */
async function place(ctx: IExecuteFunctions, i: number, body: StartBody): Promise<IDataObject> {
	const answer = await sendOnce(
		ctx,
		i,
		'callBack',
		async () =>
			await apiRequest.call(ctx, { method: 'POST', path: START_PATH, body, itemIndex: i }),
	);
	const data = expectObject(ctx.getNode(), answer.data ?? {}, 'data', i);
	return asJson(recordFromStart({ ...data, message: answer.message }, body));
}

export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const f = fields(this, i);
	const s = readSettings(f);
	// Read before any request, once per run, from the first item (as its fields say).
	const doNotCall = await doNotCallOfRun(this);
	const zone = this.getTimezone();
	const nowMs = Date.now();
	// Given times and windows are checked before any request.
	const given =
		s.when === 'at'
			? readGivenTime(f, zone, nowMs)
			: s.when === 'nextWindow'
				? nextWindowTime(f, nowMs)
				: undefined;
	const src = await sourceCall(this, s.callId, i, {
		agent: !s.agentId,
		to: !s.to,
		from: !s.from,
		requested: s.when === 'callbackAt',
	});
	const { attempt, dup, rows } = await chainPlace(this, s, src, i, nowMs);
	const tail = { ...chain(src.id, attempt), already_called_back: false };
	if (attempt > s.maxAttempts) {
		return {
			skipped: true,
			skip_reason: `Max Attempts (${s.maxAttempts}) reached: this call is attempt ${attempt - 1} of its chain${rows ? " (counted as the assistant's calls to this number within Look Back: the service shows no parent_call_id)" : ''}`,
			...tail,
		};
	}
	const body = buildBody(s, src, given);
	// The requested time is read in the callee's zone: the number called (an override's too).
	const requested =
		s.when === 'callbackAt'
			? requestedTime(f, src.requested, {
					number: body.mobile_number,
					workflowZone: zone,
					defaultZone: s.assumedZone,
					nowMs,
				})
			: undefined;
	if (requested?.callConfig) body.call_config = requested.callConfig;
	if (doNotCall?.has(body.mobile_number)) {
		return { skipped: DO_NOT_CALL, mobile_number: body.mobile_number, ...tail };
	}
	// A Retry On Fail try replays this item's first outcome (sendOnce) without looking again.
	if (s.lookBackDays && !alreadySent(this, i, 'callBack')) {
		const query = { ...dup, agentId: body.agent_id, to: body.mobile_number };
		const row = await findCallBack(this, query, i, rows);
		if (row) {
			return { ...asJson(recordFromHistory(row)), ...tail, already_called_back: true };
		}
	}
	const said = requested ? { requested_time: requested.said } : {};
	if (requested?.notYet) {
		return {
			skipped: TOO_FAR_AHEAD,
			skip_reason: `When: ${requested.notYet.reason}`,
			send_from: requested.notYet.sendFrom,
			...said,
			mobile_number: body.mobile_number,
			...tail,
		};
	}
	await checkVariables(this, s.o, body, (s.variables ?? src.variables) !== null, i);
	return { ...(await place(this, i, body)), ...tail, ...said };
}

/**
 * What Call Back knows of the call it places again: from the input item when the item is
 * that call, completed by one read of its details when the item lacks something.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	calleeNumber,
	calleeText,
	type CalleeNumber,
} from '../../../../shared/dialling/callee/values';
import { callingCodeOf, normalisePhone } from '../../../../shared/dialling/callee/phone';
import { readCallDetails } from '../../../../shared/calls/details';
import { recordFromDetails } from '../../../../shared/calls/record';
import { isPlainObject } from '../../../../shared/http/shape';
import type { RequestedTime } from './requested';

/**
 * A call id as Call Back keeps, sends and compares it: trimmed, in lower case. UUIDs are
 * case-insensitive (RFC 9562) and the service writes them in lower case, so an id typed in
 * upper case is the same call, and a parent_call_id sent in lower case reads back the same.
 */
export const callIdOf = (id: string): string => id.trim().toLowerCase();

/** Whether two values name the same call (ids compared case-insensitively). */
export const sameCall = (a: unknown, b: unknown): boolean =>
	typeof a === 'string' && typeof b === 'string' && a !== '' && callIdOf(a) === callIdOf(b);

export interface SourceCall {
	/** In lower case (callIdOf). */
	id: string;
	agentId: string | null;
	versionId: string | null;
	to: string | null;
	from: string | null;
	name: string | null;
	/** null: not known (history rows do not carry them). */
	variables: Record<string, string> | null;
	/** The time the callee asked for, as the analysis serves it (requested.ts reads it). */
	requested: RequestedTime;
	/** undefined: not told by what was read; null: told it has none. */
	parentId: string | null | undefined;
	/** Its place in its chain (1 = a first call), when the item says (Call Back's own output). */
	attempt: number | undefined;
	/** When it was created, as the item or the details give it (null: not told). */
	createdAt: string | null;
	/**
	 * When its (last) attempt began: the record's started_at, a row's call_attempt_time (null:
	 * not told). A call-back of it is placed once it is over, so after this.
	 */
	attemptAt: string | null;
	/** Its status: the details' when they were read and give one (the latest word), else the item's. */
	status: string | null;
	/** Whether its details were read for this item (over.ts reads them otherwise). */
	detailsRead: boolean;
}

const text = (v: unknown): string | null =>
	typeof v === 'string' && v.trim() !== '' ? v.trim() : null;

const obj = (v: unknown): IDataObject => (isPlainObject(v) ? v : {});

/**
 * The call's variables, each read by the callee pipeline's one rule (calleeText); a value it
 * refuses (an object, a list, broken text) or none at all is left out rather than failing the
 * item, since the Variables override can still give it.
 */
function variablesOf(v: unknown): Record<string, string> | null {
	if (!isPlainObject(v)) return null;
	const out: Record<string, string> = {};
	for (const [key, value] of Object.entries(v)) {
		if (value === null || value === undefined) continue;
		const read = calleeText(value);
		if ('text' in read) out[key] = read.text;
	}
	return out;
}

/** parent_call_id from a record or answer: its own key, or its raw answer's (lower case). */
function parentOf(json: IDataObject): string | null | undefined {
	for (const holder of [json, obj(json.raw)]) {
		if (!('parent_call_id' in holder)) continue;
		const parent = text(holder.parent_call_id);
		return parent === null ? null : callIdOf(parent);
	}
	return undefined;
}

/**
 * The requested call-back time: the analysis' callback_requested_time and timezone, from the
 * record (or its raw answer, or a bare analysis); else the record's callback_at (with offset).
 */
function requestedOf(json: IDataObject): RequestedTime {
	const analysis = [json.platform_analysis, obj(json.raw).platform_analysis].find(isPlainObject);
	const a = analysis ?? {};
	return {
		value:
			text(json.callback_requested_time) ??
			text(a.callback_requested_time) ??
			text(json.callback_at),
		zone: a.timezone,
		analysed: analysis !== undefined && Object.keys(analysis).length > 0,
		asked:
			typeof json.callback_requested === 'boolean'
				? json.callback_requested
				: typeof a.callback_requested === 'boolean'
					? a.callback_requested
					: null,
	};
}

/** The call as a call record (or a raw answer) describes it. */
export function sourceFrom(json: IDataObject, id: string): SourceCall {
	const assistant = obj(json.assistant);
	const agent = obj(json.agent);
	const fromNumbers = Array.isArray(json.from_numbers) ? json.from_numbers : [];
	const attempt = json.attempt;
	return {
		id: callIdOf(id),
		agentId: text(assistant.id) ?? text(json.agent_id) ?? text(agent.id),
		versionId: text(assistant.version_id) ?? text(json.version_id),
		to: text(json.to_number),
		from: text(json.from_number) ?? text(fromNumbers[0]),
		name: text(json.callee_name) ?? text(json.name),
		variables: variablesOf(json.custom_variables ?? json.custom_args_values),
		requested: requestedOf(json),
		parentId: parentOf(json),
		attempt:
			typeof attempt === 'number' && Number.isInteger(attempt) && attempt > 0 ? attempt : undefined,
		// A record's created_at (history, events, Start), else the raw details' initiation_time.
		createdAt:
			text(json.created_at) ?? text(json.initiation_time) ?? text(obj(json.raw).initiation_time),
		attemptAt:
			text(json.started_at) ??
			text(json.call_attempt_time) ??
			text(obj(json.raw).call_attempt_time),
		// A record's status, else a raw answer's call_status.
		status: text(json.status) ?? text(json.call_status) ?? text(obj(json.raw).call_status),
		detailsRead: false,
	};
}

/** The first's values, with what it leaves unknown taken from the second. */
function complete(a: SourceCall, b: SourceCall): SourceCall {
	return {
		id: a.id,
		agentId: a.agentId ?? b.agentId,
		versionId: a.versionId ?? b.versionId,
		to: a.to ?? b.to,
		from: a.from ?? b.from,
		name: a.name ?? b.name,
		variables: a.variables ?? b.variables,
		// The one that tells a time, with its own zone; else the one with an analysis.
		requested:
			a.requested.value !== null || (a.requested.analysed && !b.requested.analysed)
				? a.requested
				: b.requested,
		parentId: a.parentId !== undefined ? a.parentId : b.parentId,
		attempt: a.attempt,
		createdAt: a.createdAt ?? b.createdAt,
		attemptAt: a.attemptAt ?? b.attemptAt,
		// The details (b) are read after the item was made: their status is the latest.
		status: b.status ?? a.status,
		detailsRead: a.detailsRead || b.detailsRead,
	};
}

/** One read of the call's details, with its analysis (the requested call-back time). */
export async function readSource(
	ctx: IExecuteFunctions,
	id: string,
	i: number,
): Promise<SourceCall> {
	const data = await readCallDetails(ctx, callIdOf(id), true, { itemIndex: i });
	const record = recordFromDetails(data) as unknown as IDataObject;
	return { ...sourceFrom({ ...record, raw: data }, id), detailsRead: true };
}

/**
 * The source call: the input item when it is that call (its id in any case); its details are
 * read when the item lacks the assistant, a number, the place of the call in its chain, or
 * (when asked) the requested call-back time or the call's time.
 */
export async function sourceCall(
	ctx: IExecuteFunctions,
	id: string,
	i: number,
	needed: { agent: boolean; to: boolean; from: boolean; requested?: boolean; time?: boolean },
): Promise<SourceCall> {
	const json = ctx.getInputData()[i]?.json ?? {};
	const isThatCall = sameCall(json.call_id, id) || (json.call_id == null && sameCall(json.id, id));
	const item = isThatCall ? sourceFrom(json, id) : undefined;
	const lacks =
		!item ||
		(needed.agent && !item.agentId) ||
		(needed.to && !item.to) ||
		(needed.from && !item.from) ||
		// When: At the Requested Call-Back Time, and the item tells no time: the details' analysis.
		(needed.requested && item.requested.value === null) ||
		// Duplicate Protection searches from the call's own time on.
		(needed.time && item.createdAt === null) ||
		(item.attempt === undefined && item.parentId === undefined);
	if (!lacks) return item;
	const details = await readSource(ctx, id, i);
	return item ? complete(item, details) : details;
}

/**
 * The source's place in its chain: the item's own `attempt`, else 1 + its ancestors, found by
 * following parent_call_id back through the call details. Where the details say none (null)
 * the chain ends there; where they lack the key (`untold`: the service does not show it) the
 * caller counts another way. It stops at `bound` (Max Attempts), the most a call-back needs to
 * know: a parent named at that depth makes the source at least attempt `bound`, so that
 * ancestor is not read, and the reads are at most `bound` - 2.
 */
export async function attemptOf(
	ctx: IExecuteFunctions,
	source: SourceCall,
	i: number,
	bound: number,
): Promise<{ attempt: number; untold: boolean }> {
	if (source.attempt !== undefined) return { attempt: source.attempt, untold: false };
	let attempt = 1;
	let parent = source.parentId;
	// Ids in lower case (callIdOf): a chain that names a call in upper case ends all the same.
	const seen = new Set([source.id]);
	while (parent && !seen.has(parent) && attempt < bound) {
		seen.add(parent);
		attempt++;
		if (attempt >= bound) break;
		parent = (await readSource(ctx, parent, i)).parentId;
	}
	return { attempt, untold: parent === undefined };
}

/**
 * The number to call back, from the source call's `to_number` as the service served it: cleaned
 * as a row's number is (formatting, "00", a "(0)" after the country code, full-width digits)
 * and checked as possible (calleeNumber), so "+1 (415) 555-0100" is called, and matched
 * against Do Not Call, as +14155550100. The service's numbers carry their country code (its
 * contract: "callee number, with country code"), so no default code is added.
 *
 * Digits without "+" ("14155550100") are read with their country code first: one reading at
 * most, since no calling code is the start of another. They are refused, for the user to give
 * the number in Overrides › Phone Number, when that reading is impossible, or when the digits
 * are also a possible number of the caller's country written without its code: "6012345678"
 * from a +91 line is +60 12345678 (Malaysia) or +91 60123 45678 (India), and guessing could
 * call a stranger. "14155550100" from a +1 line is only +1 415 555 0100 (+1 numbers have 10
 * digits), and "919876543210" from a +91 line only +91 98765 43210 (a national number is not
 * read as starting with its own country code, as for rows). Without a caller, as for history
 * rows compared by Duplicate Protection, the first reading is taken.
 */
export function sourceNumber(to: string, caller: string | null): CalleeNumber {
	const cleaned = normalisePhone(to, '');
	const digits = /^\d+$/.test(cleaned);
	const read = calleeNumber(digits ? `+${cleaned}` : to, '');
	const code = digits && read.ok && caller && callingCodeOf(normalisePhone(caller, ''));
	const national = code ? calleeNumber(cleaned, code) : read;
	if (national.ok && read.ok && national.number !== read.number) {
		return {
			ok: false,
			empty: false,
			problem: `has no "+": it may be ${read.number}, or ${national.number} in the caller's country`,
			typed: to,
		};
	}
	return read;
}

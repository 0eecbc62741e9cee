import type { IDataObject } from 'n8n-workflow';

import { calleeNumber } from '../../../../shared/dialling/callee/values';
import { fieldError } from '../../../../shared/engine/validate';
import { scheduledConfig } from '../../../../shared/dialling/callSettings';
import { calleeCallConfigOf } from '../../../../shared/dialling/callee/zoneFields';
import { readStartRowValues, valueOf, type StartRowInput, type StartRowValues } from './row';
import { START_PATH_V2, startPath, type StartBody } from '../../../../shared/dialling/startRequest';
import {
	judgeCallee,
	refuse,
	Refused,
	START_POLICY,
	type RefusalCode,
	type Verdict,
} from '../../../../shared/dialling/callee/verdict';

/** One row's request, checked: what it sends, and what a Dry Run should point out. */
export interface StartRequest {
	body: StartBody;
	warnings: string[];
}

/**
 * A row as Start's batch carries it from its check to its output: its verdict, a refusal with
 * its error written once, where the row was checked (the edge), its code kept for Dry Run.
 */
export type StartRow =
	| Extract<Verdict<StartRequest>, { verdict: 'call' | 'skip' }>
	| { verdict: 'refuse'; error: Error; code?: RefusalCode; number?: string };

/** A row to call. */
export type StartCall = Extract<StartRow, { verdict: 'call' }>;

/** The number to call, from whatever the row holds (the callee pipeline's rule). */
function phoneOf(row: StartRowValues, warnings: string[]): string | Refused {
	const cc = valueOf(row.countryCode);
	const phone = calleeNumber(valueOf(row.mobileNumber), cc ?? '');
	if (!phone.ok)
		return refuse('invalid_number', 'Phone Number', phone.empty ? 'is required' : phone.problem);
	if (phone.number !== phone.typed) {
		warnings.push(`Phone Number "${phone.typed}" is sent as ${phone.number}`);
	}
	return phone.number;
}

/** The error of a field of Call Settings, as its reader writes it, naming the row's item. */
const settingsError = (row: StartRowValues, label: string, problem: string) =>
	fieldError(row.node, `Call Settings › ${label}`, problem, row.index);

/**
 * call_config in the callee's zone, the window first, then the scheduled moment written in
 * that zone; or the zone's refusal.
 */
function zoneOf(row: StartRowValues, number: string, nowMs: number) {
	const settings = valueOf(row.callSettings);
	const config = calleeCallConfigOf(valueOf(row.zone), number, settings.config, row);
	if (config instanceof Refused || !config || !settings.scheduled) return config;
	const later = scheduledConfig(config, settings.scheduled, nowMs);
	if ('problem' in later) throw settingsError(row, 'Scheduled At', later.problem);
	return later.config;
}

/** v2 has no scheduled_at and no per-call callback: refused there, before anything is sent. */
function refuseOnV2(row: StartRowValues, body: IDataObject) {
	if (startPath(body) !== START_PATH_V2) return;
	const why =
		'cannot be used with a Number Pool or a Voice (Override): the service has no such field there';
	const callTime = (body.call_config as IDataObject | undefined)?.call_time as
		| IDataObject
		| undefined;
	if (callTime?.scheduled_at !== undefined) throw settingsError(row, 'Scheduled At', why);
	if (body.callback_url !== undefined) throw settingsError(row, 'Status Callback URL', why);
}

/** The request of a row to call, from its values, in the order its fields are checked. */
function bodyOf(
	row: StartRowValues,
	number: string,
	zone: IDataObject | undefined,
	variables: Record<string, string> | undefined,
): StartBody {
	const body: StartBody = {
		name: valueOf(row.name),
		mobile_number: number,
		agent_id: valueOf(row.assistant),
		// Without a Version the service picks (the active version).
		...valueOf(row.version),
		...valueOf(row.from),
	};
	const voice = valueOf(row.voice);
	if (voice) body.voice_id = voice;
	if (variables) body.custom_args_values = variables;
	if (zone) body.call_config = zone;
	const callback = valueOf(row.callback);
	if (callback) Object.assign(body, callback);
	refuseOnV2(row, body);
	return body;
}

/**
 * One row's verdict (dialling/callee/verdict.ts) from its typed values (row.ts): the number,
 * the Do Not Call list, the callee's zone with the window and Scheduled At in it, the
 * variables, then the rest of the body. Every check happens here, before anything is sent.
 * The steps read no field: a value that failed to read is thrown when its step reaches it,
 * so a listed row is skipped whatever its other values hold.
 */
export async function judgeStartRow(
	row: StartRowValues,
	nowMs: number,
	list?: ReadonlySet<string>,
): Promise<Verdict<StartRequest>> {
	const warnings: string[] = [];
	return await judgeCallee(
		{
			number: () => phoneOf(row, warnings),
			list,
			zone: (number) => zoneOf(row, number, nowMs),
			variables: () => valueOf(row.variables),
			body: ({ number, zone, variables }) => ({
				body: bodyOf(row, number, zone, variables),
				warnings,
			}),
		},
		START_POLICY,
	);
}

/** One row's verdict, from the row as read once (row.ts): its values typed, then judged. */
export async function startVerdict(
	row: StartRowInput,
	nowMs: number,
	list?: ReadonlySet<string>,
): Promise<Verdict<StartRequest>> {
	return await judgeStartRow(readStartRowValues(row, nowMs), nowMs, list);
}

import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { calleeNumber, readCountryCode } from '../../../../shared/dialling/callee/values';
import { fields, type Fields } from '../../../../shared/engine/params';
import { readCallSettings, scheduleCall } from '../../../../shared/dialling/callSettings';
import { calleeCallConfig } from '../../../../shared/dialling/callee/zoneFields';
import { readCallback } from './callback';
import { readVariables } from './variables';
import type { StartRowInput } from './row';
import { versionBody } from '../../../../shared/assistants/versionField';
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
function readPhone(ctx: IExecuteFunctions, i: number, warnings: string[]): string | Refused {
	const node = ctx.getNode();
	const f = fields(ctx, i);
	const cc = readCountryCode(
		node,
		'Default Country Code',
		f.text('defaultCountryCode', 'Default Country Code'),
		i,
	);
	const phone = calleeNumber(f.raw('mobileNumber'), cc ?? '');
	if (!phone.ok)
		return refuse('invalid_number', 'Phone Number', phone.empty ? 'is required' : phone.problem);
	if (phone.number !== phone.typed) {
		warnings.push(`Phone Number "${phone.typed}" is sent as ${phone.number}`);
	}
	return phone.number;
}

/**
 * Exactly one caller: from_number, from_number_id or number_pool_id, as the From Number
 * field's mode says.
 */
function readFrom(f: Fields): IDataObject {
	const mode = f.locatorMode('fromNumber');
	if (mode === 'id') return { from_number_id: f.locatorUuid('fromNumber', 'From Number') };
	if (mode === 'pool') return { number_pool_id: f.locatorUuid('fromNumber', 'From Number') };
	return { from_number: f.locatorE164('fromNumber', 'From Number') };
}

/** v2 has no scheduled_at and no per-call callback: refused there, before anything is sent. */
function refuseOnV2(f: Fields, body: IDataObject) {
	if (startPath(body) !== START_PATH_V2) return;
	const why =
		'cannot be used with a Number Pool or a Voice (Override): the service has no such field there';
	const callTime = (body.call_config as IDataObject | undefined)?.call_time as
		| IDataObject
		| undefined;
	const settings = f.collection('callConfig', 'Call Settings');
	if (callTime?.scheduled_at !== undefined) throw settings.error('Scheduled At', why);
	if (body.callback_url !== undefined) throw settings.error('Status Callback URL', why);
}

/**
 * One row's verdict (dialling/callee/verdict.ts): the number, the Do Not Call list, the callee's
 * zone with the window and Scheduled At in it, the variables, then the rest of the body. Every
 * check happens here, before anything is sent. Each step reads the row as read once (row.ts):
 * a field several steps use (Call Settings) is not resolved again.
 */
export async function startVerdict(
	row: StartRowInput,
	nowMs: number,
	list?: ReadonlySet<string>,
): Promise<Verdict<StartRequest>> {
	const { params: ctx, index: i } = row;
	const warnings: string[] = [];
	return await judgeCallee(
		{
			number: () => readPhone(ctx, i, warnings),
			list,
			zone: (number) => {
				const settings = readCallSettings(ctx, i, nowMs);
				// The window in the callee's zone first, then the scheduled moment written in that zone.
				const config = calleeCallConfig(ctx, i, number, settings.config);
				if (config instanceof Refused) return config;
				return config && settings.scheduled
					? scheduleCall(ctx, i, config, settings.scheduled, nowMs)
					: config;
			},
			variables: () => readVariables(ctx, i),
			body: ({ number, zone, variables }) => {
				const f = fields(ctx, i);
				const body: StartBody = {
					name: f.text('name', 'Callee Name'),
					mobile_number: number,
					agent_id: f.locatorUuid('assistant', 'Assistant'),
					// Without a Version the service picks (the active version).
					...versionBody(f),
					...readFrom(f),
				};
				if (f.locator('voiceId', 'Voice (Override)'))
					body.voice_id = f.locatorUuid('voiceId', 'Voice (Override)');
				if (variables) body.custom_args_values = variables;
				if (zone) body.call_config = zone;
				const callback = readCallback(ctx, i);
				if (callback) Object.assign(body, callback);
				refuseOnV2(f, body);
				return { body, warnings };
			},
		},
		START_POLICY,
	);
}

import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { calleeNumber, readCountryCode } from '../../../../shared/calls/callee';
import { fields, type Fields } from '../../../../shared/engine/params';
import { fieldError } from '../../../../shared/engine/validate';
import { readCallSettings, scheduleCall } from '../../../../shared/calls/callSettings';
import { calleeCallConfig } from '../../../../shared/calls/zoneFields';
import { tagSkip } from '../../../../shared/calls/preview';
import { readCallback } from './callback';
import { readVariables } from './variables';
import { versionBody } from '../../../../shared/assistants/versionField';

/** The body of POST /calling/outbound/individual (or its v2) as one row sends it. */
export interface StartBody extends IDataObject {
	name: string;
	mobile_number: string;
	agent_id: string;
	version_id?: string;
	/** Exactly one caller: a number, a number's id, or a number pool. */
	from_number?: string;
	from_number_id?: string;
	number_pool_id?: string;
	voice_id?: string;
	custom_args_values?: Record<string, string>;
	call_config?: IDataObject;
	callback_url?: string;
	callback_args?: IDataObject;
}

/** One row's request, checked: what it sends, and what a Dry Run should point out. */
export interface StartRequest {
	body: StartBody;
	warnings: string[];
}

/** The number to call, in E.164, from whatever the row holds (the callee pipeline's rule). */
function readPhone(ctx: IExecuteFunctions, i: number, warnings: string[]): string {
	const node = ctx.getNode();
	const f = fields(ctx, i);
	const cc = readCountryCode(
		node,
		'Default Country Code',
		f.text('defaultCountryCode', 'Default Country Code'),
		i,
	);
	const phone = calleeNumber(f.raw('mobileNumber'), cc ?? '');
	if (!phone.ok) {
		const error = fieldError(node, 'Phone Number', phone.empty ? 'is required' : phone.problem, i);
		throw tagSkip(error, 'invalid_number');
	}
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

/** The contract's path, and the v2 path for what only it takes (vendor reference, 2026-06-12). */
export const START_PATH = '/calling/outbound/individual';
export const START_PATH_V2 = '/calling/v2/outbound/individual';

/** Where a row's request goes: v2 only for a number pool or a voice override. */
export function startPath(body: IDataObject): string {
	return body.number_pool_id !== undefined || body.voice_id !== undefined
		? START_PATH_V2
		: START_PATH;
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

/** The whole request body for one row; every check happens here, before anything is sent. */
export function buildStartRequest(
	ctx: IExecuteFunctions,
	i: number,
	nowMs = Date.now(),
): StartRequest {
	const f = fields(ctx, i);
	const warnings: string[] = [];
	const agentId = f.locatorUuid('assistant', 'Assistant');
	const body: StartBody = {
		name: f.text('name', 'Callee Name'),
		mobile_number: readPhone(ctx, i, warnings),
		agent_id: agentId,
		// Without a Version the service picks (the active version).
		...versionBody(f),
		...readFrom(f),
	};
	if (f.locator('voiceId', 'Voice (Override)'))
		body.voice_id = f.locatorUuid('voiceId', 'Voice (Override)');
	const variables = readVariables(ctx, i);
	if (variables) body.custom_args_values = variables;
	const settings = readCallSettings(ctx, i, nowMs);
	// The window in the callee's zone first, then the scheduled moment written in that zone.
	let callConfig = calleeCallConfig(ctx, i, body.mobile_number, settings.config);
	if (callConfig && settings.scheduled)
		callConfig = scheduleCall(ctx, i, callConfig, settings.scheduled, nowMs);
	if (callConfig) body.call_config = callConfig;
	const callback = readCallback(ctx, i);
	if (callback) Object.assign(body, callback);
	refuseOnV2(f, body);
	return { body, warnings };
}

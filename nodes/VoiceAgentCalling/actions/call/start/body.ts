import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { fields, readLocator, toText } from '../../../../shared/params';
import { countryCodeDigits, normalisePhone } from '../../../../shared/phone';
import { E164_RE, fieldError, requireE164, requireUuid } from '../../../../shared/validate';
import { readCallConfig } from './callConfig';
import { readCallback } from './callback';
import { readVariables } from './variables';

/** One row's request, checked: what it sends, and what a Dry Run should point out. */
export interface StartRequest {
	body: IDataObject;
	warnings: string[];
}

const PHONE_FORMAT =
	'is not a phone number in international format with country code, e.g. +14155550100';

/** The number to call, in E.164, from whatever the row holds. */
function readPhone(ctx: IExecuteFunctions, i: number, warnings: string[]): string {
	const node = ctx.getNode();
	const f = fields(ctx, i);
	const ccText = f.text('defaultCountryCode', 'Default Country Code').trim();
	if (ccText && !countryCodeDigits(ccText)) {
		throw fieldError(
			node,
			'Default Country Code',
			`"${ccText}" is not a country code, e.g. +91`,
			i,
		);
	}
	const raw = f.raw('mobileNumber');
	const typed = typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : raw;
	const text = toText(node, 'Phone Number', typed, i).trim();
	if (!text) throw fieldError(node, 'Phone Number', 'is required', i);
	const number = normalisePhone(text, ccText);
	// Named as the row had it, not the cleaned-up form.
	if (!E164_RE.test(number)) throw fieldError(node, 'Phone Number', `"${text}" ${PHONE_FORMAT}`, i);
	if (number !== text) warnings.push(`Phone Number "${text}" is sent as ${number}`);
	return number;
}

/** from_number or from_number_id, never both: the From Number field's mode decides. */
function readFrom(ctx: IExecuteFunctions, i: number): IDataObject {
	const node = ctx.getNode();
	const locator = ctx.getNodeParameter('fromNumber', i, '') as unknown;
	const mode =
		locator && typeof locator === 'object' ? (locator as { mode?: unknown }).mode : undefined;
	const value = readLocator(ctx, 'fromNumber', i, 'From Number');
	if (mode === 'id') return { from_number_id: requireUuid(node, 'From Number', value, i) };
	return { from_number: requireE164(node, 'From Number', value, i) };
}

/** The whole request body for one row; every check happens here, before anything is sent. */
export function buildStartRequest(
	ctx: IExecuteFunctions,
	i: number,
	nowMs = Date.now(),
): StartRequest {
	const node = ctx.getNode();
	const warnings: string[] = [];
	const agentId = requireUuid(node, 'Assistant', readLocator(ctx, 'assistant', i, 'Assistant'), i);
	const body: IDataObject = {
		name: fields(ctx, i).text('name', 'Callee Name'),
		mobile_number: readPhone(ctx, i, warnings),
		agent_id: agentId,
		...readFrom(ctx, i),
	};
	const variables = readVariables(ctx, i);
	if (variables) body.custom_args_values = variables;
	const callConfig = readCallConfig(ctx, i, nowMs);
	if (callConfig) body.call_config = callConfig;
	const callback = readCallback(ctx, i);
	if (callback) Object.assign(body, callback);
	return { body, warnings };
}

/**
 * The two ways the service takes a contact list (FACTS, "Campaigns"): the standard
 * `POST /campaign/save`, and the large-list flow (upload, verification, balance check,
 * scheduling). Both uploads are sent once: a timeout or a 5xx after sending is reported,
 * never repeated (a second upload is a second campaign).
 *
 * The large flow's answers come in two documented variants (the schema's and the pages'),
 * with two step orders; this code relies only on `bulk_list_id` and `status`, and checks the
 * balance before scheduling and again when the answer says `insufficient_balance`.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { multipartBody, type FormPart, type PartWriter } from '../../../../shared/http/multipart';
import { isPlainObject } from '../../../../shared/http/shape';
import { apiRequest } from '../../../../shared/http/transport';

export interface UploadForm {
	agentId: string;
	campaignName: string;
	countryCode: string;
	/** Variable -> CSV column. */
	variablesMap: Record<string, string>;
	callConfig: IDataObject;
	startTime: string;
	endTime: string;
	removeInvalidRows: boolean;
	transliterateCalleeName: boolean;
	file: PartWriter;
	fileName: string;
}

/** A text part of the form. */
const field = (name: string, value: string): FormPart => ({ name, value });

function parts(form: UploadForm, variablesMap: Record<string, string>): FormPart[] {
	return [
		field('agent_id', form.agentId),
		field('campaign_name', form.campaignName),
		field('country_code', form.countryCode),
		field('variables_map', JSON.stringify(variablesMap)),
		field('call_config', JSON.stringify(form.callConfig)),
		field('campaign_start_time', form.startTime),
		field('campaign_end_time', form.endTime),
		field('remove_invalid_rows', String(form.removeInvalidRows)),
		field('transliterate_callee_name', String(form.transliterateCalleeName)),
		{ name: 'file', filename: form.fileName, contentType: 'text/csv', data: form.file },
	];
}

/** The standard flow's upload: the list and its campaign, in one request. */
export async function saveList(ctx: IExecuteFunctions, form: UploadForm): Promise<IDataObject> {
	return await apiRequest.call(ctx, {
		method: 'POST',
		path: '/campaign/save',
		form: multipartBody(parts(form, form.variablesMap)),
		itemIndex: 0,
		// An upload of 50,000 rows takes longer than a call.
		timeout: 300_000,
	});
}

/** Step 1 of the large flow; its map also names the number column (FACTS' example). */
export async function uploadLargeList(
	ctx: IExecuteFunctions,
	form: UploadForm,
	phoneHeader: string,
): Promise<IDataObject> {
	return await apiRequest.call(ctx, {
		method: 'POST',
		path: '/campaign/upload-csv',
		form: multipartBody(parts(form, { mobile_number: phoneHeader, ...form.variablesMap })),
		itemIndex: 0,
		timeout: 300_000,
	});
}

/**
 * Statuses of a verified list, ready to schedule: `completed` and `ready` (pages), `draft`
 * (schema). Still verifying: uploaded, processing (pages), verifying (schema), and any status
 * no source documents, bounded by the Max Verification Wait.
 */
const VERIFIED = new Set(['completed', 'ready', 'draft']);

export type Verification =
	| { outcome: 'verified'; status: string; answer: IDataObject }
	| { outcome: 'insufficientBalance'; status: string; answer: IDataObject };

/** Polls the upload's status until it is verified, failed or out of time. */
export async function waitUntilVerified(
	ctx: IExecuteFunctions,
	listId: string,
	first: IDataObject,
	limits: { maxWaitMs: number; pollMs: number; now: () => number },
): Promise<Verification> {
	const deadline = limits.now() + limits.maxWaitMs;
	let answer = first;
	for (;;) {
		const status = String(answer.status ?? '').toLowerCase();
		if (VERIFIED.has(status)) return { outcome: 'verified', status, answer };
		if (status === 'insufficient_balance')
			return { outcome: 'insufficientBalance', status, answer };
		if (status === 'failed') {
			throw new NodeOperationError(
				ctx.getNode(),
				`The service could not verify the contact list ${listId} (status "failed")`,
				{
					itemIndex: 0,
					description: `Its answer: ${JSON.stringify(answer)}. Check the file's Mobile Number column and the variable mapping.`,
				},
			);
		}
		if (limits.now() + limits.pollMs > deadline) {
			throw new NodeOperationError(
				ctx.getNode(),
				`The contact list ${listId} is still being verified (status "${status || 'unknown'}") after the Max Verification Wait`,
				{
					itemIndex: 0,
					description:
						'It was uploaded once and is not uploaded again. Raise Max Verification Wait, or start it from the dashboard when it is ready.',
				},
			);
		}
		await sleep(limits.pollMs);
		answer = await apiRequest.call(ctx, {
			method: 'GET',
			path: `/campaign/upload-status/${encodeURIComponent(listId)}`,
			itemIndex: 0,
		});
	}
}

/**
 * The balance check of a verified list. Schema variant: `{status: "draft", ...}`; page
 * variant: `{required_credits, available_credits, sufficient_balance}`. Only an explicit
 * `sufficient_balance: false` or `status: "insufficient_balance"` stops.
 */
export async function checkBalance(ctx: IExecuteFunctions, listId: string): Promise<IDataObject> {
	const answer = await apiRequest.call(ctx, {
		method: 'POST',
		path: `/campaign/check-balance/${encodeURIComponent(listId)}`,
		itemIndex: 0,
	});
	if (answer.sufficient_balance === false || answer.status === 'insufficient_balance') {
		const need = answer.required_credits;
		const have = answer.available_credits;
		throw new NodeOperationError(
			ctx.getNode(),
			`Not enough credits to run the contact list ${listId}${need !== undefined ? ` (needs ${String(need)}, has ${String(have)})` : ''}`,
			{
				itemIndex: 0,
				description:
					'The list is uploaded and verified; nothing was scheduled. Add credits, then start it from the dashboard (running this node again finds the list by its key and does not upload it again).',
			},
		);
	}
	return answer;
}

/** Step 4: schedules the calls of a verified large list; sent once. */
export async function scheduleLargeList(
	ctx: IExecuteFunctions,
	body: IDataObject,
): Promise<IDataObject> {
	return await apiRequest.call(ctx, {
		method: 'POST',
		path: '/campaign/make-call-async',
		body,
		itemIndex: 0,
	});
}

/** The list id of an upload's answer: `list_id` (save) or `bulk_list_id` (large flow). */
export function listIdOf(
	ctx: IExecuteFunctions,
	answer: IDataObject,
	key: 'list_id' | 'bulk_list_id',
): string {
	const id = answer[key];
	if (typeof id === 'string' && id.trim()) return id.trim();
	throw new NodeOperationError(
		ctx.getNode(),
		`The service accepted the upload but its answer has no ${key}`,
		{
			itemIndex: 0,
			description: `Its answer: ${JSON.stringify(isPlainObject(answer) ? answer : {})}. Look for the campaign in the dashboard before running again.`,
		},
	);
}

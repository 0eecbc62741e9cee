/**
 * POST /calling/outbound/individual (and its v2), the request every call placed by the package
 * sends: Call → Start for each row, Call → Call Back for its call.
 */
import type { IDataObject } from 'n8n-workflow';

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

/** The contract's path, and the v2 path for what only it takes (vendor reference, 2026-06-12). */
export const START_PATH = '/calling/outbound/individual';
export const START_PATH_V2 = '/calling/v2/outbound/individual';

/** Where a row's request goes: v2 only for a number pool or a voice override. */
export function startPath(body: IDataObject): string {
	return body.number_pool_id !== undefined || body.voice_id !== undefined
		? START_PATH_V2
		: START_PATH;
}

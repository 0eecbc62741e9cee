import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { mockApi } from '../../../../helpers/harness';
import { bodyBytes, parseMultipart, type MultipartForm } from '../../../../helpers/multipart';

export const AGENT = 'a1a1a1a1-0000-4000-8000-000000000001';
export const LIST = 'f6f6f6f6-0000-4000-8000-0000000000aa';

/** An assistant in the flat shape whose prompt uses these variables. */
export function agentAnswer(variables: string[]): IDataObject {
	return {
		agents: {
			id: AGENT,
			agent_display_name: 'Reminder',
			language: 'en-US',
			agent_config: {
				agent_prompt: `Call ${variables.map((v) => `@{{${v}}}`).join(' ')}`,
				intro_message: 'Hello',
				custom_variables: variables,
			},
		},
	};
}

export const mockAgent = (variables: string[], times = 1) =>
	mockApi().get(`/agent/${AGENT}`).times(times).reply(200, agentAnswer(variables));

/**
 * The lookup of an earlier upload: an empty campaign list, or these campaigns; `serviceNow`
 * sets the answer's Date header (the service's clock).
 */
export const mockLookup = (campaigns: IDataObject[] = [], times = 1, serviceNow?: number) =>
	mockApi()
		.get('/campaign/all')
		.query({ limit: '100', offset: '0', call_count: 'true' })
		.times(times)
		.reply(
			200,
			{ campaigns, pagination: { total: campaigns.length, limit: 100, offset: 0 } },
			serviceNow === undefined ? {} : { Date: new Date(serviceNow).toUTCString() },
		);

export interface Upload {
	contentType: string;
	form: MultipartForm;
	/** Text fields, one value each. */
	fields: Record<string, string>;
	csv: string;
}

/** Answers an upload and keeps it, parsed by its boundary. */
export function captureUpload(path: string, answer: IDataObject, status = 200) {
	const seen: Upload[] = [];
	const scope = mockApi()
		.post(path)
		.reply(function (_uri, body) {
			const contentType = String(this.req.headers['content-type']);
			const form = parseMultipart(bodyBytes(body), contentType);
			const fields: Record<string, string> = {};
			for (const [k, v] of Object.entries(form.fields))
				fields[k] = v.length === 1 ? v[0] : JSON.stringify(v);
			seen.push({ contentType, form, fields, csv: form.files[0]?.data.toString('utf8') ?? '' });
			return [status, answer];
		});
	return { scope, seen };
}

export const SAVE_ANSWER = {
	message: 'Contacts imported successfully!',
	list_id: LIST,
	custom_args_values: [{ callee_name: 'Ana' }],
	total_rows: 3,
	successful_rows: 3,
	failed_rows: 0,
};

/** Create's parameters; the start and end fall on 15 January 2027 in Kolkata. */
export const createParams = (extra: IDataObject = {}): IDataObject => ({
	resource: 'campaign',
	operation: 'create',
	assistant: { __rl: true, mode: 'id', value: AGENT },
	campaignName: 'January reminders',
	mobileNumber: '={{ $json.phone }}',
	countryCode: '+91',
	startAt: '2027-01-15T09:30:00',
	endAt: '2027-01-15T18:00:00',
	callConfig: { timezone: 'Asia/Kolkata' },
	...extra,
});

export const rows = (...json: IDataObject[]): INodeExecutionData[] =>
	json.map((j) => ({ json: j }));

/**
 * A Create that uploads: the assistant's prompt uses `variables`, no campaign of the name yet,
 * and the upload answered with SAVE_ANSWER and kept.
 */
export function firstSave(variables: string[]) {
	mockAgent(variables);
	mockLookup();
	return captureUpload('/campaign/save', SAVE_ANSWER);
}

import type { IDataObject } from 'n8n-workflow';

import { AGENT } from './fixtures';

/**
 * Call › Start groups its settings by what the user decides: Dry Run and Default Country
 * Code are main fields, the pace of a batch is "Pace", the re-run guard is "Duplicate
 * Protection" (a main field; rerunGuard is its old place in the group, still read), the wait's settings are "Wait Options", and the status callback sits with the assistant's per-call settings ("Call
 * Settings", stored as callConfig). Tests name a setting by its field name; this puts each
 * where the node stores it, so a test reads as the setting it is about.
 */
const PLACE: Record<string, 'main' | 'pace' | 'duplicates' | 'waitOptions' | 'callConfig'> = {
	dryRun: 'main',
	missingVariables: 'main',
	duplicateProtection: 'main',
	defaultCountryCode: 'main',
	callsPerMinute: 'pace',
	maxConcurrent: 'pace',
	rerunGuard: 'duplicates',
	rerunLookbackMinutes: 'duplicates',
	maxWaitSeconds: 'waitOptions',
	pollIntervalSeconds: 'waitOptions',
	includeAnalysis: 'waitOptions',
	downloadRecording: 'waitOptions',
	callbackUrl: 'callConfig',
	callbackHeaders: 'callConfig',
};

/** Start's parameters for the given settings, merged into `base` (its callConfig too). */
export function startSettings(
	settings: Record<string, unknown>,
	base: Record<string, unknown> = {},
): IDataObject {
	const out: IDataObject = { ...(base as IDataObject) };
	for (const [name, value] of Object.entries(settings)) {
		const place = PLACE[name];
		if (place === undefined) throw new Error(`startSettings: unknown setting ${name}`);
		if (place === 'main') {
			out[name] = value as IDataObject[string];
		} else {
			out[place] = {
				...((out[place] as IDataObject | undefined) ?? {}),
				[name]: value,
			} as IDataObject;
		}
	}
	return out;
}

/**
 * Call › Start over sheet rows `{ name, phone }`: the fixtures' assistant, a fixed From
 * Number, no variables, and Missing Prompt Variables set to Ignore (so the assistant is not
 * read: the tests of that check set it themselves); then `settings` by field name and
 * `extra` fields of the node.
 */
export function sheetStart(
	settings: Record<string, unknown> = {},
	extra: Record<string, unknown> = {},
): IDataObject {
	return startSettings(settings, { ...rowsStart(AGENT, '+14155550000'), ...extra });
}

/**
 * Call › Start over sheet rows `{ name, phone }` with assistant `agent` (picked By ID, or
 * From List) calling from `from` (typed, or picked From List): no variables, and Missing
 * Prompt Variables set to Ignore, as the rows carry none of the assistant's variables.
 */
export const rowsStart = (agent: string, from: string, picked: 'id' | 'list' = 'id') => ({
	resource: 'call',
	operation: 'start',
	assistant: { __rl: true, mode: picked, value: agent },
	name: '={{ $json.name }}',
	mobileNumber: '={{ $json.phone }}',
	fromNumber: { __rl: true, mode: picked === 'id' ? 'number' : 'list', value: from },
	variablesMode: 'none',
	missingVariables: 'ignore',
});

/** Start's answer: call n (…00n) started, with `data` beside its id. */
export const startAnswer = (n: number, data: Record<string, unknown> = {}) => ({
	status: 'success',
	message: 'Call initiated successfully',
	data: { call_id: `00000000-0000-4000-8000-00000000000${n}`, ...data },
});

/**
 * Three sheet rows (Row 0 to Row 2, +14155551001 to +14155551003), fresh for every run: n8n
 * remembers what was sent per input item object.
 */
export const threeRows = () =>
	['+14155551001', '+14155551002', '+14155551003'].map((phone, n) => ({
		json: { name: `Row ${n}`, phone },
	}));

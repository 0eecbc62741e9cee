import type { INodeProperties } from 'n8n-workflow';

import type { VoicemailFilter } from './cursor';

/** Fields of calls: statuses, types, the voicemail filter, Download Recording, Include Analysis. */

/**
 * Call statuses the service reports (vendor reference, 2026-08: registered, ongoing, retry,
 * completed, failed, error, cancelled; forwarded is also seen); the history filter takes any.
 */
export const CALL_STATUS_OPTIONS = [
	{ name: 'Cancelled', value: 'cancelled' },
	{ name: 'Completed', value: 'completed' },
	{ name: 'Error', value: 'error' },
	{ name: 'Failed', value: 'failed' },
	{ name: 'Forwarded', value: 'forwarded' },
	{ name: 'Ongoing', value: 'ongoing' },
	{ name: 'Registered (Queued)', value: 'registered' },
	{ name: 'Retry', value: 'retry' },
];

export const CALL_TYPE_OPTIONS = [
	{ name: 'Inbound', value: 'inbound' },
	{ name: 'Outbound', value: 'outbound' },
	{ name: 'Web Call', value: 'webcall' },
];

/** The voicemail filter's values: every call, only those that reached voicemail, or none. */
export const VOICEMAIL_FILTERS: readonly VoicemailFilter[] = ['any', 'exclude', 'only'];

/**
 * The one Voicemail filter field, in two readings: `filter`, applied by the node to the calls
 * it reads (Any, Exclude, Only: the polling trigger, the analytics reports), or `query`, the
 * history query's voicemail=true|false, which the service applies (Export History, where
 * leaving the filter out is Any). Saved workflows hold either reading's values, so neither
 * changes.
 */
export function voicemailFilter(
	description?: string,
	reading: 'filter' | 'query' = 'filter',
): INodeProperties {
	const field: INodeProperties =
		reading === 'query'
			? {
					displayName: 'Voicemail',
					name: 'voicemail',
					type: 'options',
					options: [
						{ name: 'Only Voicemail', value: 'true' },
						{ name: 'Without Voicemail', value: 'false' },
					],
					default: 'false',
				}
			: {
					displayName: 'Voicemail',
					name: 'voicemail',
					type: 'options',
					options: [
						{ name: 'Any', value: 'any' },
						{ name: 'Exclude Voicemail', value: 'exclude' },
						{ name: 'Only Voicemail', value: 'only' },
					],
					default: 'any',
				};
	return description === undefined ? field : { ...field, description };
}

/** The Download Recording switch (Call › Get, Start's wait, the polling trigger). */
export function downloadRecordingField(description: string): INodeProperties {
	return {
		displayName: 'Download Recording',
		name: 'downloadRecording',
		type: 'boolean',
		default: false,
		description,
	};
}

/** The Include Analysis switch (Call › Get, Start's wait, Export History). */
export function includeAnalysisField(description: string): INodeProperties {
	return {
		displayName: 'Include Analysis',
		name: 'includeAnalysis',
		type: 'boolean',
		default: false,
		description,
	};
}

import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { decodeTranscript } from '../../../shared/transcript';

/** Adds decoded transcript turns and text beside the raw field, which stays as the service sent it. */
export function withTranscript(record: IDataObject, rawField: string): IDataObject {
	const { turns, text } = decodeTranscript(record[rawField]);
	return { ...record, transcript_turns: turns as unknown as IDataObject[], transcript_text: text };
}

export const decodeTranscriptField: INodeProperties = {
	displayName: 'Decode Transcript',
	name: 'decodeTranscript',
	type: 'boolean',
	default: true,
	description:
		'Whether to add transcript_turns (speaker and text) and transcript_text beside the raw transcript',
};

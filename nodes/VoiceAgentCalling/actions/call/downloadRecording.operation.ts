import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { operationOption } from '../../../shared/engine/operation';
import { readCallDetails } from '../../../shared/calls/details';
import { fields } from '../../../shared/engine/params';
import {
	readRecordingSettings,
	recordingOptionFields,
	withRecording,
} from '../../../shared/calls/recording';
import { BinaryOutput, type OperationOutput } from '../../../shared/engine/router';

export const option = operationOption({
	name: 'Download Recording',
	value: 'downloadRecording',
	description: 'Download the audio recording of a call as a file',
	action: 'Download the recording of a call',
});

/**
 * Call › Download Recording: the call's recording as a file (binary data). Given a Call ID
 * it reads the call's details for its recording_url; given a URL it downloads that. The
 * API key is never sent to the recording host (see shared/calls/recording.ts).
 */
export const properties: INodeProperties[] = [
	{
		displayName: 'Source',
		name: 'recordingSource',
		type: 'options',
		options: [
			{ name: 'Call ID', value: 'callId', description: 'Read the call for its recording link' },
			{
				name: 'Recording URL',
				value: 'url',
				description: 'A recording_url already at hand (e.g. from the trigger or Call › Get)',
			},
		],
		default: 'callId',
	},
	{
		displayName: 'Call ID',
		name: 'callId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 7d0f6a3e-2b1c-4d5e-8f90-123456789abc',
		displayOptions: { show: { recordingSource: ['callId'] } },
	},
	{
		displayName: 'Recording URL',
		name: 'recordingUrl',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. {{ $json.recording_url }}',
		displayOptions: { show: { recordingSource: ['url'] } },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: recordingOptionFields(),
	},
];

export const kind = 'item';

export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const f = fields(this, i);
	const source = f.option('recordingSource', 'Source', ['callId', 'url'] as const, 'callId');
	const settings = readRecordingSettings(f.collection('options', 'Options'));
	let json: IDataObject;
	if (source === 'callId') {
		const callId = f.uuid('callId', 'Call ID');
		const details = await readCallDetails(this, callId, false, { itemIndex: i });
		json = { call_id: callId, recording_url: details.recording_url ?? null };
	} else {
		json = { recording_url: f.requiredText('recordingUrl', 'Recording URL') };
	}
	const item = await withRecording(this, json, settings, i);
	const file = item.binary?.[settings.binaryProperty];
	if (file) {
		item.json = {
			...item.json,
			file_name: file.fileName,
			mime_type: file.mimeType,
			file_size: file.fileSize,
		};
	}
	return new BinaryOutput([item]);
}

import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { operationOption } from '../../../shared/engine/operation';
import { fields } from '../../../shared/engine/params';
import {
	readRecordingSettings,
	recordingOptionFields,
	withRecording,
} from '../../../shared/calls/recording';
import { BinaryOutput, type OperationOutput } from '../../../shared/engine/router';
import { readCallDetails } from '../../../shared/calls/details';
import { downloadRecordingField, includeAnalysisField } from '../../../shared/calls/fields';
import { asJson, recordFromDetails } from '../../../shared/calls/record';

export const option = operationOption({
	name: 'Get',
	value: 'get',
	description: 'Get the details and transcript of a call',
	action: 'Get a call',
});

export const properties: INodeProperties[] = [
	{
		displayName: 'Call ID',
		name: 'callId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 7d0f6a3e-2b1c-4d5e-8f90-123456789abc',
		description: 'ID of the call, as returned by Start or the history',
	},
	includeAnalysisField('Whether to include the platform and client analysis of the call'),
	downloadRecordingField(
		'Whether to add the audio recording of the call as a file (binary data); links expire 24 hours after the call',
	),
	{
		displayName: 'Recording Options',
		name: 'recordingOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { downloadRecording: [true] } },
		options: recordingOptionFields(),
	},
];

export const kind = 'item';

export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const f = fields(this, i);
	const callId = f.uuid('callId', 'Call ID');
	const includeAnalysis = f.boolean('includeAnalysis', 'Include Analysis', false);
	const recording = f.boolean('downloadRecording', 'Download Recording', false)
		? readRecordingSettings(f.collection('recordingOptions', 'Recording Options'))
		: undefined;
	const data = await readCallDetails(this, callId, includeAnalysis, { itemIndex: i });
	const details = asJson(recordFromDetails(data));
	if (!recording) return details;
	return new BinaryOutput([await withRecording(this, details, recording, i)]);
}

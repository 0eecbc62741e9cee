import type { INodeProperties } from 'n8n-workflow';

import type { NodeOperation } from '../../../shared/router';
import * as cancelQueued from './cancelQueued.operation';
import * as downloadRecording from './downloadRecording.operation';
import * as exportHistory from './exportHistory.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as start from './start';

export const operations: Record<string, NodeOperation> = {
	start,
	get,
	getMany,
	exportHistory,
	cancelQueued,
	downloadRecording,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['call'] } },
		options: [
			{
				name: 'Cancel Queued Calls',
				value: 'cancelQueued',
				description:
					'Cancel calls that have not started yet, by call ID, assistant, campaign or number',
				action: 'Cancel queued calls',
			},
			{
				name: 'Download Recording',
				value: 'downloadRecording',
				description: 'Download the audio recording of a call as a file',
				action: 'Download the recording of a call',
			},
			{
				name: 'Export History',
				value: 'exportHistory',
				description: 'Export call history as CSV (e-mailed, or a ZIP file)',
				action: 'Export call history',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get the details and transcript of a call',
				action: 'Get a call',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List calls from the call history',
				action: 'Get many calls',
			},
			{
				name: 'Start',
				value: 'start',
				description: 'Start an outbound call with an assistant, now or at a scheduled time',
				action: 'Start a call',
			},
		],
		default: 'start',
	},
	...start.description,
	...get.description,
	...getMany.description,
	...exportHistory.description,
	...cancelQueued.description,
	...downloadRecording.description,
];

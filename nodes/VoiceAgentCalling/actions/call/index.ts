import { defineResource } from '../../../shared/engine/operation';
import * as callBack from './callBack';
import * as checkCalls from './checkCalls.operation';
import * as cancelQueued from './cancelQueued.operation';
import * as downloadRecording from './downloadRecording.operation';
import * as exportHistory from './exportHistory.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as start from './start';

export const call = defineResource({
	value: 'call',
	name: 'Call',
	operations: {
		start,
		callBack,
		checkCalls,
		get,
		getMany,
		exportHistory,
		cancelQueued,
		downloadRecording,
	},
	default: 'start',
});

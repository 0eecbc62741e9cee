import { BinaryOutput } from '../../../../shared/engine/router';
import { DEFAULT_RECORDING_SETTINGS, withRecording } from '../../../../shared/calls/recording';
import type { FinishStep } from './watcher';

/**
 * The Download Recording option of the wait: adds each ended call's recording as a file.
 * A placed call's row never fails over its recording (none for an unanswered call, an
 * expired link, a host that is down): it is output without the file, with recording_error.
 */
export function downloadRecordingStep(wanted: (itemIndex: number) => boolean): FinishStep {
	return async (ctx, call, output) => {
		if (!wanted(call.index) || output.timed_out === true) return output;
		const item = await withRecording(ctx, output, DEFAULT_RECORDING_SETTINGS, call.index, true);
		return item.binary ? new BinaryOutput([item]) : item.json;
	};
}

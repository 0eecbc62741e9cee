/**
 * Start's Download Recording step of the wait (recordingStep.ts): an ended call the row asked
 * it for gets its recording as a file; a row that did not ask, or whose wait timed out, is left
 * as it is; a recording that cannot be had never fails the row: recording_error says why.
 */
import type { IDataObject } from 'n8n-workflow';

import { downloadRecordingStep } from '../../../../../nodes/VoiceAgentCalling/actions/call/start/recordingStep';
import type { WatchedCall } from '../../../../../nodes/VoiceAgentCalling/actions/call/start/watcher';
import { BinaryOutput } from '../../../../../nodes/shared/engine/operation';
import { CALL } from '../../../../helpers/fixtures';
import { expectAllMocksUsed } from '../../../../helpers/harness';
import { probe } from '../../../../helpers/probe';
import { REC_URL, recordingHost, WAV, wavReply } from '../../../../helpers/recording';

expectAllMocksUsed();

/** Each item's json as the wait's output; item 1 did not ask for its recording. */
const step = downloadRecordingStep((i) => i !== 1);
const run = (items: IDataObject[]) =>
	probe(
		async (ctx, i) => {
			const out = await step(ctx, { index: i } as WatchedCall, items[i]);
			if (!(out instanceof BinaryOutput)) return out;
			const [{ json, binary }] = out.items;
			const file = binary!.data;
			return {
				json,
				file: [file.fileName, file.mimeType, Buffer.from(file.data, 'base64').equals(WAV)],
			};
		},
		{ items },
	);

test('the ended call that asked: its recording as a file; the others as they are', async () => {
	const host = recordingHost(wavReply);
	const ended = { call_id: CALL, status: 'completed', recording_url: REC_URL };
	const timedOut = { call_id: CALL, status: 'ongoing', timed_out: true, recording_url: REC_URL };
	const { values, error } = await run([ended, ended, timedOut]);
	expect(error).toBeUndefined();
	expect(values).toEqual([
		{ json: ended, file: [`${CALL}.wav`, 'audio/wav', true] },
		ended,
		timedOut,
	]);
	expect(host.seen).toHaveLength(1);
});

test('no recording (an unanswered call): the row without the file, with recording_error', async () => {
	const unanswered = { call_id: CALL, status: 'no_answer', recording_url: null };
	const { values } = await run([unanswered]);
	expect(values).toEqual([{ ...unanswered, recording_error: 'The call has no recording' }]);
});

/**
 * Call › Download Recording through the real engine against the sandbox: recordings on their
 * own origin, which records every header it received.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../../../sandbox';
import { initBinaryData, jsonOf, runNode } from '../../../helpers/harness';
import { sandboxCredentials, useSandbox } from '../../../helpers/sandbox';
import { callBody, type Client } from '../../../sandbox/helpers';

let sb: Sandbox;
let api: Client;

beforeAll(async () => {
	await initBinaryData();
});
useSandbox((started) => ({ sb, api } = started));

const run = (type: string, parameters: IDataObject, more = {}) =>
	runNode({ type, credentials: sandboxCredentials(sb), parameters, ...more });

test('Download Recording: the WAV of a finished call; the recording host never sees the key', async () => {
	const callId = (await api.post('/calling/outbound/individual', callBody())).body.data
		.call_id as string;
	sb.advance(120_000);
	expect(sb.call(callId)!.status).toBe('completed');

	const { output, error } = await run('voiceAgentCalling', {
		resource: 'call',
		operation: 'downloadRecording',
		callId,
	});
	expect(error).toBeUndefined();
	expect(output[0].json).toMatchObject({
		call_id: callId,
		file_name: `${callId}.wav`,
		mime_type: 'audio/wav',
	});
	const wav = Buffer.from(output[0].binary!.data.data, 'base64');
	expect(wav.subarray(0, 4).toString()).toBe('RIFF');

	expect(sb.recordingRequests).toHaveLength(1);
	const headers = sb.recordingRequests[0].headers;
	expect(Object.keys(headers).map((h) => h.toLowerCase())).not.toContain('x-api-key');
	expect(JSON.stringify(headers)).not.toContain(sb.apiKey);

	// A day later the link has expired: a clear error, or the item without the file.
	sb.advance(25 * 3600_000);
	const expired = await run('voiceAgentCalling', {
		resource: 'call',
		operation: 'downloadRecording',
		callId,
		options: { onMissing: 'outputWithoutFile' },
	});
	expect(jsonOf(expired.output)[0].recording_error).toBe(
		'The recording link has expired or is not valid any more (AccessDenied: Request has expired)',
	);
});

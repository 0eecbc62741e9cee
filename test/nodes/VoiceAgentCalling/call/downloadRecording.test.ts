/**
 * Call › Download Recording: the recording as binary data. The recording host is another
 * origin than the API: the key must never reach it.
 */
import nock from 'nock';

import { fileNameFrom } from '../../../../nodes/shared/calls/recording';
import {
	API_KEY,
	BASE_URL,
	expectAllMocksUsed,
	initBinaryData,
	jsonOf,
	runNode,
} from '../../../helpers/harness';
import { CALL } from '../../../helpers/fixtures';
import {
	details,
	recordingHost,
	REC_HOST,
	REC_URL,
	WAV,
	wavReply,
} from '../../../helpers/recording';

beforeAll(async () => {
	nock.disableNetConnect();
	await initBinaryData();
});
expectAllMocksUsed();

const download = (extra: Record<string, unknown> = {}, more: Record<string, unknown> = {}) =>
	runNode({
		type: 'voiceAgentCalling',
		parameters: {
			resource: 'call',
			operation: 'downloadRecording',
			callId: CALL,
			...extra,
		},
		...more,
	});

describe('Call › Download Recording', () => {
	test('by Call ID: reads the call, downloads its recording; no API key reaches the recording host', async () => {
		details();
		const host = recordingHost(wavReply);
		const { output, error } = await download();
		expect(error).toBeUndefined();
		expect(output).toHaveLength(1);
		expect(output[0].json).toEqual({
			call_id: CALL,
			recording_url: REC_URL,
			file_name: `${CALL}.wav`,
			mime_type: 'audio/wav',
			file_size: `${WAV.length} B`,
		});
		expect(output[0].binary?.data).toMatchObject({
			fileName: `${CALL}.wav`,
			mimeType: 'audio/wav',
			data: WAV.toString('base64'),
		});
		expect(output[0].pairedItem).toEqual({ item: 0 });
		expect(host.seen).toHaveLength(1);
		expect(Object.keys(host.seen[0]).map((h) => h.toLowerCase())).not.toContain('x-api-key');
		expect(JSON.stringify(host.seen)).not.toContain(API_KEY);
	});

	test('by URL, into another field; the MIME type from the extension when the host says octet-stream', async () => {
		nock(REC_HOST, { badheaders: ['x-api-key'] })
			.get('/rec/a.mp3')
			.reply(200, WAV, { 'Content-Type': 'application/octet-stream' });
		const { output } = await download({
			recordingSource: 'url',
			recordingUrl: `${REC_HOST}/rec/a.mp3`,
			options: { binaryPropertyName: 'audio' },
		});
		expect(output[0].binary?.audio).toMatchObject({ fileName: 'a.mp3', mimeType: 'audio/mpeg' });
	});

	test('a recording on the API origin itself is read with the key (it is the API)', async () => {
		nock(BASE_URL)
			.matchHeader('x-api-key', API_KEY)
			.get('/recordings/x.wav')
			.reply(200, WAV, { 'Content-Type': 'audio/wav' });
		const { output } = await download({
			recordingSource: 'url',
			recordingUrl: `${BASE_URL}/recordings/x.wav`,
		});
		expect(output[0].binary?.data).toMatchObject({ fileName: 'x.wav', mimeType: 'audio/wav' });
	});

	const EXPIRED = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>`;

	test('an expired link: a clear error for the item', async () => {
		details();
		recordingHost(() => [403, EXPIRED, { 'Content-Type': 'application/xml' }]);
		const { error } = await download();
		expect(error?.message).toBe(
			'The recording link has expired or is not valid any more (AccessDenied: Request has expired)',
		);
		expect((error as { description?: string }).description).toContain('24 hours');
		// Stored by n8n as its own error class, not as an unknown one.
		expect(error?.name).toBe('NodeOperationError');
	});

	test('a dropped connection to the recording host names the host, for the item', async () => {
		details();
		nock(REC_HOST)
			.get(/.*/)
			.replyWithError(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }));
		const { output } = await download({}, { continueOnFail: true });
		expect(jsonOf(output)).toEqual([
			expect.objectContaining({
				error: `The recording could not be downloaded from ${REC_HOST}: the connection was closed before it answered`,
			}),
		]);
	});

	test('Output Item Without File: the item goes on, with recording_error', async () => {
		details();
		recordingHost(() => [404, '<Error><Code>NoSuchKey</Code></Error>']);
		const { output, error } = await download({ options: { onMissing: 'outputWithoutFile' } });
		expect(error).toBeUndefined();
		expect(output).toEqual([
			{
				json: {
					call_id: CALL,
					recording_url: REC_URL,
					recording_error: 'The recording was not found (NoSuchKey)',
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	test('a call without a recording: error, or an item without file', async () => {
		details({ recording_url: null });
		details({ recording_url: '' });
		const { output } = await download(
			{ options: { onMissing: '={{ $json.mode }}' } },
			{
				continueOnFail: true,
				items: [{ json: { mode: 'error' } }, { json: { mode: 'outputWithoutFile' } }],
			},
		);
		expect(jsonOf(output)).toEqual([
			expect.objectContaining({ error: 'The call has no recording' }),
			{ call_id: CALL, recording_url: '', recording_error: 'The call has no recording' },
		]);
	});

	test('redirects: followed to https on another host (still no key), never to http', async () => {
		nock(REC_HOST, { badheaders: ['x-api-key'] })
			.get('/a.wav')
			.reply(302, '', { Location: 'https://cdn.example/b.wav' });
		nock('https://cdn.example', { badheaders: ['x-api-key'] })
			.get('/b.wav')
			.reply(200, WAV, { 'Content-Type': 'audio/wav' });
		const ok = await download({ recordingSource: 'url', recordingUrl: `${REC_HOST}/a.wav` });
		expect(ok.output[0].binary?.data).toMatchObject({ fileName: 'b.wav' });

		nock(REC_HOST).get('/c.wav').reply(301, '', { Location: 'http://plain.example/c.wav' });
		const bad = await download({ recordingSource: 'url', recordingUrl: `${REC_HOST}/c.wav` });
		expect(bad.error?.message).toBe(
			'The recording is not downloaded from http://plain.example: only https addresses are followed',
		);
	});

	test('the API key is not sent along a redirect from the API origin to another host', async () => {
		nock(BASE_URL)
			.get('/recordings/r.wav')
			.reply(302, '', { Location: `${REC_HOST}/r.wav` });
		const host = recordingHost(wavReply);
		const { output } = await download({
			recordingSource: 'url',
			recordingUrl: `${BASE_URL}/recordings/r.wav`,
		});
		expect(output[0].binary?.data).toBeDefined();
		expect(JSON.stringify(host.seen)).not.toContain(API_KEY);
	});

	test('Max Size: refused from Content-Length, and while streaming when the host gives none', async () => {
		const big = Buffer.alloc(2 * 1024 * 1024, 1);
		nock(REC_HOST)
			.get('/big.wav')
			.reply(200, big, {
				'Content-Type': 'audio/wav',
				'Content-Length': String(big.length),
			});
		const declared = await download({
			recordingSource: 'url',
			recordingUrl: `${REC_HOST}/big.wav`,
			options: { maxSizeMb: 1 },
		});
		expect(declared.error?.message).toBe(
			'Max Size (MB): the recording is larger than 1 MB [item 0]',
		);

		nock(REC_HOST)
			.get('/chunked.wav')
			.reply(
				200,
				() => {
					// A stream body: nock sends it chunked, without Content-Length.
					const { Readable } = jest.requireActual<typeof import('node:stream')>('node:stream');
					return Readable.from([big.subarray(0, 600000), big.subarray(600000)]);
				},
				{ 'Content-Type': 'audio/wav' },
			);
		const streamed = await download({
			recordingSource: 'url',
			recordingUrl: `${REC_HOST}/chunked.wav`,
			options: { maxSizeMb: 1 },
		});
		expect(streamed.error?.message).toBe(
			'Max Size (MB): the recording is larger than 1 MB [item 0]',
		);
	});

	test('fields are checked before any request', async () => {
		const bad = await download({ callId: 'nope' });
		expect(bad.error?.message).toBe('Call ID: "nope" is not a valid ID (UUID expected) [item 0]');
		const size = await download({ options: { maxSizeMb: '={{ "big" }}' } });
		expect(size.error?.message).toBe('Options › Max Size (MB): "big" is not a number [item 0]');
	});

	test('file names from Content-Disposition are base names only', () => {
		expect(fileNameFrom('attachment; filename="../../etc/x.wav"')).toBe('x.wav');
		expect(fileNameFrom("attachment; filename*=UTF-8''r%C3%A9c.wav")).toBe('réc.wav');
		expect(fileNameFrom('inline')).toBeUndefined();
	});
});

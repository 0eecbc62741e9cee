/**
 * A call's recording: where an item names it, the download settings, the file into n8n's
 * binary store (its name, type and size limit), and a missing or failing recording, which
 * the item may go on without.
 */
import fc from 'fast-check';
import nock from 'nock';
import type { IDataObject, IExecuteFunctions, INode, INodeExecutionData } from 'n8n-workflow';

import {
	DEFAULT_RECORDING_SETTINGS,
	downloadRecording,
	fileNameFrom,
	readRecordingSettings,
	recordingOptionFields,
	recordingsFor,
	recordingUrlOf,
	withRecording,
	type RecordingSettings,
} from '../../../nodes/shared/calls/recording';
import { fields, type ParamSource } from '../../../nodes/shared/engine/params';
import { CALL } from '../../helpers/fixtures';
import { expectAllMocksUsed } from '../../helpers/harness';
import { probe } from '../../helpers/probe';
import { REC_HOST, REC_URL, recordingHost, WAV, wavReply } from '../../helpers/recording';

expectAllMocksUsed();

const node = { name: 'Voice Agent', type: 'n8n-nodes-voice-agent.voiceAgentCalling' } as INode;
const MB = 1024 * 1024;
const settings = (extra: Partial<RecordingSettings> = {}) => ({
	...DEFAULT_RECORDING_SETTINGS,
	...extra,
});

/** An item as the probe outputs it: the json, and each file's name, type and bytes. */
const shown = ({ json, binary }: INodeExecutionData) => ({
	json,
	files: Object.fromEntries(
		Object.entries(binary ?? {}).map(([key, file]) => [
			key,
			{
				fileName: file.fileName,
				mimeType: file.mimeType,
				bytes: Buffer.from(file.data, 'base64').length,
			},
		]),
	),
});
const run = (fn: (ctx: IExecuteFunctions) => Promise<unknown>) => probe((ctx) => fn(ctx));

describe('where the recording is', () => {
	test('recording_url, else audio_recording, else details.recording_url', () => {
		expect(recordingUrlOf({ recording_url: 'a', audio_recording: 'b' })).toBe('a');
		expect(recordingUrlOf({ audio_recording: 'b', details: { recording_url: 'c' } })).toBe('b');
		expect(recordingUrlOf({ details: { recording_url: 'c' } })).toBe('c');
		expect(recordingUrlOf({ details: 'c' })).toBeUndefined();
	});

	test.each([
		['attachment; filename="call 1.wav"', 'call 1.wav'],
		['attachment; filename=call.mp3; size=3', 'call.mp3'],
		["attachment; filename*=UTF-8''appel%20%C3%A9t%C3%A9.wav", 'appel été.wav'],
		['attachment; filename*=UTF-8\'\'%E0%A4; filename="plain.wav"', 'plain.wav'],
		['attachment; filename="../../etc/passwd"', 'passwd'],
		['attachment; filename="C:\\x\\y.wav"', 'y.wav'],
		['attachment; filename="dir/"', undefined],
		['inline', undefined],
		[undefined, undefined],
	])('Content-Disposition %p names the file %p', (disposition, name) => {
		expect(fileNameFrom(disposition)).toBe(name);
	});

	test('a file name is only ever a base name', () => {
		fc.assert(
			fc.property(fc.string(), (name) => {
				const got = fileNameFrom(`attachment; filename="${name.replace(/"/g, '')}"`);
				if (got !== undefined) expect(got).not.toMatch(/[\\/]/);
			}),
			{ numRuns: 500, seed: 20260101 },
		);
	});
});

describe('readRecordingSettings', () => {
	const source = (values: Record<string, unknown>): ParamSource => ({
		getNode: () => node,
		getNodeParameter: (name, _i, fallback) => (name in values ? values[name] : fallback),
	});
	const read = (values: Record<string, unknown>) =>
		readRecordingSettings(fields(source(values), 0));

	test('the defaults: the data field, 100 MB, an error when missing', () => {
		expect(read({})).toEqual({ binaryProperty: 'data', maxBytes: 100 * MB, onMissing: 'error' });
		expect(DEFAULT_RECORDING_SETTINGS).toEqual(read({}));
		expect(recordingOptionFields().map((f) => [f.name, f.default])).toEqual([
			['binaryPropertyName', 'data'],
			['maxSizeMb', 100],
			['onMissing', 'error'],
		]);
	});

	test('as set; a blank field name is data; megabytes in bytes', () => {
		expect(
			read({ binaryPropertyName: '  ', maxSizeMb: 2.5, onMissing: 'outputWithoutFile' }),
		).toEqual({
			binaryProperty: 'data',
			maxBytes: Math.floor(2.5 * MB),
			onMissing: 'outputWithoutFile',
		});
		expect(read({ binaryPropertyName: ' audio ' }).binaryProperty).toBe('audio');
	});

	test.each([
		[{ maxSizeMb: 0 }, 'Max Size (MB): 0 is not a number [item 0]'],
		[
			{ onMissing: 'skip' },
			'On Missing Recording: "skip" is not one of "error", "outputWithoutFile" [item 0]',
		],
	])('%j is refused', (values, message) => {
		expect(() => read(values)).toThrow(new Error(message));
	});
});

describe('downloadRecording', () => {
	test('the file into the binary store: its name and type from the host, no key sent', async () => {
		const host = recordingHost(() => wavReply());
		const { values, error } = await run(async (ctx) =>
			shown({ json: {}, binary: { data: await downloadRecording(ctx, REC_URL, settings(), 0) } }),
		);
		expect(error).toBeUndefined();
		expect(values).toEqual([
			{
				json: {},
				files: { data: { fileName: `${CALL}.wav`, mimeType: 'audio/wav', bytes: WAV.length } },
			},
		]);
		expect(host.seen[0]['x-api-key']).toBeUndefined();
		host.scope.done();
	});

	test('without a name or a type: the last part of the path, the type from its extension', async () => {
		nock(REC_HOST)
			.get('/rec/a%20b.mp3')
			.reply(200, WAV, { 'Content-Type': 'application/octet-stream' });
		const { values } = await run(async (ctx) => {
			const file = await downloadRecording(ctx, `${REC_HOST}/rec/a%20b.mp3`, settings(), 0);
			return [file.fileName, file.mimeType];
		});
		expect(values).toEqual([['a b.mp3', 'audio/mpeg']]);
	});

	test.each([
		[undefined, 'The call has no recording'],
		['  ', 'The call has no recording'],
	])('no recording URL (%p): missing, nothing asked', async (url, message) => {
		const { error } = await run((ctx) => downloadRecording(ctx, url, settings(), 0));
		expect(error?.message).toBe(message);
	});

	test.each([
		[
			404,
			'<Error><Code>NoSuchKey</Code><Message>The key does not exist</Message></Error>',
			'The recording was not found (NoSuchKey: The key does not exist)',
		],
		[
			403,
			'<Error><Code>AccessDenied</Code></Error>',
			'The recording link has expired or is not valid any more (AccessDenied)',
		],
		[410, '', 'The recording link has expired or is not valid any more'],
		[500, 'oops', 'The recording host answered HTTP 500'],
	])("HTTP %i is said with the host's code", async (status, body, message) => {
		nock(REC_HOST).get(/.*/).reply(status, body);
		const { error } = await run((ctx) => downloadRecording(ctx, REC_URL, settings(), 0));
		expect(error?.message).toBe(message);
	});

	test('larger than Max Size by its length, or by what it streams: refused', async () => {
		nock(REC_HOST)
			.get(/.*/)
			.reply(200, Buffer.alloc(2 * MB), { 'Content-Length': String(2 * MB) })
			.get(/.*/)
			.reply(200, () => Buffer.alloc(2 * MB));
		const limit = settings({ maxBytes: MB });
		const message = 'Max Size (MB): the recording is larger than 1 MB [item 0]';
		expect((await run((ctx) => downloadRecording(ctx, REC_URL, limit, 0))).error?.message).toBe(
			message,
		);
		expect((await run((ctx) => downloadRecording(ctx, REC_URL, limit, 0))).error?.message).toBe(
			message,
		);
	});
});

describe('withRecording and recordingsFor', () => {
	const call: IDataObject = { call_id: CALL, recording_url: REC_URL };

	test('the file in the field the settings name', async () => {
		nock(REC_HOST)
			.get(/.*/)
			.reply(() => wavReply() as [number, Buffer, Record<string, string>]);
		const { values } = await run(async (ctx) =>
			shown(await withRecording(ctx, call, settings({ binaryProperty: 'audio' }), 0)),
		);
		expect(values).toEqual([
			{
				json: call,
				files: { audio: { fileName: `${CALL}.wav`, mimeType: 'audio/wav', bytes: WAV.length } },
			},
		]);
	});

	test('missing, with Output Item Without File: the item with recording_error', async () => {
		nock(REC_HOST).get(/.*/).reply(404, '');
		const { values } = await run(async (ctx) =>
			shown(await withRecording(ctx, call, settings({ onMissing: 'outputWithoutFile' }), 0)),
		);
		expect(values).toEqual([
			{ json: { ...call, recording_error: 'The recording was not found' }, files: {} },
		]);
	});

	test('a failing host is an error even then, unless neverThrow', async () => {
		nock(REC_HOST).get(/.*/).reply(500, '').get(/.*/).reply(500, '');
		const tolerant = settings({ onMissing: 'outputWithoutFile' });
		expect((await run((ctx) => withRecording(ctx, call, tolerant, 0))).error?.message).toBe(
			'The recording host answered HTTP 500',
		);
		const { values } = await run(async (ctx) =>
			shown(await withRecording(ctx, call, tolerant, 0, true)),
		);
		expect(values).toEqual([
			{ json: { ...call, recording_error: 'The recording host answered HTTP 500' }, files: {} },
		]);
	});

	test('recordingsFor never throws: each call with its file or its reason, in order', async () => {
		nock(REC_HOST)
			.get(/.*/)
			.reply(() => wavReply() as [number, Buffer, Record<string, string>]);
		const { values } = await run(async (ctx) =>
			(await recordingsFor(ctx, [call, { call_id: 'x' }])).map(shown),
		);
		expect(values).toEqual([
			[
				{
					json: call,
					files: { data: { fileName: `${CALL}.wav`, mimeType: 'audio/wav', bytes: WAV.length } },
				},
				{ json: { call_id: 'x', recording_error: 'The call has no recording' }, files: {} },
			],
		]);
	});
});

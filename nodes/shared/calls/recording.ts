import type {
	IBinaryData,
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeProperties,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { header, isStream, type ByteStream } from '../http/http';
import type { Fields } from '../engine/params';
import { fieldError } from '../engine/validate';
import { discard, fetchFile, smallText, type RawResponse } from '../http/files';
import { getApiCredentials } from '../http/transport';
import { normaliseBaseUrl } from '../http/url';

/**
 * Call recordings as n8n binary data. A recording lives on a storage host (a signed URL that
 * expires 24 hours after the call), not on the API: the API key is sent only when the
 * recording is on the API's own origin, never to another host, and redirects are followed
 * by hand, only to https, each hop judged again. The body is streamed into n8n's binary
 * store (memory, filesystem or S3 alike) with a size limit, so a long call never has to fit
 * in memory twice.
 */

export type RecordingContext = IExecuteFunctions | IPollFunctions;

export const DEFAULT_MAX_RECORDING_MB = 100;

export type OnMissingRecording = 'error' | 'outputWithoutFile';

export interface RecordingSettings {
	/** Binary property the file goes into. */
	binaryProperty: string;
	maxBytes: number;
	onMissing: OnMissingRecording;
}

export const DEFAULT_RECORDING_SETTINGS: RecordingSettings = {
	binaryProperty: 'data',
	maxBytes: DEFAULT_MAX_RECORDING_MB * 1024 * 1024,
	onMissing: 'error',
};

/** The fields that tune a download (Call › Download Recording, Call › Get). */
export function recordingOptionFields(): INodeProperties[] {
	return [
		{
			displayName: 'Put Output File in Field',
			name: 'binaryPropertyName',
			type: 'string',
			default: 'data',
			hint: 'The name of the output binary field to put the recording in',
		},
		{
			displayName: 'Max Size (MB)',
			name: 'maxSizeMb',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: DEFAULT_MAX_RECORDING_MB,
			description: 'A larger recording is refused (an error for the item) instead of downloaded',
		},
		{
			displayName: 'On Missing Recording',
			name: 'onMissing',
			type: 'options',
			options: [
				{
					name: 'Error',
					value: 'error',
					description: 'Fail the item (or, with Continue On Fail, output the error)',
				},
				{
					name: 'Output Item Without File',
					value: 'outputWithoutFile',
					description: 'Output the item without the file, with the reason in recording_error',
				},
			],
			default: 'error',
			description:
				'What to do when the call has no recording, or its link has expired (links last 24 hours after the call)',
		},
	];
}

/**
 * A recording that is not there (none yet, expired, deleted): the item may go on without it.
 * Named as n8n's own class: once n8n stores the error, the name is all that is left of it.
 */
export class RecordingMissingError extends NodeOperationError {
	constructor(...args: ConstructorParameters<typeof NodeOperationError>) {
		super(...args);
		this.name = 'NodeOperationError';
	}
}

function asNodeError(node: INode, error: unknown, itemIndex: number) {
	if (error instanceof NodeOperationError || error instanceof NodeApiError) return error;
	return new NodeOperationError(node, error as Error, { itemIndex });
}

function missing(node: INode, message: string, description: string, itemIndex: number) {
	return new RecordingMissingError(node, message, { description, itemIndex });
}

/**
 * Counts the bytes of the stream as its consumer reads them and fails it past the limit.
 * The stream is held until the consumer (n8n's binary store) attaches, so the counter does
 * not start the flow early and lose data; it sees every chunk however the consumer reads.
 */
function limitSize(stream: ByteStream, limit: number, onTooLarge: () => Error): ByteStream {
	let seen = 0;
	stream.pause();
	stream.on('data', (chunk: Buffer | string) => {
		seen += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
		if (seen > limit) stream.destroy(onTooLarge());
	});
	stream.on('newListener', (event: string) => {
		// A reader that listens for 'data' expects the flow to start (it is paused above).
		if (event === 'data') stream.resume();
	});
	return stream;
}

/** `attachment; filename="x.wav"` (or filename*=UTF-8''x.wav) -> x.wav */
export function fileNameFrom(disposition: string | undefined): string | undefined {
	if (!disposition) return undefined;
	const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
	if (star) {
		try {
			return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
		} catch {
			// fall through to the plain form
		}
	}
	const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition);
	const name = (plain?.[2] ?? plain?.[1])?.trim();
	// Only a base name: no folders smuggled in through the header.
	return name ? name.split(/[\\/]/).pop() || undefined : undefined;
}

const MIME_BY_EXTENSION: Record<string, string> = {
	wav: 'audio/wav',
	mp3: 'audio/mpeg',
	ogg: 'audio/ogg',
	m4a: 'audio/mp4',
	webm: 'audio/webm',
};

/** The error for a recording host's error answer: missing (expired, unknown) or a failure. */
async function answerError(
	node: INode,
	response: RawResponse,
	itemIndex: number,
): Promise<NodeOperationError | NodeApiError> {
	const status = response.statusCode;
	const text = await smallText(response.body);
	const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
	const detail = /<Message>([^<]+)<\/Message>/.exec(text)?.[1];
	const said = code ? ` (${code}${detail ? `: ${detail}` : ''})` : '';
	if (status === 403 || status === 404 || status === 410) {
		return missing(
			node,
			status === 404
				? `The recording was not found${said}`
				: `The recording link has expired or is not valid any more${said}`,
			'Recording links are valid for 24 hours after the call. Read the call again (Call › Get) for a fresh link; older recordings cannot be downloaded.',
			itemIndex,
		);
	}
	return new NodeApiError(
		node,
		{ message: `The recording host answered HTTP ${status}${said}` },
		{
			message: `The recording host answered HTTP ${status}${said}`,
			httpCode: String(status),
			itemIndex,
		},
	);
}

/**
 * Downloads the recording at `recordingUrl` into n8n's binary store. Throws a
 * RecordingMissingError when it is not there (expired or unknown), other errors otherwise.
 */
export async function downloadRecording(
	ctx: RecordingContext,
	recordingUrl: unknown,
	settings: RecordingSettings,
	itemIndex: number,
): Promise<IBinaryData> {
	const node = ctx.getNode();
	if (typeof recordingUrl !== 'string' || recordingUrl.trim() === '') {
		throw missing(
			node,
			'The call has no recording',
			'A recording exists only for calls that were answered, and appears a few seconds after the call ends.',
			itemIndex,
		);
	}
	const credentials = await getApiCredentials.call(ctx, itemIndex);
	const base = normaliseBaseUrl(credentials.baseUrl);
	const apiOrigin = 'url' in base ? new URL(base.url).origin : undefined;

	const { url, response } = await fetchFile(ctx, recordingUrl.trim(), {
		withKeyOn: apiOrigin,
		timeout: 120000,
		itemIndex,
		what: 'recording',
	});

	if (response.statusCode >= 400) throw await answerError(node, response, itemIndex);

	const headers = response.headers ?? {};
	const tooLarge = () =>
		fieldError(
			node,
			'Max Size (MB)',
			`the recording is larger than ${Math.round(settings.maxBytes / 1024 / 1024)} MB`,
			itemIndex,
		);
	const length = Number(header(headers, 'content-length'));
	if (Number.isFinite(length) && length > settings.maxBytes) {
		discard(response.body);
		throw tooLarge();
	}
	const baseName = decodeURIComponent(url.pathname.split('/').pop() ?? '') || 'recording';
	const fileName = fileNameFrom(header(headers, 'content-disposition')) ?? baseName;
	const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
	const declared = header(headers, 'content-type')?.split(';')[0].trim();
	const mimeType =
		declared && declared !== 'application/octet-stream'
			? declared
			: (MIME_BY_EXTENSION[extension] ?? declared ?? 'application/octet-stream');

	const body = response.body;
	let data: Buffer | ByteStream;
	if (isStream(body)) {
		data = limitSize(body, settings.maxBytes, tooLarge);
	} else {
		data = Buffer.isBuffer(body) ? body : Buffer.from(String(body ?? ''));
		if (data.length > settings.maxBytes) throw tooLarge();
	}
	try {
		return await ctx.helpers.prepareBinaryData(
			data as Parameters<typeof ctx.helpers.prepareBinaryData>[0],
			fileName,
			mimeType,
		);
	} catch (error) {
		throw asNodeError(node, error, itemIndex);
	}
}

/** The recording URL of a history row, call details, or an item that carries details. */
export function recordingUrlOf(json: IDataObject): unknown {
	const details = json.details as IDataObject | undefined;
	return (
		json.recording_url ??
		json.audio_recording ??
		(details && typeof details === 'object' ? details.recording_url : undefined)
	);
}

/**
 * Downloads the recording of `json` and returns the item: with the file in
 * `binary[binaryProperty]`, or (onMissing: outputWithoutFile, or `neverThrow`) without it
 * and with `recording_error` saying why.
 */
export async function withRecording(
	ctx: RecordingContext,
	json: IDataObject,
	settings: RecordingSettings,
	itemIndex: number,
	neverThrow = false,
): Promise<INodeExecutionData> {
	try {
		const file = await downloadRecording(ctx, recordingUrlOf(json), settings, itemIndex);
		return { json, binary: { [settings.binaryProperty]: file } };
	} catch (error) {
		const tolerated =
			neverThrow ||
			(settings.onMissing === 'outputWithoutFile' && error instanceof RecordingMissingError);
		if (!tolerated) throw asNodeError(ctx.getNode(), error, itemIndex);
		return { json: { ...json, recording_error: (error as Error).message } };
	}
}

/** The download settings from a collection of recordingOptionFields(). */
export function readRecordingSettings(options: Fields): RecordingSettings {
	const property = options.text('binaryPropertyName', 'Put Output File in Field', 'data').trim();
	const maxMb = options.number('maxSizeMb', 'Max Size (MB)', DEFAULT_MAX_RECORDING_MB, {
		min: 0.001,
	});
	return {
		binaryProperty: property || 'data',
		maxBytes: Math.floor(maxMb * 1024 * 1024),
		onMissing: options.option(
			'onMissing',
			'On Missing Recording',
			['error', 'outputWithoutFile'] as const,
			'error',
		),
	};
}

/**
 * Items for calls a trigger emits, each with its recording where it can be downloaded. Never
 * throws: the calls are already taken from the cursor, so a recording that fails (expired,
 * host down) leaves its call without the file and with recording_error, instead of losing it.
 */
export async function recordingsFor(
	ctx: RecordingContext,
	calls: IDataObject[],
	settings: RecordingSettings = DEFAULT_RECORDING_SETTINGS,
): Promise<INodeExecutionData[]> {
	const items: INodeExecutionData[] = [];
	for (const [index, call] of calls.entries()) {
		items.push(await withRecording(ctx, call, settings, index, true));
	}
	return items;
}

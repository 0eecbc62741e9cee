import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { header, isStream, NETWORK_FAILURES, networkCode, type NetworkFailure } from './http';
import { CREDENTIAL_NAME } from './transport';
import { isLoopbackHost } from './url';

/**
 * Files off storage hosts (a call's recording): not API endpoints, so not the transport's
 * JSON, retries and error shapes, but the same care for the key. It is sent only to the
 * API's own origin, never to another host, and redirects are followed by hand, only to
 * https, each hop judged again. The body comes back as a stream, for the caller to count.
 */

export type FileContext = IExecuteFunctions | IPollFunctions;

const MAX_REDIRECTS = 5;

export interface RawResponse {
	statusCode: number;
	headers: IDataObject;
	body: unknown;
}

export interface FetchFileOptions {
	/** The API's origin: the key goes to a file there, and nowhere else. */
	withKeyOn: string | undefined;
	timeout: number;
	itemIndex: number;
	/** What the file is, for the messages ("recording"). */
	what: string;
}

/** Where a file may be fetched from: https, or plain http on this machine. */
function checkUrl(ctx: FileContext, raw: string, o: FetchFileOptions): URL {
	const node = ctx.getNode();
	const { itemIndex } = o;
	let url: URL;
	try {
		url = new URL(raw);
	} catch {
		throw new NodeOperationError(node, `The ${o.what} URL "${raw}" is not a valid URL`, {
			itemIndex,
		});
	}
	const local = url.protocol === 'http:' && isLoopbackHost(url.hostname);
	if (url.protocol !== 'https:' && !local) {
		throw new NodeOperationError(
			node,
			`The ${o.what} is not downloaded from ${url.origin}: only https addresses are followed`,
			{ itemIndex },
		);
	}
	return url;
}

/** Reads at most `limit` bytes of an error answer (an XML error of the storage host). */
export async function smallText(body: unknown, limit = 4096): Promise<string> {
	if (Buffer.isBuffer(body)) return body.subarray(0, limit).toString('utf8');
	if (typeof body === 'string') return body.slice(0, limit);
	if (!isStream(body)) return '';
	const parts: Buffer[] = [];
	let size = 0;
	for await (const chunk of body) {
		const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
		parts.push(buffer);
		size += buffer.length;
		if (size >= limit) break;
	}
	body.destroy();
	return Buffer.concat(parts).subarray(0, limit).toString('utf8');
}

/** Lets an answer's body go unread. */
export function discard(body: unknown) {
	if (isStream(body)) body.destroy();
}

const NETWORK_REASONS: Record<NetworkFailure, string> = {
	refused: 'the connection was refused',
	closed: 'the connection was closed before it answered',
	timeout: 'it did not answer in time',
	unresolved: 'its host name could not be resolved',
};

async function request(
	ctx: FileContext,
	url: URL,
	withKey: boolean,
	timeout: number,
	itemIndex: number,
	what: string,
): Promise<RawResponse> {
	const options: IHttpRequestOptions = {
		method: 'GET',
		url: url.toString(),
		encoding: 'stream',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		disableFollowRedirect: true,
		timeout,
	};
	try {
		const response = withKey
			? await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_NAME, options)
			: // Another origin: n8n's plain request helper, which adds no credential at all.
				await ctx.helpers.httpRequest(options);
		return response as RawResponse;
	} catch (error) {
		// Built from plain data: the helper's error would carry the request's headers. The reason
		// is in words: n8n replaces a whole message that holds a code such as ECONNRESET with
		// its own text, which drops the host.
		const kind = NETWORK_FAILURES[networkCode(error) ?? ''] as NetworkFailure | undefined;
		const reason = kind ? NETWORK_REASONS[kind] : 'the request failed';
		throw new NodeOperationError(
			ctx.getNode(),
			`The ${what} could not be downloaded from ${url.origin}: ${reason}`,
			{ itemIndex, description: (error as Error).message },
		);
	}
}

/**
 * GETs a file, following up to five redirects by hand (each hop checked again, never from
 * https to plain http). Returns the last answer, not yet read, and where it came from.
 */
export async function fetchFile(
	ctx: FileContext,
	address: string,
	o: FetchFileOptions,
): Promise<{ url: URL; response: RawResponse }> {
	const { itemIndex, what } = o;
	let url = checkUrl(ctx, address, o);
	for (let hop = 0; ; hop++) {
		const response = await request(
			ctx,
			url,
			url.origin === o.withKeyOn,
			o.timeout,
			itemIndex,
			what,
		);
		if (response.statusCode < 300 || response.statusCode >= 400) return { url, response };
		discard(response.body);
		const location = header(response.headers, 'location');
		if (!location || hop >= MAX_REDIRECTS) {
			throw new NodeOperationError(
				ctx.getNode(),
				`The ${what} host answered with a redirect (HTTP ${response.statusCode}) that was not followed`,
				{ itemIndex },
			);
		}
		const next = checkUrl(ctx, new URL(location, url).toString(), o);
		if (next.protocol !== 'https:' && url.protocol === 'https:') {
			throw new NodeOperationError(
				ctx.getNode(),
				`The ${what} host redirected from https to ${next.origin}, which is not followed`,
				{ itemIndex },
			);
		}
		url = next;
	}
}

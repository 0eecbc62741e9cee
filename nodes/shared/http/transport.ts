import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IHookFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { describeHttpFailure, describeNetworkFailure, redact, type ApiFailure } from './errors';
import {
	classifyFailure,
	type FailureKind,
	DEFAULT_RETRY,
	parseRetryAfter,
	requestKind,
	RETRY_POLICY,
	retryDelay,
	type RetrySettings,
} from './retryPolicy';
import { header, isStream, networkCode, type ByteStream } from './http';
import type { MultipartBody } from './multipart';
import { markNotSent } from '../engine/once';
import { paceOf, type WorkspacePace } from './pacer';
import { describeValue, isPlainObject, shapeError } from './shape';
import { LONE_SURROGATE_RE } from '../engine/validate';
import { endpointPathProblem, joinUrl, normaliseBaseUrl, originOf } from './url';

/** Every context a node of this package calls the API from. */
export type ApiContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IPollFunctions
	| IHookFunctions
	| IWebhookFunctions;

export const CREDENTIAL_NAME = 'voiceAgentApi';

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Endpoint path below the base URL, e.g. /calling/history. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	/** A multipart/form-data body (uploads), sent as built; instead of `body`. */
	form?: MultipartBody;
	/** The input item this request is for, so errors name it. */
	itemIndex?: number;
	/** Accept a JSON list as the answer (endpoints seen answering either form). */
	allowList?: boolean;
	/** Ask for the raw bytes (exports); JSON answers are still parsed. */
	binary?: boolean;
	/** With `binary`: the most bytes accepted; a larger answer is refused while it streams in. */
	maxBytes?: number;
	headers?: IDataObject;
	retry?: Partial<RetrySettings>;
	/** Request timeout in ms. */
	timeout?: number;
	/** Told about every rate-limited answer, so a batch can slow down as a whole. */
	onRateLimited?: (delayMs: number) => void;
	/** Credentials already read by the caller (saves decrypting them for every request). */
	credentials?: ApiCredentials;
	/** Awaited before every attempt (a batch's pacing gate), retries included. */
	beforeAttempt?: () => Promise<void>;
}

export interface ApiResponse<T = unknown> {
	statusCode: number;
	headers: IDataObject;
	body: T;
}

export type ApiCredentials = ICredentialDataDecryptedObject & {
	apiKey?: string;
	baseUrl?: string;
};

/** The credential, decrypted once; a batch passes it to every request it makes. */
export async function getApiCredentials(
	this: ApiContext,
	itemIndex?: number,
): Promise<ApiCredentials> {
	return (await this.getCredentials(CREDENTIAL_NAME, itemIndex)) as ApiCredentials;
}

function httpStatusOf(error: unknown): number | undefined {
	const e = error as { httpCode?: unknown; response?: { status?: unknown }; cause?: unknown };
	const code = Number(e?.httpCode ?? e?.response?.status);
	return Number.isInteger(code) && code >= 100 ? code : undefined;
}

function decodeBody(body: unknown, headers: IDataObject, binary: boolean): unknown {
	const type = header(headers, 'content-type') ?? '';
	// An empty answer (204, or 200 with no body) is an empty object.
	if (body === undefined || body === '' || (Buffer.isBuffer(body) && body.length === 0)) return {};
	if (Buffer.isBuffer(body)) {
		if (binary && !type.includes('json')) return body;
		const text = body.toString('utf8');
		try {
			return text === '' ? {} : JSON.parse(text);
		} catch {
			return text;
		}
	}
	if (typeof body === 'string' && type.includes('json')) {
		try {
			return JSON.parse(body);
		} catch {
			return body;
		}
	}
	return body;
}

function toNodeError(
	ctx: ApiContext,
	failure: ApiFailure,
	apiKey: string | undefined,
	itemIndex: number | undefined,
): NodeApiError {
	const message = redact(failure.message, apiKey);
	const description = redact(failure.description, apiKey);
	// Built from plain data only: the helper's own error carries request headers (the key).
	const response: JsonObject = { message, description };
	// Not `code`: NodeApiError would take it as a status and swap in its generic message.
	if (failure.code) response.serviceCode = failure.code;
	if (failure.status) response.httpCode = String(failure.status);
	return new NodeApiError(ctx.getNode(), response, {
		message,
		description,
		httpCode: failure.status ? String(failure.status) : undefined,
		itemIndex,
	});
}

/** Removes the key from an error body before any of it is cut or shown. */
function redactDeep(body: unknown, apiKey: string | undefined): unknown {
	if (!apiKey || apiKey.length < 4) return body;
	if (typeof body === 'string') return redact(body, apiKey);
	if (body === null || typeof body !== 'object' || Buffer.isBuffer(body)) return body;
	try {
		return JSON.parse(redact(JSON.stringify(body), apiKey)) as unknown;
	} catch {
		return {};
	}
}

/** A 3xx answer: never followed, since the key or a call's body would go along with it. */
function redirectError(
	ctx: ApiContext,
	status: number,
	location: string | undefined,
	baseUrl: string,
	request: ApiRequest,
): NodeApiError {
	const where = location ? (originOf(location, baseUrl) ?? 'an invalid address') : 'nowhere';
	const message = `The service answered ${request.method} ${request.path} with a redirect (HTTP ${status}) to ${where}`;
	const description =
		'Redirects are not followed, so the API key and the request never go anywhere but the Base URL. Check the Base URL of the Voice Agent API credential (scheme, host and path).';
	return new NodeApiError(
		ctx.getNode(),
		{ message, description },
		{
			message,
			description,
			httpCode: String(status),
			itemIndex: request.itemIndex,
		},
	);
}

/**
 * Defence in depth, whatever an operation built: the request stays on its endpoint (no "..",
 * ".", empty or unpaired-surrogate segments, which the HTTP client would resolve or choke on)
 * and carries no broken text in its query. Nothing is sent when either fails.
 */
function assertSafeRequest(ctx: ApiContext, request: ApiRequest, baseUrl: string): void {
	let problem = endpointPathProblem(request.path);
	if (!problem) {
		const basePath = new URL(baseUrl).pathname.replace(/\/+$/, '');
		const sent = new URL(joinUrl(baseUrl, request.path)).pathname;
		if (sent !== `${basePath}${request.path}`) problem = `it resolves to ${sent}`;
	}
	const badQuery = Object.entries(request.qs ?? {}).find(([, value]) =>
		(Array.isArray(value) ? value : [value]).some(
			(v) => typeof v === 'string' && LONE_SURROGATE_RE.test(v),
		),
	);
	if (!problem && badQuery) {
		problem = `the query parameter ${badQuery[0]} contains an unpaired surrogate character`;
	}
	if (problem) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Refused to send ${request.method} ${request.path.replace(LONE_SURROGATE_RE, '\uFFFD')}: ${problem}`,
			{
				itemIndex: request.itemIndex,
				description:
					'The request would not reach the endpoint it names. Check the IDs and text of this item. No request was sent.',
			},
		);
	}
}

/** Reads a streamed answer up to request.maxBytes; a larger one is cut off and refused. */
async function readCapped(
	ctx: ApiContext,
	response: { headers: IDataObject; body: unknown },
	request: ApiRequest,
	apiKey: string | undefined,
): Promise<Buffer> {
	const stream = response.body as ByteStream;
	const limit = request.maxBytes ?? Number.POSITIVE_INFINITY;
	const tooLarge = (size: string) => {
		stream.destroy();
		return new NodeOperationError(
			ctx.getNode(),
			`The answer to ${request.method} ${request.path} is larger than the limit of ${limit} bytes (${size})`,
			{
				itemIndex: request.itemIndex,
				description:
					'Nothing was kept. Raise the size limit in the options, or narrow the request (filters, fewer records).',
			},
		);
	};
	const declared = Number(header(response.headers ?? {}, 'content-length'));
	if (Number.isFinite(declared) && declared > limit) throw tooLarge(`${declared} bytes announced`);
	const chunks: Buffer[] = [];
	let size = 0;
	try {
		for await (const chunk of stream) {
			const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
			size += bytes.length;
			if (size > limit) break;
			chunks.push(bytes);
		}
	} catch (error) {
		const failure = describeNetworkFailure(networkCode(error) ?? 'ECONNRESET', true);
		throw toNodeError(ctx, failure, apiKey, request.itemIndex);
	}
	if (size > limit) throw tooLarge(`more than ${limit} bytes received`);
	return Buffer.concat(chunks);
}

/** The credential of a request and its checked Base URL; nothing is sent with a bad one. */
async function resolveBase(
	ctx: ApiContext,
	request: ApiRequest,
): Promise<{ credentials: ApiCredentials; baseUrl: string }> {
	const credentials = request.credentials ?? (await getApiCredentials.call(ctx, request.itemIndex));
	const base = normaliseBaseUrl(credentials.baseUrl);
	if ('reason' in base) {
		throw new NodeOperationError(ctx.getNode(), `Voice Agent API credential: ${base.reason}`, {
			description: 'Edit the Base URL of the credential.',
			itemIndex: request.itemIndex,
		});
	}
	assertSafeRequest(ctx, request, base.url);
	return { credentials, baseUrl: base.url };
}

/** n8n's request options for one API request: JSON, multipart or binary, never redirected. */
function httpOptions(request: ApiRequest, baseUrl: string): IHttpRequestOptions {
	const options: IHttpRequestOptions = {
		method: request.method,
		url: joinUrl(baseUrl, request.path),
		qs: request.qs,
		body: request.body,
		json: !request.binary,
		headers: { Accept: 'application/json', ...request.headers },
		arrayFormat: 'repeat',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: request.timeout ?? 60000,
		// Redirects come back as answers and are refused: the key never follows one.
		disableFollowRedirect: true,
	};
	// With a size limit the answer is streamed and counted, never buffered whole first.
	if (request.binary) options.encoding = request.maxBytes ? 'stream' : 'arraybuffer';
	if (request.body !== undefined) {
		options.headers = { ...options.headers, 'Content-Type': 'application/json' };
	}
	if (request.form) {
		// Sent as bytes with its own boundary; the JSON answer is parsed by decodeBody.
		options.body = request.form.body;
		options.json = false;
		options.headers = { ...options.headers, 'Content-Type': request.form.contentType };
	}
	return options;
}

/** What one attempt came to: an answer to return, or a failure to retry or report. */
type Attempt<T> =
	| { done: ApiResponse<T> }
	| { failure: ApiFailure; failureKind: FailureKind | undefined; retryAfterMs?: number };

type RawResponse = { statusCode: number; headers: IDataObject; body: unknown };

/** One attempt of a request: sent once, its answer read (capped), checked and classified. */
async function attemptOnce<T>(
	ctx: ApiContext,
	request: ApiRequest,
	options: IHttpRequestOptions,
	credentials: ApiCredentials,
	baseUrl: string,
): Promise<Attempt<T>> {
	const policy = RETRY_POLICY[requestKind(request.method, request.path)];
	let response: RawResponse;
	try {
		response = (await ctx.helpers.httpRequestWithAuthentication.call(
			ctx,
			CREDENTIAL_NAME,
			{ ...options },
			// Hand over what was read above, so n8n does not decrypt the credential again.
			{ credentialsDecrypted: { id: '', name: '', type: CREDENTIAL_NAME, data: credentials } },
		)) as RawResponse;
	} catch (error) {
		const status = httpStatusOf(error);
		const code = networkCode(error);
		const failureKind = classifyFailure(status, code);
		const final = failureKind !== undefined && !policy[failureKind];
		return {
			failureKind,
			failure:
				status !== undefined
					? describeHttpFailure(status, undefined, final)
					: describeNetworkFailure(code, final),
		};
	}
	if (isStream(response.body)) {
		response.body = await readCapped(ctx, response, request, credentials.apiKey);
	}
	const headers = response.headers ?? {};
	const body = decodeBody(response.body, headers, Boolean(request.binary));
	if (response.statusCode >= 300 && response.statusCode < 400) {
		throw redirectError(ctx, response.statusCode, header(headers, 'location'), baseUrl, request);
	}
	if (response.statusCode < 300) {
		if (!request.binary && !isPlainObject(body) && !(request.allowList && Array.isArray(body))) {
			throw shapeError(
				ctx.getNode(),
				`${request.method} ${request.path}`,
				`should be a JSON object but is ${describeValue(body)}`,
				request.itemIndex,
			);
		}
		return { done: { statusCode: response.statusCode, headers, body: body as T } };
	}
	const failureKind = classifyFailure(response.statusCode);
	return {
		failureKind,
		failure: describeHttpFailure(
			response.statusCode,
			redactDeep(body, credentials.apiKey),
			failureKind !== undefined && !policy[failureKind],
		),
		retryAfterMs:
			response.statusCode === 429 || response.statusCode === 503
				? parseRetryAfter(header(headers, 'retry-after'))
				: undefined,
	};
}

/**
 * One attempt through the workspace's pace (pacer.ts): it leaves when the pace lets it, and
 * its answer moves the pace. A Retry-After beyond what is waited for is the endpoint's own
 * limit (knowledge bases: per hour), reported on this request only: it pauses nothing else.
 */
async function pacedAttempt<T>(
	pace: WorkspacePace,
	settings: RetrySettings,
	before: (() => Promise<void>) | undefined,
	attempt: () => Promise<Attempt<T>>,
): Promise<Attempt<T> & { pauseMs?: number }> {
	const slot = await pace.acquire();
	let outcome: Attempt<T> | undefined;
	try {
		// The caller's own gate after the workspace's: a batch that times its answers from
		// here (Start's spreading) does not count the workspace's pause as answer time.
		await before?.();
		outcome = await attempt();
	} finally {
		// Thrown (a redirect, an answer of the wrong shape): the slot is freed all the same.
		if (outcome === undefined) pace.dropped();
	}
	if ('done' in outcome) pace.answered();
	else if (outcome.failureKind !== 'rateLimited') pace.dropped();
	else if ((outcome.retryAfterMs ?? 0) > settings.maxRetryAfterMs) pace.dropped();
	else return { ...outcome, pauseMs: pace.limited(slot, outcome.retryAfterMs) };
	return outcome;
}

/**
 * How this package calls every API endpoint: joins URL, authenticates through the credential,
 * sends and parses JSON, retries by RETRY_POLICY and maps every failure to a NodeApiError.
 * A 429 is sent again after the workspace's pause for as long as settings.rateLimitedForMs
 * allows; every other failure at most settings.maxAttempts times.
 * (Recordings are files on storage hosts, not endpoints: recording.ts fetches them, sending
 * the key only where a recording is on the API's own origin.)
 */
export async function apiRequestFull<T = unknown>(
	this: ApiContext,
	request: ApiRequest,
): Promise<ApiResponse<T>> {
	const { credentials, baseUrl } = await resolveBase(this, request);
	const settings = { ...DEFAULT_RETRY, ...request.retry };
	const policy = RETRY_POLICY[requestKind(request.method, request.path)];
	const options = httpOptions(request, baseUrl);
	const pace = paceOf(this, baseUrl, credentials.apiKey);
	let failures = 0;
	let refusals = 0;
	let refusedSince = 0;
	for (;;) {
		const outcome = await pacedAttempt(pace, settings, request.beforeAttempt, async () =>
			attemptOnce<T>(this, request, options, credentials, baseUrl),
		);
		if ('done' in outcome) return outcome.done;
		const { failure, failureKind, retryAfterMs, pauseMs } = outcome;
		let giveUp: boolean;
		let delay = 0;
		if (failureKind === 'rateLimited') {
			if (refusals++ === 0) refusedSince = Date.now();
			delay = pauseMs ?? retryAfterMs ?? 0;
			// Only a pause the workspace takes holds the batch: not an endpoint's hour-long one.
			if (pauseMs !== undefined) request.onRateLimited?.(delay);
			giveUp =
				pauseMs === undefined ||
				settings.maxAttempts <= 1 ||
				refusals >= settings.maxRateLimited ||
				Date.now() + delay - refusedSince >= settings.rateLimitedForMs;
		} else {
			failures++;
			delay = retryDelay(failures, settings, retryAfterMs);
			const retryable = failureKind !== undefined && policy[failureKind];
			giveUp = !retryable || failures >= settings.maxAttempts || delay > settings.maxRetryAfterMs;
		}
		if (giveUp) {
			const refused =
				refusals > 1
					? `${failure.description} It was refused ${refusals} times over ${Math.round((Date.now() - refusedSince) / 1000)} s, each time after the pause the service asked for.`
					: failure.description;
			const error = toNodeError(
				this,
				{ ...failure, description: refused },
				credentials.apiKey,
				request.itemIndex,
			);
			// A 429 or a connection that never opened proves the request did nothing.
			if (failureKind === 'rateLimited' || failureKind === 'notSent') markNotSent(error);
			throw error;
		}
		// After a 429 the pace holds this request (and every other) until its pause is over.
		if (failureKind !== 'rateLimited') await sleep(delay);
	}
}

/** apiRequestFull, returning only the parsed JSON body. */
export async function apiRequest(this: ApiContext, request: ApiRequest): Promise<IDataObject> {
	const response = await apiRequestFull.call(this, request);
	return (response.body ?? {}) as IDataObject;
}

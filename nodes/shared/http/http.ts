/**
 * Small helpers over raw HTTP answers, shared by the API transport and the recording download
 * (the two places that read responses n8n's request helper hands back unparsed).
 */
import type { IDataObject } from 'n8n-workflow';

/** A header's value whatever its case in the answer; the first of repeated ones. */
export function header(headers: IDataObject, name: string): string | undefined {
	const value = headers[name] ?? headers[name.toLowerCase()];
	if (value === undefined || value === null) return undefined;
	return Array.isArray(value) ? String(value[0]) : String(value);
}

/** A streamed answer body (a Node.js readable, as the request helper returns with encoding: 'stream'). */
export type ByteStream = NodeJS.ReadableStream &
	AsyncIterable<Buffer | string> & { destroy(error?: Error): void };

export function isStream(body: unknown): body is ByteStream {
	return (
		typeof body === 'object' &&
		body !== null &&
		typeof (body as { destroy?: unknown }).destroy === 'function' &&
		Symbol.asyncIterator in body
	);
}

/** The network error code (ECONNREFUSED, ...) behind whatever the request helper threw. */
export function networkCode(error: unknown): string | undefined {
	// The request helper wraps socket errors in a NodeApiError whose httpCode holds the code.
	let current = error as
		| { code?: unknown; httpCode?: unknown; errorResponse?: unknown; cause?: unknown }
		| undefined;
	for (let depth = 0; current && depth < 5; depth++) {
		for (const value of [current.code, current.httpCode]) {
			if (typeof value === 'string' && /^E[A-Z_]+$/.test(value)) return value;
		}
		current = (current.cause ?? current.errorResponse) as typeof current;
	}
	return undefined;
}

/** What a network error code means: one table, worded by each caller for its own host. */
export type NetworkFailure = 'refused' | 'closed' | 'timeout' | 'unresolved';

export const NETWORK_FAILURES: Readonly<Record<string, NetworkFailure>> = {
	ECONNREFUSED: 'refused',
	ECONNRESET: 'closed',
	EPIPE: 'closed',
	ETIMEDOUT: 'timeout',
	ECONNABORTED: 'timeout',
	ENOTFOUND: 'unresolved',
	EAI_AGAIN: 'unresolved',
};
